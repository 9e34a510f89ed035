import { LruCache } from '../lru.ts';
import type { ActivityDiscord, ActivityInstance } from './discord-api.ts';

/** How long an instance's users are taken as Discord last said: a few seconds saves a call per ticket. */
export const INSTANCE_CACHE_MS = 5_000;
/** Instances remembered at once (one per channel playing in the Activity). */
const INSTANCES_KEPT = 2_000;

/**
 * Activity instances as Discord reports them (with the bot token), each kept a few
 * seconds: several players of one instance asking for tickets at once cost one call.
 * A user who just joined may be missing for those seconds: the page asks again.
 */
export class InstanceCache {
  private readonly kept = new LruCache<string, { at: number; instance: Promise<ActivityInstance | null> }>(
    INSTANCES_KEPT,
  );

  constructor(
    private readonly discord: ActivityDiscord,
    private readonly now: () => number,
  ) {}

  get(instanceId: string): Promise<ActivityInstance | null> {
    const cached = this.kept.get(instanceId);
    if (cached && this.now() - cached.at < INSTANCE_CACHE_MS) return cached.instance;
    const instance = this.discord.instance(instanceId);
    this.kept.set(instanceId, { at: this.now(), instance });
    // A failed call is not kept: the next ticket asks Discord again.
    instance.catch(() => this.kept.delete(instanceId));
    return instance;
  }

  get size(): number {
    return this.kept.size;
  }
}
