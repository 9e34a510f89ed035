import { retainedPerTable } from '../load/retained.ts';
import { retainedPerToken } from '../load/retained-tokens.ts';
import type { Bench } from './types.ts';

/**
 * What the bot keeps alive: `token-bytes`, heap bytes per live token handle (target 1 KB;
 * beside it what each discord.js interaction would cost kept whole), and `table-bytes`,
 * heap bytes per open table with a deal under way (target 20 KB), both after a full
 * collection (see load/retained-tokens.ts and load/retained.ts).
 */
export const benches: Bench[] = [
  {
    name: 'retained',
    results: ['token-bytes', 'table-bytes'],
    async run() {
      const tokens = await retainedPerToken(4_000);
      const tables = 50;
      const perTable = await retainedPerTable(tables);
      return [
        {
          name: 'token-bytes',
          bytes: tokens.bytesPerToken,
          interactionBytes: tokens.bytesPerInteraction,
          tokens: 4_000,
          target: { bytes: 1024 },
        },
        {
          name: 'table-bytes',
          bytes: perTable.bytesPerTable,
          tables,
          playersPerTable: 3,
          tokensHeld: perTable.tokensHeld,
          restHandlers: perTable.restHandlers,
          heapMb: {
            before: Math.round((perTable.heapBeforeBytes / 1024 ** 2) * 10) / 10,
            after: Math.round((perTable.heapAfterBytes / 1024 ** 2) * 10) / 10,
          },
          target: { bytes: 20 * 1024 },
        },
      ];
    },
  },
];
