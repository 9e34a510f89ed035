import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived tokens the server signs and reads back: `payload.signature`, both
 * base64url, the payload JSON with its expiry (`exp`, ms). The key is derived from the
 * application's client secret, so every shard of the bot accepts what another signed,
 * and nothing a page makes up passes: its word is never taken.
 */
export class Signer {
  private readonly key: Buffer;

  constructor(clientSecret: string, purpose: string) {
    this.key = createHmac('sha256', clientSecret).update(`guts activity ${purpose}`).digest();
  }

  sign(payload: object, expiresAt: number): string {
    const body = Buffer.from(JSON.stringify({ ...payload, exp: expiresAt })).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The payload of a token this key signed that has not expired at `now`; null for anything else. */
  read<T>(token: string, now: number): (T & { exp: number }) | null {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let payload: T & { exp: number };
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    return typeof payload?.exp === 'number' && payload.exp > now ? payload : null;
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
