import type { Frame, Page } from 'playwright-core';
import type { ServerFrame, TableFrame } from '../../src/activity/frames.ts';

/** A face-up card's text alternative ("A♠", "10♥"): a face-down one reads otherwise. */
export const CARD_TEXT = /^(10|[2-9JQKA])[♣♦♥♠]$/;

/**
 * Every frame the Activity's socket brought to `page`, in order, as the browser got them
 * (Playwright sees the framed page's WebSocket): what a receiver was sent, not what it drew.
 */
export function recordFrames(page: Page): ServerFrame[] {
  const frames: ServerFrame[] = [];
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => frames.push(JSON.parse(String(payload)) as ServerFrame));
  });
  return frames;
}

/** The tables of those frames (snapshots and updates), oldest first. */
export const tablesIn = (frames: readonly ServerFrame[]): TableFrame[] =>
  frames.flatMap((f) => ((f.type === 'snapshot' || f.type === 'update') && f.table ? [f.table] : []));

/**
 * Watches the framed page's DOM from before its first script runs: each time anything
 * changes, every face-up card inside a seat other than `mine` (`[data-seat]`, a card read
 * by its text alternative) is written down with the seat's id. Read with `faceUpSeen`.
 * A spectator has no seat of its own: any such card is one it must never see.
 */
export async function watchSeatsFaceUp(page: Page, mine: string | null): Promise<void> {
  // Run in the browser (this project's types know no DOM): the framed page only.
  await page.addInitScript(`(() => {
    if (window === window.top) return;
    const mine = ${JSON.stringify(mine)};
    const cardText = new RegExp(${JSON.stringify(CARD_TEXT.source)});
    const seen = (window.faceUpSeen = []);
    const look = () => {
      for (const seat of document.querySelectorAll('[data-seat]')) {
        if (seat.dataset.seat === mine) continue;
        for (const node of seat.querySelectorAll('[aria-label]')) {
          const label = node.getAttribute('aria-label') ?? '';
          if (cardText.test(label)) seen.push(seat.dataset.seat + ': ' + label);
        }
      }
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
  })();`);
}

/** The Activity's own frame inside the stand-in client (not the host page). */
export function activityFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f !== page.mainFrame());
  if (!frame) throw new Error('the host page frames no Activity');
  return frame;
}

/** What `watchSeatsFaceUp` wrote down so far. */
export function faceUpSeen(page: Page): Promise<string[]> {
  return activityFrame(page).evaluate<string[]>('window.faceUpSeen ?? []');
}
