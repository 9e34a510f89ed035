import type { LocalDiscord, MessageEvent } from '@guts/local-discord';
import { titleOf } from '@guts/local-discord';
import { type APIMessage, MessageFlags } from 'discord-api-types/v10';
import type { LoadTable } from './players.ts';

/**
 * Players who never end their game (the soak bench's long-game mode): at each table the
 * host opens a three-card game, the others join, the host deals, and from then on, as
 * soon as a deal's table message shows, every player but the last presses Stay on it and
 * the last presses Drop, deal after deal, until `stop`. What an operator's long game
 * looks like: one game of hundreds of deals, every press on the table message.
 * `pressAfterMs` holds the presses back that long: fewer deals a minute, so a game
 * reaches past the token horizon (minute 15) with deals to spare before its 1,024th,
 * where a provably fair game ends.
 */
export class LongGamePlayers {
  /** Presses answered with an error or not acknowledged, and what they said. */
  readonly failures: string[] = [];
  presses = 0;
  /** Per channel: the table, and the last deal pressed in. */
  private readonly tables = new Map<string, { table: LoadTable; pressedDeal: number }>();
  private readonly onMessage = ({ message, visibleTo }: MessageEvent) => {
    if (visibleTo !== null || ((message.flags ?? 0) & MessageFlags.Ephemeral) !== 0) return;
    const at = this.tables.get(message.channel_id);
    const deal = Number(/: deal (\d+)$/.exec(titleOf(message))?.[1] ?? Number.NaN);
    if (!at || !(deal > at.pressedDeal) || !offersStay(message)) return;
    at.pressedDeal = deal;
    const last = at.table.players.length - 1;
    const pressAll = () => {
      for (const [i, player] of at.table.players.entries()) {
        this.press(player, message, i === last ? 'Drop' : 'Stay', deal);
      }
    };
    if (this.pressAfterMs > 0) setTimeout(pressAll, this.pressAfterMs);
    else pressAll();
  };

  constructor(
    private readonly discord: LocalDiscord,
    /** The declaration countdown, seconds (10-300): it only runs out if a press is lost. */
    private readonly timer: number,
    /** How long after the table message shows the players press, ms. */
    private readonly pressAfterMs = 0,
  ) {
    discord.on('messageCreate', this.onMessage);
    discord.on('messageUpdate', this.onMessage);
  }

  /** Opens the table's game and deals its first deal; the presses go on by themselves from there. */
  async open(table: LoadTable): Promise<void> {
    const [host, ...others] = table.players;
    if (!host) throw new Error('a table needs a host');
    this.tables.set(table.channel.id, { table, pressedDeal: 0 });
    const lobby = await this.discord
      .runCommand(host, table.channel, 'guts', {
        subcommand: 'start',
        options: { variant: 'three-card', timer: this.timer },
      })
      .response(60_000);
    for (const p of others) await this.discord.pressButton(p, lobby, 'Join').response(60_000);
    await this.discord.pressButton(host, lobby, 'Deal').acknowledged(60_000);
  }

  /** Stops pressing, and has each host stop their game (it ends after the deal under way). */
  async stop(): Promise<void> {
    this.close();
    await Promise.all(
      [...this.tables.values()].map(async ({ table }) => {
        const [host] = table.players;
        if (host) await this.discord.runCommand(host, table.channel, 'guts', { subcommand: 'stop' }).response(60_000);
      }),
    );
  }

  /** Stops watching the local Discord's messages. */
  close(): void {
    this.discord.off('messageCreate', this.onMessage);
    this.discord.off('messageUpdate', this.onMessage);
  }

  private press(player: { id: string }, message: APIMessage, label: string, deal: number): void {
    const failed = (err: unknown) => this.failures.push(`${label} in deal ${deal}: ${(err as Error).message}`);
    try {
      this.presses++;
      this.discord.pressButton(player, message, label).acknowledged(60_000).catch(failed);
    } catch (err) {
      failed(err);
    }
  }
}

const offersStay = (message: APIMessage) => JSON.stringify(message.components ?? []).includes('"Stay"');
