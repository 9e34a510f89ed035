import type { ActivityRegistry } from '../activities.ts';
import type { BotIdentity } from '../gateway.ts';
import type { InteractionRegistry } from '../interactions.ts';
import type { MessageComposer } from '../messages.ts';
import type { Store } from '../state/store.ts';
import type { ChannelRecord } from '../state/types.ts';

/** What REST routes work with. */
export interface RouteContext {
  store: Store;
  composer: MessageComposer;
  interactions: InteractionRegistry;
  bot: BotIdentity;
  /** The application's Activity: whether it is on, its client secret, OAuth2 grants, running instances. */
  activities: ActivityRegistry;
  /** A thread was unarchived by a post: the bot hears THREAD_UPDATE. */
  threadChanged(thread: ChannelRecord): void;
  /** The gateway URL `GET /gateway/bot` hands out. */
  gatewayUrl: () => string;
  /** The shard count `GET /gateway/bot` recommends. */
  shardCount: number;
  /**
   * Counts a public webhook message in a channel against the channel's own hidden
   * limit: null when allowed, else the milliseconds until it allows one again.
   */
  channelWebhookPost(channelId: string): number | null;
}
