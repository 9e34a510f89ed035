import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@guts/harness/free-port.ts';
import { LocalDiscord, noRateLimits } from '@guts/local-discord';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A self-hoster's bot serves the Activity's page with nothing built by hand: a fresh tree
 * (what the Dockerfile's build stage copies, nothing built yet), `guts start` with
 * ACTIVITY_PORT, and `/` answers with the page and its hashed assets. The page is built
 * with the compiled sources (bin/build.js), so the image's `RUN node bin/build.js` carries
 * the same page the start built here.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The build stage's COPY lines (the run stage copies that stage whole): what a fresh image tree holds. */
function dockerBuildSources(): string[] {
  const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
  const buildStage = dockerfile.split(/^FROM /m)[1] ?? '';
  return [...buildStage.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) => (m[1] as string).split(/\s+/));
}

/** `path` on the Activity's port once it answers (the bot compiles, builds the page and logs in first). */
async function fetchOnceUp(url: string, bot: ChildProcess, timeoutMs = 120_000): Promise<Response> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(url);
    } catch (err) {
      if (bot.exitCode !== null) throw new Error(`the bot exited with ${bot.exitCode}`);
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

describe('the Activity page of a fresh tree, built at start', () => {
  const tree = mkdtempSync(join(tmpdir(), 'guts-fresh-tree-'));
  const discord = new LocalDiscord({ rateLimits: noRateLimits });
  let bot: ChildProcess | null = null;
  let base = '';

  beforeAll(async () => {
    for (const path of dockerBuildSources()) cpSync(join(root, path), join(tree, path), { recursive: true });
    // The image's `npm ci`: the same packages, linked rather than installed again.
    symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'), 'dir');
    const { restBase } = await discord.start();
    discord.createChannel(discord.createGuild({ name: 'home' }), { name: 'poker' });
    const port = await freePort();
    const { SHARD_COUNT, SHARDS, SHARDING_MANAGER, NODE_OPTIONS, ...env } = process.env;
    bot = spawn(process.execPath, ['bin/guts.js', 'start'], {
      cwd: tree,
      env: {
        ...env,
        DISCORD_TOKEN: discord.bot.token,
        DISCORD_API_URL: restBase,
        DATABASE_URL: `file:${join(tree, 'guts.db')}`,
        ACTIVITY_PORT: String(port),
        DISCORD_CLIENT_SECRET: discord.clientSecret,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    base = `http://127.0.0.1:${port}`;
  }, 60_000);

  afterAll(async () => {
    if (bot && bot.exitCode === null) {
      const exited = new Promise((resolve) => bot?.once('exit', resolve));
      bot.kill('SIGTERM');
      await exited;
    }
    await discord.stop();
    rmSync(tree, { recursive: true, force: true });
  });

  it("builds with the image's packages: `npm ci --omit=dev` installs what the page's build needs", () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies)).toEqual(
      expect.arrayContaining(['esbuild', '@discord/embedded-app-sdk']),
    );
  });

  it('serves / naming assets by their content hash, and serves them for good', async () => {
    const page = await fetchOnceUp(`${base}/`, bot as ChildProcess);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    const script = /src="(assets\/main-[0-9a-f]{12}\.js)"/.exec(html)?.[1];
    const style = /href="(assets\/page-[0-9a-f]{12}\.css)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect(style).toBeDefined();
    for (const [asset, type] of [
      [script, /^text\/javascript/],
      [style, /^text\/css/],
    ] as const) {
      const answer = await fetch(`${base}/${asset}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(type);
      expect(answer.headers.get('cache-control')).toContain('immutable');
      expect((await answer.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    // The image's `RUN node bin/build.js` finds this very build (no second one) and its page.
    const built = spawnSync(process.execPath, ['bin/build.js'], { cwd: tree, encoding: 'utf8' });
    expect(built.status).toBe(0);
    const buildDir = built.stdout.trim();
    expect(readdirSync(join(tree, 'dist')).filter((name) => /^[0-9a-f]{12}$/.test(name))).toHaveLength(1);
    expect(readFileSync(join(buildDir, 'dist/activity/index.html'), 'utf8')).toBe(html);
  }, 150_000);
});
