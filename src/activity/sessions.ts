import type { ActivityDiscord, DiscordUser } from './discord-api.ts';
import { Signer } from './signed.ts';

/** How long a page's session lasts: it asks for tickets with it, and authorizes again after. */
export const SESSION_LIFETIME_MS = 10 * 60 * 1000;

/** Who a session says the page's user is: what Discord's `/users/@me` said when it was made. */
export interface SessionUser {
  userId: string;
  username: string;
  globalName: string | null;
  avatar: string | null;
  locale: string;
}

/** What `POST /api/session` answers: the access token for the SDK's `authenticate`, the session, the user. */
export interface SessionAnswer {
  accessToken: string;
  session: string;
  user: SessionUser;
}

const userOf = (user: DiscordUser): SessionUser => ({
  userId: user.id,
  username: user.username,
  globalName: user.global_name,
  avatar: user.avatar,
  locale: user.locale ?? 'en-US',
});

/**
 * Sessions: a page proves who its user is with the code the SDK's `authorize` gave it,
 * exchanged with Discord (never taken on its word); it gets a short-lived session signed
 * with a key from the client secret, which any shard of the bot reads back.
 */
export class Sessions {
  private readonly signer: Signer;

  constructor(
    clientSecret: string,
    private readonly discord: ActivityDiscord,
    private readonly now: () => number,
  ) {
    this.signer = new Signer(clientSecret, 'session');
  }

  /** A session for the code's user; null when Discord refuses the code. */
  async open(code: string): Promise<SessionAnswer | null> {
    const found = await this.discord.userOfCode(code);
    if (!found) return null;
    const user = userOf(found.user);
    return {
      accessToken: found.accessToken,
      session: this.signer.sign(user, this.now() + SESSION_LIFETIME_MS),
      user,
    };
  }

  /** The user of a session this bot signed and that has not expired; null for anything else. */
  read(session: string): SessionUser | null {
    const payload = this.signer.read<SessionUser>(session, this.now());
    if (!payload) return null;
    const { exp: _exp, ...user } = payload;
    return user;
  }
}
