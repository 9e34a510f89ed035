/**
 * Every bound the Activity's server holds a client to (docs/OPERATING.md, "The Activity
 * against hostile clients"): what one page, one user or one address may cost the bot.
 * The operator's knobs come from config.ts (ACTIVITY_*); the rest are fixed here. Presses
 * have their own (limits.ts: PRESS_LIMITS, REFUSAL_LIMITS).
 */
export interface ActivityLimits {
  /** Unsent bytes queued for one socket before it is cut off (a client that does not read). */
  maxBufferedBytes: number;
  /** A ping this often; a socket that has not answered the last one by the next is ended. */
  pingIntervalMs: number;
  /** Open sockets of one user at once (a phone and a desktop, a reload or two). */
  socketsPerUser: number;
  /** Tickets of one user issued and not yet used, at once. */
  ticketsPerUser: number;
  /** Each address's bucket, per route (`/api/session`, `/api/ticket`): at once, and back per second. */
  addressBurst: number;
  addressPerSecond: number;
  /** Each user's bucket on `/api/ticket` (by the session's user: a new session does not refill it). */
  userBurst: number;
  userPerSecond: number;
  /** The Activity's Discord calls in flight at once, and more waiting their turn (a few seconds at most); beyond, 429 (never queued on the bot's REST budget). */
  discordInFlight: number;
  discordWaiting: number;
  /** The Activity's Discord calls per second, and at once: a fraction of discord.js's global 50/s, which the chat shares. */
  discordPerSecond: number;
  discordBurst: number;
  /** One address's API requests in flight at once, and waiting: one origin's flood leaves room for everyone else. */
  addressInFlight: number;
  addressWaiting: number;
  /** How long an instance Discord said does not exist is taken as gone without asking again. */
  missingInstanceMs: number;
  /** Addresses of the reverse proxies whose `X-Forwarded-For` names the client; none: the socket's address. */
  trustedProxies: string[];
  /** Origins besides Discord's that may frame the page (CSP `frame-ancestors`). */
  frameAncestors: string[];
  /** TCP connections held at once (HTTP and WebSocket together). */
  maxConnections: number;
  /** A request's headers, its whole request, and its body, each within this long. */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  bodyTimeoutMs: number;
}

export const ACTIVITY_LIMITS: ActivityLimits = {
  maxBufferedBytes: 256 * 1024,
  pingIntervalMs: 30_000,
  socketsPerUser: 4,
  ticketsPerUser: 4,
  // Players reach the bot through Discord's proxy, from a few of its addresses: an address's
  // bucket is sized for many players signing in at once, and stops a flood from one origin.
  addressBurst: 60,
  addressPerSecond: 10,
  userBurst: 6,
  userPerSecond: 0.5,
  discordInFlight: 8,
  discordWaiting: 64,
  // Twice an address's own rate: a flood from one origin never spends it all, and a player
  // from elsewhere still finds half; two fifths of discord.js's global 50/s, the rest the chat's.
  discordPerSecond: 20,
  discordBurst: 40,
  addressInFlight: 4,
  addressWaiting: 32,
  missingInstanceMs: 30_000,
  trustedProxies: [],
  frameAncestors: [],
  maxConnections: 1_000,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 15_000,
  bodyTimeoutMs: 5_000,
};
