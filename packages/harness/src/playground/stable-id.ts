import { createHash } from 'node:crypto';

/**
 * A snowflake-shaped id that is the same on every run for the same name, so the
 * playground's server, channel and people keep their ids and the ledger file's
 * balances and pots carry over from one run to the next.
 */
export function stableId(name: string): string {
  const hash = BigInt(`0x${createHash('sha256').update(name).digest('hex').slice(0, 15)}`);
  return (2n ** 60n + hash).toString(); // 19 digits, like a real snowflake
}
