/** The origins Discord's client frames an Activity from (its web app, its canary and PTB, the proxy). */
export const DISCORD_FRAME_ANCESTORS = ['https://discord.com', 'https://*.discord.com', 'https://*.discordsays.com'];

/**
 * The headers every page response carries: a Content-Security-Policy that lets the page
 * load only its own script, styles and socket (and avatars from Discord's CDN), framed
 * only by Discord's client and the operator's `extraAncestors` (ACTIVITY_FRAME_ANCESTORS:
 * a stand-in client's origin in tests or a playground, never needed in production); no
 * MIME sniffing; no referrer (a socket's URL carries its ticket).
 */
export function pageHeaders(extraAncestors: readonly string[]): Record<string, string> {
  const policy = [
    "default-src 'self'",
    "img-src 'self' data: https://cdn.discordapp.com",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${[...DISCORD_FRAME_ANCESTORS, ...extraAncestors].join(' ')}`,
  ].join('; ');
  return {
    'Content-Security-Policy': policy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
}

/** What every other file served carries: no MIME sniffing, no referrer (a policy applies to a page alone). */
export function assetHeaders(): Record<string, string> {
  return { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' };
}
