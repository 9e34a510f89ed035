/**
 * When a surface acknowledges a press before answering it, the same for every surface:
 * a chat's button (Discord's deferred update) and the Activity's page (its `ack` frame).
 * Discord gives an interaction 3 seconds, but a player feels anything past a tenth of
 * one. Most steps take milliseconds and are answered in one call; one still running
 * after ACK_BUDGET_MS (a busy table or database) is acknowledged first ("thinking…")
 * and answered when done.
 */
export const ACK_BUDGET_MS = 100;

/** When many steps are already waiting for the database (`CommitAndPublish.inFlight`), acknowledge before queueing. */
export const BUSY_STEPS = 8;

export async function ackIfSlow<T>(
  work: Promise<T>,
  defer: () => Promise<unknown>,
): Promise<{ work: Promise<T>; deferred: boolean }> {
  let timer: NodeJS.Timeout | undefined;
  const slow = new Promise<true>((resolve) => {
    timer = setTimeout(() => resolve(true), ACK_BUDGET_MS);
  });
  const tooSlow = await Promise.race([
    work.then(
      () => false,
      () => false,
    ),
    slow,
  ]);
  clearTimeout(timer);
  if (tooSlow) await defer();
  return { work, deferred: tooSlow };
}
