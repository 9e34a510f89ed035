import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiscord } from '@guts/local-discord';
import type { APIMessage } from 'discord-api-types/v10';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, type OpenDatabase, openDatabase } from '../../src/db/index.ts';
import { findTable } from '../../src/db/table-store.ts';
import type { GameState } from '../../src/engine/index.ts';
import { auditLedger } from '../../src/ledger/index.ts';
import { type RestProxy, startRestProxy } from '../../src/shards/rest-proxy.ts';
import { backends } from '../support/backends.ts';

/**
 * The bot scaled out on one machine: `guts start` with SHARD_COUNT=2 (the sharding
 * manager and one process per shard) against a local Discord with two shards, every
 * process's REST through one `guts rest-proxy`. A game on a server of each shard at
 * once; one shard's process is SIGKILLed mid-deal; the manager starts it again, it
 * resumes its table, and both games reach their results with the ledger balanced. Then
 * a deploy: SIGTERM mid-deal stops everything within 10 s, and the next manager
 * resumes both tables with the press made before it.
 */

const postgres = backends.find((b) => b.name === 'postgres');
const databases = [
  { name: 'SQLite', url: async (dir: string) => `file:${join(dir, 'guts.db')}` },
  ...(postgres ? [{ name: 'Postgres', url: () => postgres.freshUrl() }] : []),
];

interface LogLine {
  msg?: string;
  pid?: number;
  shard?: number[];
}

/** `node bin/guts.js start` with SHARD_COUNT: the manager; its children log to the same stdout. */
class Launcher {
  readonly lines: LogLine[] = [];
  readonly child: ChildProcess;
  constructor(env: NodeJS.ProcessEnv) {
    this.child = spawn(process.execPath, ['bin/guts.js', 'start'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let buffer = '';
    this.child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      for (const part of parts) {
        try {
          this.lines.push(JSON.parse(part) as LogLine);
        } catch {
          // not a log line
        }
      }
    });
  }

  /** The processes that have served `shard`, oldest first (pids). */
  serving(shard: number): number[] {
    return this.lines.filter((l) => l.msg === 'shard serving' && l.shard?.[0] === shard).map((l) => l.pid as number);
  }

  async waitServing(shard: number, count: number, timeoutMs = 60_000): Promise<number> {
    const end = Date.now() + timeoutMs;
    while (this.serving(shard).length < count) {
      if (this.child.exitCode !== null) throw new Error(`the manager exited with ${this.child.exitCode}`);
      if (Date.now() > end) throw new Error(`shard ${shard} did not come up (${count})`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return this.serving(shard)[count - 1] as number;
  }
}

function hasButton(components: unknown, suffix: string): boolean {
  if (!Array.isArray(components)) return false;
  return components.some((c: { custom_id?: string; components?: unknown; accessory?: { custom_id?: string } }) => {
    if (c.custom_id?.endsWith(suffix) || c.accessory?.custom_id?.endsWith(suffix)) return true;
    return hasButton(c.components, suffix);
  });
}

/** How long a press may take to be answered: a restarted shard process boots and resumes first, on a busy machine. */
const PRESS_MS = 40_000;

describe.each(databases)('SHARD_COUNT=2 on $name', (database) => {
  let discord: LocalDiscord | undefined;
  let proxy: RestProxy | undefined;
  let launcher: Launcher | undefined;
  let db: OpenDatabase | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'guts-shards-'));
  afterEach(async () => {
    if (launcher && launcher.child.exitCode === null) launcher.child.kill('SIGKILL');
    // Its shard processes too: after a failure they would go on beside the next tests.
    for (const pid of launcher ? [...launcher.serving(0), ...launcher.serving(1)] : []) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await proxy?.close();
    await db?.close();
    await discord?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('plays a game on each shard at once, survives a SIGKILL of one shard process mid-deal, settles each deal once', async () => {
    discord = new LocalDiscord({ shards: 2 });
    const { restBase } = await discord.start();
    const local = discord;
    const owner = local.createUser({ name: 'owner' });
    const servers = [0, 1].map((shard) => {
      const guild = local.createGuild({ name: `night ${shard}`, owner, shard: [shard, 2] });
      return { shard, guild, channel: local.createChannel(guild, { name: 'poker' }) };
    });
    const players = ['ann', 'bob', 'cat'].map((name) => local.createUser({ name }));
    const [ann, bob, cat] = players as [(typeof players)[0], (typeof players)[0], (typeof players)[0]];

    const url = await database.url(dir);
    db = openDatabase(url);
    await migrateToLatest(db.db);
    proxy = await startRestProxy({ port: 0, host: '127.0.0.1', upstream: restBase });
    const env = {
      ...process.env,
      DISCORD_TOKEN: local.bot.token,
      DISCORD_API_URL: proxy.url,
      DATABASE_URL: url,
      LOG_LEVEL: 'info',
      GUILD_ID: '',
    };
    const deploy = spawn(process.execPath, ['bin/guts.js', 'deploy-commands'], { env, stdio: 'ignore' });
    expect(await new Promise((resolve) => deploy.once('exit', resolve))).toBe(0);

    launcher = new Launcher({ ...env, SHARD_COUNT: '2' });
    const first = [await launcher.waitServing(0, 1), await launcher.waitServing(1, 1)];
    expect(new Set(first).size).toBe(2); // one process per shard

    /**
     * A Stay on the table card by someone whose cards a restarted shard never showed (it
     * lost the interaction tokens) shows the cards instead of committing (nobody chooses
     * blind); the Stay pressed on those cards counts. Returns the answer that counted.
     */
    const stayOnSeenCards = async (player: (typeof players)[0], table: APIMessage) => {
      const answer = await local.pressButton(player, table, 'Stay').response(PRESS_MS);
      return hasButton(answer.components, ':stay')
        ? local.pressButton(player, answer, 'Stay').response(PRESS_MS)
        : answer;
    };
    const tableMessage = (channel: { id: string }) =>
      local.waitForMessage(channel, (m: APIMessage) => hasButton(m.components, ':stay'), { timeoutMs: 20_000 });
    // Both servers open, seat and deal at once; Ann and Bob stay; Cat has not chosen yet.
    const tables = await Promise.all(
      servers.map(async ({ channel }) => {
        const lobby = await local
          .runCommand(ann, channel, 'guts', {
            subcommand: 'start',
            options: { variant: 'three-card', ante: 4, timer: 120 },
          })
          .response(PRESS_MS);
        for (const p of [bob, cat]) await local.pressButton(p, lobby, 'Join').response(PRESS_MS);
        await local.pressButton(ann, lobby, 'Deal').acknowledged(20_000);
        const table = await tableMessage(channel);
        for (const p of [ann, bob]) await local.pressButton(p, table, 'Stay').response(PRESS_MS);
        return table;
      }),
    );
    const [table0, table1] = tables as [APIMessage, APIMessage];

    // Shard 1's process dies mid-deal, as a power cut would.
    const victim = launcher.serving(1)[0] as number;
    process.kill(victim, 'SIGKILL');
    // Shard 0 plays on meanwhile: Cat stays there, the deal settles.
    await local.pressButton(cat, table0, 'Stay').response(PRESS_MS);

    // The manager starts shard 1 again; the new process resumes the table and takes Cat's press.
    const respawned = await launcher.waitServing(1, 2);
    expect(respawned).not.toBe(victim);
    expect(launcher.serving(0)).toHaveLength(1); // shard 0 was never restarted
    // The restarted shard has no token for Cat's cards: her first Stay shows them (nobody
    // chooses blind), and the Stay she presses on them counts.
    expect((await stayOnSeenCards(cat, table1)).flags ?? 0).toBe(64);

    const open = db.db;
    /** Waits until `deals` deals settled at the channel's table and none of them is under way; each deal's count of settlements. */
    const settlements = async (guildId: string, channelId: string, deals: number) => {
      const end = Date.now() + 30_000;
      for (;;) {
        const table = await findTable(open, guildId, channelId);
        const steps = await open
          .selectFrom('game_steps')
          .select(['events', 'deal_no'])
          .where('table_id', '=', table?.id ?? -1)
          .execute();
        const byDeal = new Map<number, number>();
        for (const step of steps) {
          const ends = (JSON.parse(step.events) as { type: string }[]).filter((e) => e.type === 'DealEnded').length;
          if (ends) byDeal.set(step.deal_no, (byDeal.get(step.deal_no) ?? 0) + ends);
        }
        const total = [...byDeal.values()].reduce((a, b) => a + b, 0);
        // The next deal starts by itself 8 s after a result: under way is fine, the last one awaited is not.
        const state = table?.state as GameState | undefined;
        const awaitedUnderWay = state?.phase === 'deal' && state.dealNo <= deals;
        if (total >= deals && !awaitedUnderWay) {
          return [...byDeal.entries()].sort((a, b) => a[0] - b[0]);
        }
        if (Date.now() > end) throw new Error(`${deals} deals did not settle in ${channelId}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    for (const { guild, channel } of servers) {
      expect(await settlements(guild.id, channel.id, 1)).toEqual([[1, 1]]);
      // The result reached the channel.
      await local.waitForMessage(channel, (m: APIMessage) => /deal 1 result/i.test(JSON.stringify(m)), {
        timeoutMs: 20_000,
      });
    }
    expect((await auditLedger(open)).problems).toEqual([]);

    // Deal 2 starts by itself on both servers; Ann stays in each: both shards are mid-deal.
    const deal2 = await Promise.all(
      servers.map(async ({ channel }) => {
        const table = await local.waitForMessage(channel, (m: APIMessage) => hasButton(m.components, ':2:stay'), {
          timeoutMs: 30_000,
        });
        await stayOnSeenCards(ann, table);
        return table;
      }),
    );

    // SIGTERM to the manager (a deploy) stops every shard process within 10 s, mid-deal.
    const stopAll = async (l: Launcher) => {
      const started = Date.now();
      const exited = new Promise<number | null>((resolve) => l.child.once('exit', (code) => resolve(code)));
      l.child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(10_000);
      const alive = [...l.serving(0), ...l.serving(1)].filter((pid) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      });
      expect(alive).toEqual([]);
    };
    await stopAll(launcher);

    // The next deploy takes the servers over: it resumes both tables, Ann's press is kept,
    // Bob's and Cat's complete the deal, and each deal settles once.
    launcher = new Launcher({ ...env, SHARD_COUNT: '2' });
    await launcher.waitServing(0, 1);
    await launcher.waitServing(1, 1);
    await Promise.all(
      deal2.map(async (table) => {
        for (const p of [bob, cat]) await stayOnSeenCards(p, table);
      }),
    );
    for (const { guild, channel } of servers) {
      expect(await settlements(guild.id, channel.id, 2)).toEqual([
        [1, 1],
        [2, 1],
      ]);
      const stays = await open
        .selectFrom('deal_results')
        .select('user_id')
        .where('guild_id', '=', guild.id)
        .where('deal_no', '=', 2)
        .where('stayed', '=', 1)
        .execute();
      // Everyone stayed: Ann's press, made before the deploy, was not lost.
      expect(stays.map((r) => r.user_id).sort()).toEqual([ann.id, bob.id, cat.id].sort());
    }
    expect((await auditLedger(open)).problems).toEqual([]);
    await stopAll(launcher);
  }, 240_000);
});
