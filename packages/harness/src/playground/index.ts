import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { activityHostPage, LocalDiscord } from '@guts/local-discord';
import { REST } from 'discord.js';
import { buildActivityPage } from 'guts/src/activity/page-build.ts';
import type { RngState } from 'guts/src/cards/rng.ts';
import { openToServe } from 'guts/src/db/index.ts';
import { type Bot, createBot } from 'guts/src/discord/bot.ts';
import { uploadCardEmojis } from 'guts/src/discord/card-emojis.ts';
import { commandBodies } from 'guts/src/discord/command-registry.ts';
import type { Logger } from 'guts/src/log.ts';
import { openStepWriter } from 'guts/src/table/step-writer.ts';
import pino from 'pino';
import { activityPageSources } from '../bot-files.ts';
import { clientTexts } from './client-texts.ts';
import { LiveFeed } from './live.ts';
import { pageHtml } from './page.ts';
import { SeatLanguages, seatLanguagesFile } from './seat-languages.ts';
import { DEFAULT_SEATS, type Seat, Seats } from './seats.ts';
import { PageServer } from './server.ts';
import { stableId } from './stable-id.ts';

export const DEFAULT_PLAYGROUND_PORT = 3000;
export const DEFAULT_PLAYGROUND_DB = 'file:./data/playground.db';
/** The stand-in client page's name among the Activity's assets (served at `/assets/host.html`). */
const ACTIVITY_HOST_FILE = 'host.html';

export interface PlaygroundOptions {
  /** The page's port; 0 picks a free one. Default 3000. */
  port?: number;
  /** Default 127.0.0.1: the playground is for this machine only. */
  host?: string;
  /** The bot's Activity server (its ACTIVITY_PORT), on the same host; 0 (the default) picks a free one. */
  activityPort?: number;
  /** Default `file:./data/playground.db`, apart from the real bot's ledger. */
  dbUrl?: string;
  /** Default: silent. */
  log?: Logger;
  /** Who can be played, in order; the page starts as the first. Default Ann, Ben, Cat, Dan. */
  seats?: string[];
  /** Passed to the bot (tests make the next deal come sooner, or deal the same cards every run). */
  nextDealPauseMs?: number;
  newRngState?: () => RngState;
}

export interface Playground {
  /** The page, e.g. `http://127.0.0.1:3000`. */
  url: string;
  /** Where the bot serves its Activity, e.g. `http://127.0.0.1:41234`: Open table frames it beside the channel. */
  activityOrigin: string;
  discord: LocalDiscord;
  bot: Bot;
  guildId: string;
  channelId: string;
  /** The seats' group DM, beside the server channel. */
  groupDmId: string;
  seats(): Seat[];
  /** Stops the page, the bot, the database and the local Discord, in that order. */
  stop(): Promise<void>;
}

/**
 * The offline playground: the local Discord on 127.0.0.1, the real bot connected to
 * it the way production connects to Discord (discord.js, REST at DISCORD_API_URL,
 * gateway, commands registered), its own SQLite ledger, and a web page that shows the
 * server channel and the seats' group DM and plays its users. The bot serves its
 * Activity too (the page built into a temp dir, beside the local Discord's stand-in
 * client page), which Open table opens in a frame beside the channel.
 */
export async function startPlayground(options: PlaygroundOptions = {}): Promise<Playground> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? pino({ level: 'silent' });
  const discord = new LocalDiscord();
  const { restBase, httpBase } = await discord.start({ host });
  const guild = discord.createGuild({ name: 'game night', id: stableId('guild:game night') });
  const channel = discord.createChannel(guild, { name: 'poker', id: stableId('channel:poker') });
  const dbUrl = options.dbUrl ?? DEFAULT_PLAYGROUND_DB;
  const languagesFile = seatLanguagesFile(dbUrl);
  const languages = new SeatLanguages(languagesFile, (err) =>
    log.warn({ err, file: languagesFile }, 'seat languages unreadable: every seat starts in English'),
  );
  const seats = new Seats(discord, languages);
  for (const name of options.seats ?? DEFAULT_SEATS) seats.add(name);
  const groupDm = seats.openGroupDm(stableId('group-dm:seats'));

  // Checked and migrated as the bot's own is (a corrupt or newer file refused, unchanged).
  const database = await openToServe(dbUrl).catch(async (err: unknown) => {
    await discord.stop();
    throw err;
  });
  let bot: Bot | null = null;
  let feed: LiveFeed | null = null;
  let pages: PageServer | null = null;
  let activityAssets: string | null = null;
  const stop = async () => {
    await pages?.close();
    feed?.close();
    await bot?.stop().catch((err: unknown) => log.error({ err }, 'bot stop failed'));
    await database.close();
    await discord.stop();
    if (activityAssets) await rm(activityAssets, { recursive: true, force: true });
  };
  try {
    // The Activity's page, and the stand-in for Discord's client that frames it: the SDK
    // takes messages only from its own origin, so both are served by the Activity's server.
    activityAssets = await mkdtemp(join(tmpdir(), 'guts-playground-activity-'));
    await buildActivityPage(activityAssets, activityPageSources());
    await copyFile(activityHostPage, join(activityAssets, ACTIVITY_HOST_FILE));
    // What `guts deploy-commands` leaves too: the card emojis, read by the bot as it starts.
    await uploadCardEmojis(new REST({ api: restBase }).setToken(discord.bot.token), discord.bot.user.id);
    bot = await createBot({
      token: discord.bot.token,
      apiUrl: restBase,
      db: database.db,
      writer: openStepWriter(database),
      log,
      ...(options.nextDealPauseMs !== undefined ? { nextDealPauseMs: options.nextDealPauseMs } : {}),
      ...(options.newRngState ? { newRngState: options.newRngState } : {}),
      // The local Discord keeps its ids from run to run (so balances and pots carry over)
      // but not its messages: a game left running by an earlier run has lost its table
      // message. It ends, saying so in its channel; its pot stays with the channel.
      endOpenTables: true,
      activity: {
        port: options.activityPort ?? 0,
        host,
        clientSecret: discord.clientSecret,
        assetsDir: activityAssets,
        // The stand-in client (served by the Activity itself) frames the page, inside the playground's
        // page, wherever that is browsed from (a machine's address, a tunnel): a tool, never production.
        limits: { frameAncestors: ["'self'", 'http:', 'https:'] },
      },
    });
    await bot.start();
    // What `guts deploy-commands` does without GUILD_ID: global commands, which the
    // server offers and the seats' user installs bring into the group DM.
    const body = await commandBodies();
    await bot.client.application?.commands.set(body);

    feed = new LiveFeed(discord, httpBase);
    const activityPort = bot.activityPort();
    if (activityPort === null) throw new Error('the bot started without its Activity server');
    const activityOrigin = `http://${host}:${activityPort}`;
    pages = new PageServer({
      discord,
      guild,
      channel,
      groupDm,
      seats,
      feed,
      html: await pageHtml(),
      texts: await clientTexts(),
      activity: { origin: activityOrigin, hostPage: `/assets/${ACTIVITY_HOST_FILE}` },
      onError: (err) => log.error({ err }, 'playground request failed'),
    });
    const url = await pages.listen(options.port ?? DEFAULT_PLAYGROUND_PORT, host);
    return {
      url,
      activityOrigin,
      discord,
      bot,
      guildId: guild.id,
      channelId: channel.id,
      groupDmId: groupDm.id,
      seats: () => seats.list(),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
