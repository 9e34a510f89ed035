import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiscord, noRateLimits } from '@guts/local-discord';
import { ActivityPlayer, LOAD_ACTIVITY_LIMITS } from './activity-players.ts';
import { type BotProcess, measuredBot, prepareRun, startBot } from './soak.ts';
import type { BotSample } from './soak-bot.ts';

/** Players connected and gone again before the measure: the code their paths compile is then in place. */
const WARM_PLAYERS = 50;
const CONNECTING = 20;

export interface ActivityMemoryResult {
  players: number;
  channels: number;
  /** The bot thread's heap after a full collection, per connected player. */
  heapBytesPerPlayer: number;
  /** Memory outside the heap its objects hold (socket buffers), after that collection, per player. */
  externalBytesPerPlayer: number;
  /** The bot process's resident memory, per player (every thread, and what V8 keeps committed). */
  residentBytesPerPlayer: number;
  before: { heapMb: number; residentMb: number };
  after: { heapMb: number; residentMb: number };
}

const mb = (bytes: number) => Math.round((bytes / 1024 ** 2) * 10) / 10;

/**
 * What a player connected to the Activity costs the bot: the bot in a process of its own
 * (soak-bot.ts, started with --expose-gc) serves the Activity; `channels` channels each
 * have a lobby open; `players` players, spread over them, sign in as the page does and
 * keep their WebSocket open (the snapshot received). The bot's heap after a collection,
 * its external memory and its resident memory, before and after, over the players. The
 * players' own sockets live in this process, not the bot's.
 */
export async function activityMemoryPerPlayer(players: number, channels: number): Promise<ActivityMemoryResult> {
  const dir = mkdtempSync(join(tmpdir(), 'guts-activity-memory-'));
  const dbUrl = `file:${join(dir, 'memory.db')}`;
  const discord = new LocalDiscord({ rateLimits: noRateLimits });
  const { restBase } = await discord.start();
  let bot: BotProcess | null = null;
  const connected: ActivityPlayer[] = [];
  try {
    await prepareRun(discord, restBase, dbUrl);
    const guild = discord.createGuild({ name: 'activity-memory' });
    const rooms = Array.from({ length: channels }, (_, c) => discord.createChannel(guild, { name: `table-${c}` }));
    bot = await startBot({
      ...measuredBot(discord, restBase, dbUrl),
      activity: { clientSecret: discord.clientSecret, limits: LOAD_ACTIVITY_LIMITS },
    });
    const base = `http://127.0.0.1:${(await bot.ask('sample')).activityPort}`;
    // A lobby in every channel: each page's snapshot shows a table.
    await Promise.all(
      rooms.map(async (channel, c) => {
        const host = discord.createUser({ name: `host-${c}` });
        await discord
          .runCommand(host, channel, 'guts', { subcommand: 'start', options: { variant: 'three-card', timer: 300 } })
          .response(60_000);
      }),
    );
    // CONNECTING at a time, as pages opening one after another do (a thousand at once only
    // measures how many requests one HTTP server takes in the same millisecond).
    const connect = async (count: number, name: string) => {
      const out: ActivityPlayer[] = [];
      let next = 0;
      const worker = async () => {
        for (let p = next++; p < count; p = next++) {
          const user = discord.createUser({ name: `${name}-${p}` });
          const player = await ActivityPlayer.connect(discord, base, user, rooms[p % channels] as { id: string });
          await player.until((table) => table !== null);
          out.push(player);
        }
      };
      await Promise.all(Array.from({ length: CONNECTING }, worker));
      return out;
    };
    const warm = await connect(WARM_PLAYERS, 'warm');
    await Promise.all(warm.map((p) => p.close()));
    const before: BotSample = await bot.ask('sample');
    connected.push(...(await connect(players, 'player')));
    const after: BotSample = await bot.ask('sample');
    const heap = (s: BotSample) => s.threads.main?.heapUsed ?? 0;
    const external = (s: BotSample) => s.threads.main?.external ?? 0;
    return {
      players,
      channels,
      heapBytesPerPlayer: Math.round((heap(after) - heap(before)) / players),
      externalBytesPerPlayer: Math.round((external(after) - external(before)) / players),
      residentBytesPerPlayer: Math.round((after.rssBytes - before.rssBytes) / players),
      before: { heapMb: mb(heap(before)), residentMb: mb(before.rssBytes) },
      after: { heapMb: mb(heap(after)), residentMb: mb(after.rssBytes) },
    };
  } finally {
    await Promise.all(connected.map((p) => p.close()));
    // The run's figures are on stdout; a bot that would not stop is said beside them.
    await bot?.stop().catch((err: unknown) => process.stderr.write(`bot did not stop cleanly: ${String(err)}\n`));
    await discord.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
