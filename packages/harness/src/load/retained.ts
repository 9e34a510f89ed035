import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LocalDiscord, noRateLimits, titleOf } from '@guts/local-discord';
import { Rng } from 'guts/src/cards/rng.ts';
import { LoadPlayers } from './players.ts';
import { type BotProcess, measuredBot, prepareRun, startBot } from './soak.ts';

/** The bot's REST sweep in this run: a minute in production. */
const REST_SWEEP_MS = 2_000;
/** Tables opened and dealt before the measure, so that the measure is what one more table costs. */
const WARM_TABLES = 40;

/**
 * What an open table with a deal under way costs the bot's heap: the bot (a process of
 * its own, see soak-bot.ts) plays one game and opens WARM_TABLES tables to warm up, then
 * `tables` more tables of three open and deal, and nobody presses (a 300 s countdown): the growth of the bot thread's
 * heap after a collection, over the tables. It counts everything a table holds there:
 * its state and cards, message ids, players' token handles and private messages.
 */
export async function retainedPerTable(tables: number): Promise<{
  bytesPerTable: number;
  tokensHeld: number;
  restHandlers: number;
  heapBeforeBytes: number;
  heapAfterBytes: number;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'guts-retained-'));
  const dbUrl = `file:${join(dir, 'retained.db')}`;
  const discord = new LocalDiscord({ rateLimits: noRateLimits });
  const { restBase } = await discord.start();
  let bot: BotProcess | null = null;
  try {
    await prepareRun(discord, restBase, dbUrl);
    const guild = discord.createGuild({ name: 'retained' });
    const table = (t: number) => ({
      channel: discord.createChannel(guild, { name: `table-${t}` }),
      players: Array.from({ length: 3 }, (_, p) => discord.createUser({ name: `p${t}-${p}`, guilds: [guild] })),
    });
    bot = await startBot({ ...measuredBot(discord, restBase, dbUrl), restHandlerSweepMs: REST_SWEEP_MS });
    // One game first: what every table shares (code, caches, connections) is then in place.
    const players = new LoadPlayers(discord, Rng.fromSeed(7));
    await players
      .play([table(0)], { dealsPerTable: 2, startWithinMs: 0, pressWithinMs: 100, timer: 30 })
      .finally(() => players.close());
    // Then a first batch of tables like the measured ones: the code their paths compile
    // (bytecode, optimised code, feedback) was most of what a first batch seemed to cost.
    const open = (from: number, count: number) =>
      Promise.all(
        Array.from({ length: count }, async (_, t) => {
          const { channel, players } = table(from + t);
          const [host, ...others] = players as [(typeof players)[number], ...typeof players];
          const lobby = await discord
            .runCommand(host, channel, 'guts', { subcommand: 'start', options: { variant: 'three-card', timer: 300 } })
            .response(60_000);
          for (const p of others) await discord.pressButton(p, lobby, 'Join').response(60_000);
          await discord.pressButton(host, lobby, 'Deal').acknowledged(60_000);
          while (!discord.channelMessages(channel).some((m) => /: deal 1$/.test(titleOf(m)))) await sleep(200);
        }),
      );
    await open(1, WARM_TABLES);
    await sleep(3_000 + 2 * REST_SWEEP_MS);
    const before = await bot.ask('sample');
    await open(1 + WARM_TABLES, tables);
    // The players' private messages go out, then the REST queues of routes gone quiet are
    // swept, as they are a minute into any deal nobody presses in (the bot's sweep, sooner).
    await sleep(3_000 + 2 * REST_SWEEP_MS);
    const after = await bot.ask('sample');
    const heapBeforeBytes = before.heaps.main ?? 0;
    const heapAfterBytes = after.heaps.main ?? 0;
    return {
      bytesPerTable: Math.round((heapAfterBytes - heapBeforeBytes) / tables),
      tokensHeld: after.caches.tokens?.size ?? 0,
      restHandlers: after.rest.handlers,
      heapBeforeBytes,
      heapAfterBytes,
    };
  } finally {
    // The run's figures are on stdout; a bot that would not stop is said beside them.
    await bot?.stop().catch((err: unknown) => process.stderr.write(`bot did not stop cleanly: ${String(err)}\n`));
    await discord.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
