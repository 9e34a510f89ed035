/** The local Discord: a Discord-compatible server and its driver, for tests and the playground. */

export {
  type ActivityInstanceRecord,
  accessTokenLifetimeSeconds,
  activityHostPage,
  authorizationCodeLifetimeMs,
} from './activities.ts';
export type { DriverEvents, LocalDiscordAddress, LocalDiscordOptions } from './base.ts';
export { AdjustableClock, type Clock, systemClock } from './clock.ts';
export { type CommandInvocation, InvocationError, type OptionValue } from './commands.ts';
export { interactiveComponents } from './components.ts';
export { LocalDiscord } from './driver.ts';
export type { FaultOptions } from './faults.ts';
export type { InteractionHandle } from './handle.ts';
export { ackDeadlineMs, type InteractionAck, type LatencyStats, tokenLifetimeMs } from './interactions.ts';
export { messageLimits } from './limits.ts';
export { textOf, titleOf } from './message-text.ts';
export type { ModalValue } from './modals.ts';
export { type BucketRule, discordRateLimits, noRateLimits, type RateLimitConfig } from './ratelimit.ts';
export type { RequestCounts, RouteCount } from './request-counts.ts';
export type { ChannelRecord, MessageDeleteEvent, MessageEvent } from './state/types.ts';
export { GROUP_DM_MAX_MEMBERS } from './world.ts';
