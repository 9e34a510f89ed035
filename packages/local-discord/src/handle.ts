import type { EventEmitter } from 'node:events';
import { type APIInteraction, type APIMessage, InteractionResponseType, MessageFlags } from 'discord-api-types/v10';
import type { InteractionAck, InteractionRecord } from './interactions.ts';
import type { Store } from './state/store.ts';
import { waitUntil } from './wait.ts';

// Waits for a condition, not a speed: generous, so a busy shared machine (CI) does not fail a test a quiet one passes.
const defaultTimeoutMs = 20_000;

/**
 * A user's interaction as a test sees it: await its acknowledgement, the answer the
 * user ends up looking at, and its follow-ups.
 */
export class InteractionHandle {
  constructor(
    private readonly record: InteractionRecord,
    private readonly store: Store,
    /** Emits the channel id whenever a message there changes or one of its interactions is acknowledged. */
    private readonly changes: EventEmitter,
  ) {}

  get id(): string {
    return this.record.id;
  }

  get token(): string {
    return this.record.token;
  }

  /** The INTERACTION_CREATE payload the bot received (or will, once it connects). */
  get payload(): APIInteraction {
    return this.record.payload;
  }

  /** False while the bot has no gateway session to deliver it to. */
  get delivered(): boolean {
    return this.record.dispatchedAt !== null;
  }

  /** The acknowledgement (callback type and latency), once the bot sends it. */
  acknowledged(timeoutMs = defaultTimeoutMs): Promise<InteractionAck> {
    return waitUntil(
      this.changes,
      this.record.channelId,
      () => this.record.ack ?? undefined,
      timeoutMs,
      `the ack of interaction ${this.id}`,
    );
  }

  /**
   * The message the user ends up looking at: the reply (type 4), the deferred reply
   * once edited (5), the updated component message (7), or the component message after
   * its next edit (6). Rejects if the bot answered with a modal.
   */
  response(timeoutMs = defaultTimeoutMs): Promise<APIMessage> {
    return waitUntil(
      this.changes,
      this.record.channelId,
      () => this.settledResponse(),
      timeoutMs,
      `the response to interaction ${this.id}`,
    );
  }

  /** `@original` as it is now, or null before there is one. */
  original(): APIMessage | null {
    const id = this.record.originalMessageId;
    return id ? this.find(id) : null;
  }

  /** Follow-up messages, oldest first (deleted ones left out), including any that replaced a deferred reply. */
  followUps(): APIMessage[] {
    return this.record.followUpIds.map((id) => this.find(id)).filter((m): m is APIMessage => m !== null);
  }

  /** The choices the bot suggested to an autocomplete interaction, once it answered. */
  choices(timeoutMs = defaultTimeoutMs) {
    return waitUntil(
      this.changes,
      this.record.channelId,
      () => this.record.choices ?? undefined,
      timeoutMs,
      `the choices for interaction ${this.id}`,
    );
  }

  /** The modal the bot opened (response type 9), if any. */
  get modal() {
    return this.record.modal;
  }

  private find(id: string): APIMessage | null {
    try {
      return this.store.message(this.record.channelId, id).message;
    } catch {
      return null; // deleted
    }
  }

  private settledResponse(): APIMessage | undefined {
    const ack = this.record.ack;
    const originalId = this.record.originalMessageId;
    if (!ack || !originalId) {
      if (ack?.type === InteractionResponseType.Modal)
        throw new Error(`interaction ${this.id} was answered with a modal`);
      return undefined;
    }
    const stored = this.store.findMessage(this.record.channelId, originalId);
    // The bot deleted its reply (a public placeholder it took back): what the user sees
    // is its first follow-up.
    if (!stored) return this.followUps()[0];
    switch (ack.type) {
      case InteractionResponseType.DeferredChannelMessageWithSource:
        return (stored.message.flags ?? 0) & MessageFlags.Loading ? undefined : stored.message;
      case InteractionResponseType.DeferredMessageUpdate:
        return stored.revision > (this.record.sourceRevisionAtAck ?? 0) ? stored.message : undefined;
      default:
        return stored.message;
    }
  }
}
