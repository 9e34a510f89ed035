import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import type {
  APICommandAutocompleteInteractionResponseCallbackData,
  APIInteraction,
  APIModalInteractionResponseCallbackData,
  InteractionResponseType,
} from 'discord-api-types/v10';
import type { Clock } from './clock.ts';
import { errors } from './errors.ts';

/** Discord drops an interaction nobody acknowledged within 3 seconds. */
export const ackDeadlineMs = 3000;
/** An interaction token works for follow-ups and edits for 15 minutes. */
export const tokenLifetimeMs = 15 * 60 * 1000;

export interface InteractionAck {
  type: InteractionResponseType;
  /** From the gateway dispatch to the callback request's arrival, in milliseconds. */
  latencyMs: number;
}

/** One interaction from its creation by a user to the end of its token's life. */
export interface InteractionRecord {
  payload: APIInteraction;
  id: string;
  token: string;
  userId: string;
  channelId: string;
  guildId: string;
  /** Clock time of creation: deadlines and token lifetime count from here. */
  createdAt: number;
  /** `performance.now()` when the gateway sent it to the bot; null until delivered. */
  dispatchedAt: number | null;
  ack: InteractionAck | null;
  /** The message `@original` names: the response (types 4, 5) or the component's message (6, 7). */
  originalMessageId: string | null;
  /** The message a component interaction came from. */
  sourceMessageId: string | null;
  /** The component message's revision when a deferred update (type 6) acknowledged it. */
  sourceRevisionAtAck: number | null;
  followUpIds: string[];
  /** Follow-ups created so far, the one that replaced a deferred reply included. */
  followUpsCreated: number;
  /** Only a user install authorizes the app here: at most 5 follow-ups (40094 past them). */
  userInstallOnly: boolean;
  /** A server whose @everyone may not use external apps: the app's public responses become ephemeral. */
  forcedEphemeral: boolean;
  /** The modal the bot answered with (response type 9), if it did. */
  modal: APIModalInteractionResponseCallbackData | null;
  /** The choices the bot suggested to an autocomplete interaction (response type 8). */
  choices: APICommandAutocompleteInteractionResponseCallbackData['choices'] | null;
}

export interface InteractionEvents {
  ack: [InteractionRecord];
  followUp: [InteractionRecord];
}

/** Latency of acknowledgements, as reported by `ack-latency` in the bench. */
export interface LatencyStats {
  /** Interactions delivered to the bot. */
  dispatched: number;
  acknowledged: number;
  /** Acknowledged late, or not at all once the deadline passed. */
  missed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Random bytes taken from a pool refilled 4 KiB at a time: one call per interaction cost the load runs dearly. */
let pool = Buffer.alloc(0);
function randomChunk(size: number): Buffer {
  if (pool.length < size) pool = randomBytes(4096);
  const chunk = pool.subarray(0, size);
  pool = pool.subarray(size);
  return chunk;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, rank)] ?? 0;
}

/**
 * Live interactions: who may answer them, until when, and how fast they were answered.
 * Token lookups enforce the deadline (10062) and the token lifetime (50027).
 */
export class InteractionRegistry extends EventEmitter<InteractionEvents> {
  private readonly byId = new Map<string, InteractionRecord>();
  private readonly byToken = new Map<string, InteractionRecord>();
  private latencies: number[] = [];
  /** Unanswered interactions already forgotten (their tokens expired). */
  private forgottenUnanswered = 0;
  private dispatched = 0;
  /** Follow-ups refused with 40094 (past the 5 a user install allows an interaction). */
  followUpLimitHits = 0;
  /** `performance.now()` of the last stats reset: older interactions do not count. */
  private statsSince = 0;

  constructor(private readonly clock: Clock) {
    super();
  }

  static newToken(id: string): string {
    return Buffer.from(`interaction:${id}:${randomChunk(48).toString('base64url')}`).toString('base64url');
  }

  add(record: InteractionRecord): void {
    this.pruneExpired();
    this.byId.set(record.id, record);
    this.byToken.set(record.token, record);
  }

  markDispatched(record: InteractionRecord): void {
    if (record.dispatchedAt !== null) return;
    record.dispatchedAt = performance.now();
    this.dispatched += 1;
  }

  /** The interaction a callback names; 10062 when unknown, mismatched or past its 3 seconds. */
  forCallback(id: string, token: string): InteractionRecord {
    const record = this.byId.get(id);
    if (!record || record.token !== token) throw errors.unknownInteraction();
    if (record.ack) throw errors.alreadyAcknowledged();
    if (this.clock.now() - record.createdAt > ackDeadlineMs) throw errors.unknownInteraction();
    return record;
  }

  /** The interaction behind a webhook token; 50027 when unknown or older than 15 minutes. */
  forWebhook(token: string): InteractionRecord {
    const record = this.byToken.get(token);
    if (!record || this.clock.now() - record.createdAt > tokenLifetimeMs) throw errors.invalidWebhookToken();
    return record;
  }

  acknowledge(record: InteractionRecord, type: InteractionResponseType, receivedAt: number): void {
    const latencyMs = record.dispatchedAt === null ? 0 : receivedAt - record.dispatchedAt;
    record.ack = { type, latencyMs };
    if (record.dispatchedAt !== null && record.dispatchedAt >= this.statsSince) this.latencies.push(latencyMs);
    this.emit('ack', record);
  }

  /**
   * Records a follow-up of `record`. Told apart from the message's own creation, which
   * happens before its id is known here: a test waiting for the follow-up looks again.
   */
  followedUp(record: InteractionRecord, messageId: string): void {
    record.followUpIds.push(messageId);
    this.emit('followUp', record);
  }

  get(id: string): InteractionRecord | undefined {
    return this.byId.get(id);
  }

  stats(): LatencyStats {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    let unanswered = this.forgottenUnanswered;
    for (const record of this.byId.values()) if (this.isMissed(record)) unanswered += 1;
    return {
      dispatched: this.dispatched,
      acknowledged: sorted.length,
      missed: unanswered,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      maxMs: sorted.at(-1) ?? 0,
    };
  }

  /** Starts counting afresh: interactions dispatched before now are left out of `stats()`. */
  resetStats(): void {
    this.latencies = [];
    this.forgottenUnanswered = 0;
    this.dispatched = 0;
    this.statsSince = performance.now();
  }

  /** Delivered (since the last reset) and not acknowledged within the deadline; late callbacks got 10062. */
  private isMissed(record: InteractionRecord): boolean {
    return (
      !record.ack &&
      record.dispatchedAt !== null &&
      record.dispatchedAt >= this.statsSince &&
      this.clock.now() - record.createdAt > ackDeadlineMs
    );
  }

  /** Forgets interactions whose tokens expired, counting the ones never answered as missed. */
  private pruneExpired(): void {
    const now = this.clock.now();
    for (const [id, record] of this.byId) {
      if (now - record.createdAt <= tokenLifetimeMs) break; // insertion order is creation order
      if (this.isMissed(record)) this.forgottenUnanswered += 1;
      this.byId.delete(id);
      this.byToken.delete(record.token);
    }
  }
}
