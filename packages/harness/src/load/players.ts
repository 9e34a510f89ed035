import type { InteractionHandle, LocalDiscord, MessageEvent } from '@guts/local-discord';
import { titleOf } from '@guts/local-discord';
import { type APIMessage, InteractionResponseType, MessageFlags } from 'discord-api-types/v10';
import type { Rng } from 'guts/src/cards/rng.ts';
import type { ActivityPlayer } from './activity-players.ts';

type Ref = { id: string };

/** One table of a load run: its channel and its players, the first of them the host. */
export interface LoadTable {
  channel: Ref;
  players: Ref[];
  /** One of `players` in the Activity: they press Stay from the page, over its WebSocket. */
  activity?: ActivityPlayer;
}

export interface PlayOptions {
  dealsPerTable: number;
  /** Hosts type /guts start at a random moment within this many ms. */
  startWithinMs: number;
  /** Presses land at a random moment within this many ms of the table message. */
  pressWithinMs: number;
  /** The declaration countdown, seconds (10-300). */
  timer: number;
}

/** Moments of a table's script a load run may want to mark (request counts, say). */
export interface PlayHooks {
  /** Every player is seated; the host is about to press Deal. */
  beforeDeal?(table: number): void;
  /** The last deal's result is out; the host is about to stop the table. */
  afterLastResult?(table: number): void;
}

/** How long a player waits for their private cards before pressing on the table message instead. */
const CARDS_WAIT_MS = 5_000;

/**
 * The players of a load run (the `e2e-deals` and `shardScaling` benches, the load
 * test): at each table the host types /guts start, the others press Join, the host
 * presses Deal, and in every deal everyone presses Stay at a random moment once their
 * cards are in (on the cards, where they offer it), then waits for the deal's result;
 * finally the host stops the table. Every answer is checked (a refusal or an error is
 * collected in `refused`), every table message must offer Stay for its deal, and every
 * deal must show its result.
 *
 * Messages are watched as they are created or edited (one listener for the run, routed
 * by channel), instead of rereading a channel's every message on each change: with
 * hundreds of tables, rereading cost the load generator more CPU than the bot it drives.
 */
export class LoadPlayers {
  readonly refused: string[] = [];
  /** Presses made on the table message after CARDS_WAIT_MS without the player's cards offering Stay. */
  cardsLate = 0;
  /**
   * Stay pressed: on the table message (acknowledged, the cards edited after), or on the
   * player's cards, redrawn in the answer or acknowledged first (the bot busy or the step slow).
   */
  readonly stays = { onTable: 0, onCardsAnswered: 0, onCardsAckedFirst: 0 };
  /** Each press from the Activity's page, ms from sending it to its answer over the WebSocket. */
  /** Each press from the page: ms to its acknowledgement (as a button's), and to its answer (its step committed). */
  readonly pagePresses: number[] = [];
  readonly pageAnswers: number[] = [];
  private readonly watchers = new Map<string, Set<(message: APIMessage) => void>>();
  /** Each player's newest private message, by channel and player: where their cards offer Stay. */
  private readonly privates = new Map<string, APIMessage>();
  private readonly privateWatchers = new Map<string, () => void>();
  private readonly onMessage = ({ message, visibleTo }: MessageEvent) => {
    if (visibleTo !== null) {
      const key = `${message.channel_id}:${visibleTo}`;
      // An older message edited later (a deal's cards brought to the past tense once the
      // next deal's are out) is not the player's newest: their cards stay where they are.
      const newest = this.privates.get(key);
      if (newest && BigInt(message.id) < BigInt(newest.id)) return;
      this.privates.set(key, message);
      this.privateWatchers.get(key)?.();
      return;
    }
    const watchers = this.watchers.get(message.channel_id);
    if (watchers) for (const watch of [...watchers]) watch(message);
  };

  constructor(
    private readonly discord: LocalDiscord,
    private readonly rng: Rng,
  ) {
    discord.on('messageCreate', this.onMessage);
    discord.on('messageUpdate', this.onMessage);
  }

  /** Stops watching the local Discord's messages. */
  close(): void {
    this.discord.off('messageCreate', this.onMessage);
    this.discord.off('messageUpdate', this.onMessage);
  }

  /** Plays every table at once; rejects with the first table that went wrong, naming it and the step. */
  async play(tables: LoadTable[], options: PlayOptions, hooks: PlayHooks = {}): Promise<void> {
    await Promise.all(tables.map((table, t) => this.playTable(t, table, options, hooks)));
  }

  private async playTable(
    t: number,
    { channel, players, activity }: LoadTable,
    options: PlayOptions,
    hooks: PlayHooks,
  ) {
    const at = (what: string) => (err: unknown) => {
      throw new Error(`table ${t}: ${what}: ${(err as Error).message}`);
    };
    const [host, ...others] = players;
    if (!host) return;
    await this.wait(options.startWithinMs);
    const lobby = await this.start(host, channel, options.timer).catch(at('start'));
    // A channel may have had games before (the soak bench reopens tables): only this game's
    // messages count, those after its lobby. Not those after the moment /guts start was first
    // typed: while it waited for the last game to end, that game's final deal posted its table
    // message, whose title matches a first deal's and whose Stay is gone once it timed out.
    // Public ones only: a player's private cards may carry the deal's title too.
    const isPublic = (m: APIMessage) => ((m.flags ?? 0) & MessageFlags.Ephemeral) === 0;
    const fresh = (m: APIMessage) => isPublic(m) && BigInt(m.id) > BigInt(lobby.id);
    const message = (matches: (m: APIMessage) => boolean) => this.message(channel, (m) => fresh(m) && matches(m));
    for (const p of others)
      await this.answered(this.discord.pressButton(p, lobby, 'Join'), /You're in/).catch(at('join'));
    hooks.beforeDeal?.(t);
    await this.discord.pressButton(host, lobby, 'Deal').acknowledged(60_000).catch(at('deal'));
    // A table's deals are numbered on from its previous games: the first deal's message says where from.
    let first: number | null = null;
    for (let deal = 1; deal <= options.dealsPerTable; deal++) {
      const title: RegExp = first === null ? /: deal (\d+)$/ : new RegExp(`: deal ${first + deal - 1}$`);
      const table: APIMessage = await message((m) => title.test(titleOf(m))).catch(at(`table message of deal ${deal}`));
      first ??= Number(/: deal (\d+)$/.exec(titleOf(table))?.[1]);
      const dealNo = first + deal - 1;
      await Promise.all(
        players.map(async (p) => {
          if (activity?.user.id === p.id) {
            await this.stayFromPage(activity, dealNo, options).catch(at(`stay from the page in deal ${deal}`));
            return;
          }
          // A player decides once their cards are in: that may take longer than the table message.
          await this.cardsIn(channel, p, dealNo);
          await this.wait(options.pressWithinMs);
          // A press on a message that no longer offers Stay is a bug in the bot: say where.
          const cards = this.cardsOffering(channel, p, dealNo);
          const press = (() => {
            try {
              return this.discord.pressButton(p, cards ?? table, 'Stay');
            } catch (err) {
              throw new Error(`table ${t}: stay in deal ${deal}: ${(err as Error).message}`);
            }
          })();
          // Answered quietly (a deferred update: the player's private message shows the choice), by that
          // message, new or redrawn (pressed there), or, when theirs was the last choice and the deal is
          // settled, by a line saying so (under the cards, pressed there).
          const ack = await press.acknowledged(60_000).catch(at(`stay in deal ${deal}`));
          const deferred = ack.type === InteractionResponseType.DeferredMessageUpdate;
          if (!cards) this.stays.onTable++;
          else if (deferred) this.stays.onCardsAckedFirst++;
          else this.stays.onCardsAnswered++;
          if (!deferred) {
            await this.answered(press, /\*\*You stay\*\*|(^|\n)You stay\. Everyone has chosen/).catch(
              at(`stay in deal ${deal}`),
            );
          }
        }),
      );
      const result = new RegExp(`deal ${dealNo} result$`);
      await message((m) => result.test(m.embeds[0]?.title ?? '')).catch(at(`result of deal ${deal}`));
    }
    hooks.afterLastResult?.(t);
    await this.answered(this.discord.runCommand(host, channel, 'guts', { subcommand: 'stop' }), /stop/).catch(
      at('stop'),
    );
  }

  /** The Activity's player presses Stay once the page asks them to choose; the answer is timed. */
  private async stayFromPage(player: ActivityPlayer, dealNo: number, options: PlayOptions): Promise<void> {
    await player.until(() => player.asked(dealNo));
    await this.wait(options.pressWithinMs);
    const answer = await player.press('stay', dealNo);
    this.pagePresses.push(answer.ackMs);
    this.pageAnswers.push(answer.ms);
    if (!answer.ok) {
      this.refused.push(`page: ${answer.text ?? ''}`);
      if (process.env.LOAD_LOG) console.error(`refused on the page: ${answer.text}`);
    }
  }

  /**
   * `/guts start`, again a second later while the channel's last game is still running:
   * a stop pressed after the next deal opened ends the game only once that deal is played
   * (timed out, as nobody presses), as a player who sees "already running" would wait.
   */
  private async start(host: Ref, channel: Ref, timer: number): Promise<APIMessage> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const handle = this.discord.runCommand(host, channel, 'guts', {
        subcommand: 'start',
        options: { variant: 'three-card', timer },
      });
      const answer = await handle.response(60_000);
      if (!/already running/.test(answer.content ?? '') || Date.now() > deadline) {
        return this.checked(answer, /^ ?Guts: /);
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  }

  /**
   * The player's private cards of this deal if they offer Stay (as a player looking at
   * their cards presses it there), else null: not yet posted, or the table message is where.
   */
  private cardsOffering(channel: Ref, player: Ref, dealNo: number): APIMessage | null {
    const cards = this.privates.get(`${channel.id}:${player.id}`);
    const offers =
      new RegExp(` deal ${dealNo}(?!\\d)`).test(cards?.content ?? '') &&
      JSON.stringify(cards?.components).includes('"Stay"');
    return offers ? (cards as APIMessage) : null;
  }

  /** Resolves once the player's cards of this deal offer Stay, or after CARDS_WAIT_MS without (then the table message is where). */
  private cardsIn(channel: Ref, player: Ref, dealNo: number): Promise<void> {
    const key = `${channel.id}:${player.id}`;
    if (this.cardsOffering(channel, player, dealNo)) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.privateWatchers.delete(key);
        resolve();
      };
      const timer = setTimeout(() => {
        this.cardsLate++;
        done();
      }, CARDS_WAIT_MS);
      this.privateWatchers.set(key, () => {
        if (this.cardsOffering(channel, player, dealNo)) done();
      });
    });
  }

  private wait(withinMs: number): Promise<void> {
    return new Promise((r) => setTimeout(r, this.rng.int(withinMs + 1)));
  }

  /** The answer the presser sees; one that does not say what `expect` says is a refusal, noted. */
  private async answered(
    handle: InteractionHandle,
    expect: RegExp | ((answer: APIMessage) => boolean),
  ): Promise<APIMessage> {
    return this.checked(await handle.response(60_000), expect);
  }

  private checked(answer: APIMessage, expect: RegExp | ((answer: APIMessage) => boolean)): APIMessage {
    const text = `${answer.content ?? ''} ${answer.embeds[0]?.title ?? ''}`;
    if (!(typeof expect === 'function' ? expect(answer) : expect.test(text))) {
      this.refused.push(text);
      if (process.env.LOAD_LOG) console.error(`refused: ${text}`);
    }
    return answer;
  }

  /**
   * The newest public message of the channel that matches, now or once created or
   * edited: `waitForMessage`, checking each new version of a message once.
   */
  private message(channel: Ref, matches: (m: APIMessage) => boolean, timeoutMs = 60_000): Promise<APIMessage> {
    const now = this.discord
      .channelMessages(channel)
      .reverse()
      .find((m) => matches(m));
    if (now) return Promise.resolve(now);
    return new Promise((resolve, reject) => {
      let watchers = this.watchers.get(channel.id);
      if (!watchers) this.watchers.set(channel.id, (watchers = new Set()));
      const done = () => {
        clearTimeout(timer);
        watchers.delete(watch);
      };
      const watch = (m: APIMessage) => {
        if (!matches(m)) return;
        done();
        resolve(m);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`timed out after ${timeoutMs} ms waiting for a matching message in channel ${channel.id}`));
      }, timeoutMs);
      watchers.add(watch);
    });
  }
}
