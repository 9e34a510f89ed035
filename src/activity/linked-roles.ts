import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ensureLanguages, LOCALES, SOURCE_LOCALE, t } from '../i18n/index.ts';
import type { Logger } from '../log.ts';
import type { ActivityDiscord, OAuthTokens } from './discord-api.ts';
import { Signer } from './signed.ts';

/** How long the way to Discord's consent screen and back may take. */
const STATE_MS = 10 * 60_000;

export interface LinkedRolesOptions {
  clientSecret: string;
  applicationId: () => string;
  discord: ActivityDiscord;
  /** Saves the player's tokens (the access token dies at `expiresAt`) and writes their connection at once. */
  link(userId: string, tokens: OAuthTokens, expiresAt: number): Promise<void>;
  log: Logger;
  now: () => number;
  /** Where Discord's consent screen is (its own site in production). */
  authorizeBase?: string;
}

export interface LinkedRoles {
  /** Answers `/linked-roles` and `/linked-roles/callback`; false for any other path. */
  handle(path: string, url: URL, request: IncomingMessage, response: ServerResponse): Promise<boolean>;
}

/** This server's own address as the browser reached it: the redirect Discord sends the player back to. */
function origin(request: IncomingMessage): string {
  const host = request.headers.host ?? '127.0.0.1';
  const forwarded = request.headers['x-forwarded-proto'];
  const proto =
    typeof forwarded === 'string' ? forwarded : /^(127\.0\.0\.1|localhost)(:|$)/.test(host) ? 'http' : 'https';
  return `${proto}://${host}`;
}

function page(response: ServerResponse, status: number, text: string): void {
  const escaped = text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(`<!doctype html><meta charset="utf-8"><title>guts</title><p>${escaped}</p>`);
}

/**
 * Linked roles' verification URL (the application's "Linked Roles Verification URL"):
 * `/linked-roles` sends the player to Discord's consent screen for `role_connections.write`
 * with a signed state; `/linked-roles/callback` checks the state, exchanges the code
 * through the bot's REST client, saves the player's token and writes their connection.
 * A forged or stale state, or a code Discord refuses, is a plain 403 that saves nothing.
 */
export function linkedRoles(options: LinkedRolesOptions): LinkedRoles {
  const states = new Signer(options.clientSecret, 'linked roles');
  const base = options.authorizeBase ?? 'https://discord.com';
  return {
    async handle(path, url, request, response) {
      if (path === '/linked-roles') {
        const query = new URLSearchParams({
          client_id: options.applicationId(),
          redirect_uri: `${origin(request)}/linked-roles/callback`,
          response_type: 'code',
          scope: 'role_connections.write identify',
          state: states.sign({ n: randomBytes(12).toString('base64url') }, options.now() + STATE_MS),
          prompt: 'consent',
        });
        response.writeHead(302, { Location: `${base}/oauth2/authorize?${query}`, 'Cache-Control': 'no-store' });
        response.end();
        return true;
      }
      if (path !== '/linked-roles/callback') return false;
      const state = url.searchParams.get('state') ?? '';
      const code = url.searchParams.get('code') ?? '';
      const found =
        code.length <= 200 && states.read(state, options.now()) ? await options.discord.userOfCode(code) : null;
      const lang = request.headers['accept-language']?.split(',')[0]?.split(';')[0]?.trim() ?? '';
      const locale = LOCALES.find((l) => l.toLowerCase() === lang.toLowerCase()) ?? SOURCE_LOCALE;
      await ensureLanguages(locale);
      if (!found) {
        // At debug: a flood of forged callbacks writes no line each (the server's refusals are summed up).
        options.log.debug({ path }, 'linked roles: refused a callback');
        page(response, 403, t(locale, 'activity.refused'));
        return true;
      }
      const { user, ...tokens } = found;
      await options.link(user.id, tokens, options.now() + tokens.expiresIn * 1000);
      page(response, 200, t(user.locale ?? locale, 'linkedRoles.linked'));
      return true;
    },
  };
}
