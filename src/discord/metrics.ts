import { type Client, SnowflakeUtil } from 'discord.js';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { CacheSize } from '../cache-sizes.ts';
import type { StepListener, StepResult } from '../table/steps.ts';
import { isInteractionCallback } from './callback-first-dispatcher.ts';

/**
 * What the bot tells whoever runs it, in Prometheus's format (`/metrics`, ops-server.ts).
 * One registry per bot: a test, or several bots in one process, never mix their counts.
 * docs/OPERATING.md, "Health and metrics", says what each one means.
 */

/** What an interaction was: a slash command, a button or menu press, a form, autocomplete. */
export type InteractionKind = 'command' | 'component' | 'modal' | 'autocomplete';
/** How it ended: done, refused with a short answer (a rule, a stale button), or an unexpected error. */
export type InteractionOutcome = 'ok' | 'refused' | 'error';

/** Readings taken when `/metrics` is scraped, not kept up to date on every change. */
export interface MetricsSources {
  /** Gateway round trip in ms (-1 before the first heartbeat). */
  gatewayPingMs(): number;
  /** Tables this process holds with a game running. */
  openTables(): number;
  /** Jobs waiting on each helper thread, and how many it has dropped (timed out or failed). */
  helpers(): Record<'odds' | 'pictures', { queued: number; dropped: number }>;
  /** Every cache the bot keeps: entries held, and the most it holds (a number, or what bounds it). */
  caches(): Record<string, CacheSize>;
  /** Database errors since start by kind, and the tables waiting for the database now (table/db-waits.ts). */
  database(): { errors: Record<'transient' | 'permanent', number>; tablesWaiting: number };
}

/** Discord's routes with their ids and tokens taken out: a label with few values. */
export function routeLabel(path: string): string {
  return path
    .replace(/\?.*$/, '')
    .replace(/\/interactions\/\d+\/[^/]+/, '/interactions/:id/:token')
    .replace(/\/webhooks\/(\d+)\/[^/]+/, '/webhooks/:id/:token')
    .replace(/\/\d{15,21}(?=\/|$)/g, '/:id');
}

export class BotMetrics {
  readonly registry = new Registry();
  private readonly interactions = new Counter({
    name: 'guts_interactions_total',
    help: 'Interactions handled, by kind (command, component, modal, autocomplete) and outcome (ok, refused, error).',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly ackSeconds = new Histogram({
    name: 'guts_interaction_ack_seconds',
    help: "From an interaction's creation to Discord's answer to its acknowledgement (Discord allows 3 s).",
    buckets: [0.025, 0.05, 0.1, 0.2, 0.5, 1, 2, 3],
    registers: [this.registry],
  });
  private readonly dealsSettled = new Counter({
    name: 'guts_deals_settled_total',
    help: 'Deals settled (their payments committed to the ledger).',
    registers: [this.registry],
  });
  private readonly commitSeconds = new Histogram({
    name: 'guts_step_commit_seconds',
    help: "Time to commit one game step's transaction (state, hand history, journal entry).",
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [this.registry],
  });
  private readonly restRequests = new Counter({
    name: 'guts_rest_requests_total',
    help: "Requests to Discord's REST API, by method, route (ids taken out) and HTTP status.",
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly rateLimits = new Counter({
    name: 'guts_rest_429_total',
    help: 'REST requests Discord answered 429 Too Many Requests, by scope (user, global, shared).',
    labelNames: ['scope'] as const,
    registers: [this.registry],
  });

  constructor(sources: MetricsSources) {
    // Node's own: resident memory, heap, event-loop lag, garbage collection.
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'guts_gateway_ping_seconds',
      help: 'Gateway heartbeat round trip (-0.001 before the first heartbeat).',
      registers: [this.registry],
      collect() {
        this.set(sources.gatewayPingMs() / 1000);
      },
    });
    new Gauge({
      name: 'guts_open_tables',
      help: 'Tables this process holds with a game running.',
      registers: [this.registry],
      collect() {
        this.set(sources.openTables());
      },
    });
    new Gauge({
      name: 'guts_helper_queue_depth',
      help: 'Jobs waiting on a helper thread (odds, pictures).',
      labelNames: ['thread'] as const,
      registers: [this.registry],
      collect() {
        for (const [thread, h] of Object.entries(sources.helpers())) this.set({ thread }, h.queued);
      },
    });
    new Gauge({
      name: 'guts_cache_entries',
      help: "Entries each of the bot's caches holds now.",
      labelNames: ['cache'] as const,
      registers: [this.registry],
      collect() {
        for (const [cache, c] of Object.entries(sources.caches())) this.set({ cache }, c.size);
      },
    });
    new Gauge({
      name: 'guts_cache_limit',
      help: 'The most entries each cache with a count for a bound holds (others are bounded by open tables or time).',
      labelNames: ['cache'] as const,
      registers: [this.registry],
      collect() {
        for (const [cache, c] of Object.entries(sources.caches()))
          if (typeof c.limit === 'number') this.set({ cache }, c.limit);
      },
    });
    // Counted by the table layer; the counter catches up with its counts when scraped.
    const counted = { transient: 0, permanent: 0 };
    new Counter({
      name: 'guts_db_errors_total',
      help: 'Database errors met by game steps, by kind: transient (retried: disk full, locked, server away) or permanent.',
      labelNames: ['kind'] as const,
      registers: [this.registry],
      collect() {
        for (const kind of ['transient', 'permanent'] as const) {
          const now = sources.database().errors[kind];
          this.inc({ kind }, now - counted[kind]);
          counted[kind] = now;
        }
      },
    });
    new Gauge({
      name: 'guts_tables_waiting_for_db',
      help: 'Tables waiting for the database to save (or read) their step: their countdowns wait with them.',
      registers: [this.registry],
      collect() {
        this.set(sources.database().tablesWaiting);
      },
    });
    new Gauge({
      name: 'guts_helper_dropped',
      help: 'Helper jobs dropped since start (the message went out without its picture or odds).',
      labelNames: ['thread'] as const,
      registers: [this.registry],
      collect() {
        for (const [thread, h] of Object.entries(sources.helpers())) this.set({ thread }, h.dropped);
      },
    });
  }

  /** Deals settled and interactions handled so far (the soak bench reads them). */
  async totals(): Promise<{ dealsSettled: number; interactions: number }> {
    const sum = async (metric: Counter) => (await metric.get()).values.reduce((n, v) => n + v.value, 0);
    return { dealsSettled: await sum(this.dealsSettled), interactions: await sum(this.interactions) };
  }

  interaction(kind: InteractionKind, outcome: InteractionOutcome): void {
    this.interactions.inc({ kind, outcome });
  }

  /** Counts every REST response and rate limit of the client's REST manager. */
  watchRest(rest: Client['rest'], now: () => number = Date.now): void {
    rest.on('response', (request, response) => {
      const path = String(request.path);
      this.restRequests.inc({ method: request.method, route: routeLabel(path), status: String(response.status) });
      if (response.status === 429) this.rateLimits.inc({ scope: response.headers.get('x-ratelimit-scope') ?? 'user' });
      if (isInteractionCallback(path)) {
        const id = /\/interactions\/(\d+)\//.exec(path)?.[1];
        if (id) this.ackSeconds.observe(Math.max(0, now() - Number(SnowflakeUtil.timestampFrom(id))) / 1000);
      }
    });
  }

  /** The publisher, with each committed step counted on its way. */
  watchSteps(listener: StepListener): StepListener {
    return {
      committed: (step: StepResult) => {
        if (step.commitMs !== undefined) this.commitSeconds.observe(step.commitMs / 1000);
        const settled = step.events.filter((e) => e.type === 'DealEnded').length;
        if (settled) this.dealsSettled.inc(settled);
        listener.committed(step);
      },
      publish: (step) => listener.publish(step),
      resumed: (tableId) => listener.resumed(tableId),
      tell: (tableId, key) => listener.tell(tableId, key),
    };
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
