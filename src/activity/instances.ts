import { LruCache } from '../lru.ts';
import { ACTIVITY_LIMITS } from './activity-limits.ts';
import type { ActivityDiscord, ActivityInstance } from './discord-api.ts';

/** How long an instance's users are taken as Discord last said: a few seconds saves a call per ticket. */
export const INSTANCE_CACHE_MS = 5_000;
/** Instances remembered at once (one per channel playing in the Activity). */
const INSTANCES_KEPT = 2_000;

/**
 * Activity instances as Discord reports them (with the bot token), each kept a few
 * seconds: several players of one instance asking for tickets at once cost one call.
 * A kept answer that lacks the user asking is asked again: who joined seconds after
 * another player is there then, and is not refused. One Discord says is not there stays
 * so longer (`missingMs`): an id once gone never comes back.
 */
export class InstanceCache {
  private readonly kept = new LruCache<
    string,
    { at: number; instance: Promise<ActivityInstance | null>; missingUntil: number }
  >(INSTANCES_KEPT);

  constructor(
    private readonly discord: ActivityDiscord,
    private readonly now: () => number,
    /** How long an instance Discord said is not there is taken as gone: a flood of made-up ids asks once each. */
    private readonly missingMs = ACTIVITY_LIMITS.missingInstanceMs,
  ) {}

  /** The instance, or null once it ended; fresh from Discord unless a kept answer already holds `userId`. */
  async get(instanceId: string, userId: string): Promise<ActivityInstance | null> {
    const cached = this.kept.get(instanceId);
    const now = this.now();
    if (cached && (now - cached.at < INSTANCE_CACHE_MS || now < cached.missingUntil)) {
      const instance = await cached.instance;
      // An instance that ended stays ended: its id is never used again.
      if (!instance || instance.users.includes(userId)) return instance;
    }
    const instance = this.discord.instance(instanceId);
    const entry = { at: now, instance, missingUntil: 0 };
    this.kept.set(instanceId, entry);
    instance.then(
      (found) => {
        if (!found) entry.missingUntil = this.now() + this.missingMs;
      },
      // A failed call is not kept: the next ticket asks Discord again.
      // Only this call's entry: a newer one kept since is not dropped for an older failure.
      () => {
        if (this.kept.peek(instanceId) === entry) this.kept.delete(instanceId);
      },
    );
    return instance;
  }

  get size(): number {
    return this.kept.size;
  }
}
