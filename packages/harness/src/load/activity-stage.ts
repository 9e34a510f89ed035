import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { activityHostPage, LocalDiscord, noRateLimits, titleOf } from '@guts/local-discord';
import { buildActivityPage } from 'guts/src/activity/page-build.ts';
import type { Browser } from 'playwright-core';
import { activityPageSources } from '../bot-files.ts';
import { launchChromium } from '../chromium.ts';
import type { LoadBotSettings } from './load-bot.ts';
import { type BotProcess, measuredBot, prepareRun, startBot } from './soak.ts';

type User = ReturnType<LocalDiscord['createUser']>;

/** A live table of five mid-deal, its Activity launched, and a browser to open it in. */
export interface ActivityStage {
  discord: LocalDiscord;
  /** p0, who opened the table and launched the Activity. */
  host: User;
  others: User[];
  seats: number;
  /** The first deal's message in the channel. */
  table: Awaited<ReturnType<LocalDiscord['waitForMessage']>>;
  /** The stand-in client page, served from the Activity's origin, framing the Activity for the host. */
  hostPage: string;
  browser: Browser;
}

/**
 * Runs `use` on a stage for the Activity's measures: the bot in a process of its own
 * (soak-bot.ts) serves the page built as `bin/build.js` builds it; five players sit at a
 * three-card table whose first deal is under way (a 300 s countdown, nobody pressing);
 * the local Discord's stand-in client page answers the real SDK. Everything is stopped
 * and removed after, whatever `use` did.
 */
export async function onActivityStage<T>(
  settings: { name: string; pauseMs?: number; activity?: Pick<NonNullable<LoadBotSettings['activity']>, 'limits'> },
  use: (stage: ActivityStage) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), `guts-${settings.name}-`));
  const assets = join(dir, 'assets');
  const dbUrl = `file:${join(dir, `${settings.name}.db`)}`;
  const discord = new LocalDiscord({ rateLimits: noRateLimits });
  const { restBase } = await discord.start();
  let bot: BotProcess | null = null;
  let browser: Browser | null = null;
  try {
    await buildActivityPage(assets, activityPageSources());
    copyFileSync(activityHostPage, join(assets, 'host.html'));
    await prepareRun(discord, restBase, dbUrl);
    const guild = discord.createGuild({ name: settings.name });
    const channel = discord.createChannel(guild, { name: 'poker' });
    const seats = 5;
    const players = Array.from({ length: seats }, (_, p) => discord.createUser({ name: `p${p}` }));
    const [host, ...others] = players as [(typeof players)[number], ...typeof players];
    const measured = measuredBot(discord, restBase, dbUrl);
    bot = await startBot({
      ...measured,
      pauseMs: settings.pauseMs ?? measured.pauseMs,
      activity: { clientSecret: discord.clientSecret, assetsDir: assets, ...settings.activity },
    });
    const origin = `http://127.0.0.1:${(await bot.ask('sample')).activityPort}`;
    const lobby = await discord
      .runCommand(host, channel, 'guts', { subcommand: 'start', options: { variant: 'three-card', timer: 300 } })
      .response(60_000);
    for (const p of others) await discord.pressButton(p, lobby, 'Join').response(60_000);
    await discord.pressButton(host, lobby, 'Deal').acknowledged(60_000);
    const table = await discord.waitForMessage(channel, (m) => /: deal 1$/.test(titleOf(m)), { timeoutMs: 60_000 });
    const { instanceId } = discord.launchActivity(host, channel);
    browser = await launchChromium();
    const query = new URLSearchParams({
      instance_id: instanceId,
      guild_id: guild.id,
      channel_id: channel.id,
      client_id: discord.bot.user.id,
      user_id: host.id,
      username: 'p0',
    });
    const hostPage = `${origin}/assets/host.html?${query}`;
    return await use({ discord, host, others, seats, table, hostPage, browser });
  } finally {
    await browser?.close();
    // The run's figures are on stdout; a bot that would not stop is said beside them.
    await bot?.stop().catch((err: unknown) => process.stderr.write(`bot did not stop cleanly: ${String(err)}\n`));
    await discord.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
