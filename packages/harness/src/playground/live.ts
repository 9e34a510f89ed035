import type { ServerResponse } from 'node:http';
import type { LocalDiscord, MessageDeleteEvent, MessageEvent } from '@guts/local-discord';
import type { APIMessage } from 'discord-api-types/v10';
import type { Seat } from './seats.ts';

/** A message as the page gets it: Discord's JSON, plus the command that asked for it. */
export type PageMessage = APIMessage & { command_line?: string };

interface Subscriber {
  seat: Seat;
  channelId: string;
  response: ServerResponse;
}

const KEEPALIVE_MS = 15_000;
/** Labels of recent commands, for "Ann used /guts start"; old ones are forgotten. */
const REMEMBERED_COMMANDS = 500;

/**
 * The page's live feed (Server-Sent Events), fed by the driver's message events. Each
 * subscriber watches one channel (the server's, or the group DM) as one seat:
 * ephemeral messages go only to the seat they belong to, exactly as Discord shows them.
 */
export class LiveFeed {
  private readonly subscribers = new Set<Subscriber>();
  private readonly commandLines = new Map<string, string>();
  private readonly keepalive: NodeJS.Timeout;
  private readonly detach: () => void;

  constructor(
    private readonly discord: LocalDiscord,
    /** Rewrites the local Discord's attachment URLs to the page server's own. */
    private readonly attachmentsBase: string,
  ) {
    const onMessage = (event: MessageEvent) => {
      const { message } = event;
      this.broadcast('message', this.pageMessage(message), { channelId: message.channel_id, seatId: event.visibleTo });
    };
    const onDelete = (event: MessageDeleteEvent) => {
      this.broadcast('delete', { id: event.id }, { channelId: event.channelId, seatId: event.visibleTo });
    };
    discord.on('messageCreate', onMessage);
    discord.on('messageUpdate', onMessage);
    discord.on('messageDelete', onDelete);
    this.detach = () => {
      discord.off('messageCreate', onMessage);
      discord.off('messageUpdate', onMessage);
      discord.off('messageDelete', onDelete);
    };
    this.keepalive = setInterval(() => {
      for (const s of this.subscribers) s.response.write(': keepalive\n\n');
    }, KEEPALIVE_MS);
    this.keepalive.unref();
  }

  /** Remembers what was typed for an interaction, so its answer can say "used /guts start". */
  rememberCommand(interactionId: string, label: string): void {
    this.commandLines.set(interactionId, label);
    if (this.commandLines.size > REMEMBERED_COMMANDS) {
      const oldest = this.commandLines.keys().next().value;
      if (oldest !== undefined) this.commandLines.delete(oldest);
    }
  }

  /** The channel as `seat` sees it now (their ephemerals included), oldest first. */
  messagesFor(seat: Seat, channelId: string): PageMessage[] {
    return this.discord.channelMessages({ id: channelId }, { as: seat }).map((m) => this.pageMessage(m));
  }

  /** Starts a stream of the channel for `seat`: everything it sees now, then every change it may see. */
  subscribe(seat: Seat, channelId: string, response: ServerResponse): void {
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    const subscriber = { seat, channelId, response };
    this.subscribers.add(subscriber);
    response.on('close', () => this.subscribers.delete(subscriber));
    send(response, 'snapshot', { messages: this.messagesFor(seat, channelId) });
  }

  /** Tells every page (whoever it plays as) about something public, such as a new seat. */
  announce(event: string, data: unknown): void {
    this.broadcast(event, data, null);
  }

  close(): void {
    clearInterval(this.keepalive);
    this.detach();
    for (const s of this.subscribers) s.response.end();
    this.subscribers.clear();
  }

  /** Sends to every subscriber, or only to those watching `to.channelId` as someone who may see it. */
  private broadcast(event: string, data: unknown, to: { channelId: string; seatId: string | null } | null): void {
    for (const s of this.subscribers) {
      const watching = to === null || (to.channelId === s.channelId && (to.seatId === null || to.seatId === s.seat.id));
      if (watching) send(s.response, event, data);
    }
  }

  private pageMessage(message: APIMessage): PageMessage {
    const json = JSON.stringify(message).replaceAll(`${this.attachmentsBase}/attachments/`, '/attachments/');
    const page = JSON.parse(json) as PageMessage;
    const command = message.interaction_metadata && this.commandLines.get(message.interaction_metadata.id);
    if (command) page.command_line = command;
    return page;
  }
}

function send(response: ServerResponse, event: string, data: unknown): void {
  response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}
