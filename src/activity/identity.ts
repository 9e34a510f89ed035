/**
 * Who is behind an Activity socket, as the server proved it: the user from Discord's
 * `/users/@me` (through the OAuth2 code the page's `authorize` got), and the activity
 * instance Discord says that user is in (read with the bot token). Nothing here is the
 * page's word.
 */
export interface ActivityIdentity {
  readonly userId: string;
  readonly username: string;
  /** The user's display name, when they set one. */
  readonly globalName: string | null;
  /** The avatar hash (`/avatars/{userId}/{avatar}.png`), when the user has one. */
  readonly avatar: string | null;
  /** The user's Discord locale (`/users/@me`'s `locale`, e.g. `en-US`), for the page's language. */
  readonly locale: string;
  readonly instanceId: string;
  /** The instance's `launch_id`: a value Discord made when the Activity was launched. */
  readonly launchId: string;
  /** The channel the instance runs in: its table decides seat or spectator. */
  readonly channelId: string;
  /** The instance's guild, or `null` in a DM or group DM. */
  readonly guildId: string | null;
}
