import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdjustableClock, accessTokenLifetimeSeconds, noRateLimits } from '../../src/index.ts';
import { type Harness, startHarness } from '../harness.ts';

/** Linked roles as Discord documents them: the application's metadata, and a user's connection behind their own token. */
describe('linked roles', () => {
  let h: Harness;
  const api = () => `${h.client.rest.options.api}/v10`;
  const app = () => h.discord.bot.user.id;
  const json = (method: string, path: string, auth: string, body?: unknown) =>
    fetch(`${api()}${path}`, {
      method,
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const bot = () => `Bot ${h.discord.bot.token}`;
  const clock = new AdjustableClock();
  /** A token request at OAuth2's token URL, authenticated as the application (HTTP Basic). */
  const tokenRequest = (form: Record<string, string>) =>
    fetch(`${api()}/oauth2/token`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: `Basic ${Buffer.from(`${app()}:${h.discord.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams(form),
    });
  interface TokenAnswer {
    access_token: string;
    refresh_token: string;
    expires_in: number;
    scope: string;
  }
  /** A token for `scopes`, through the web flow: authorize URL, approval, code exchange. */
  async function tokenFor(scopes: string): Promise<string> {
    return (await tokensFor(scopes)).access_token;
  }
  async function tokensFor(scopes: string): Promise<TokenAnswer> {
    const authorize = `https://discord.com/oauth2/authorize?client_id=${app()}&response_type=code&scope=${encodeURIComponent(scopes)}&redirect_uri=${encodeURIComponent('http://127.0.0.1:1/cb')}&state=s1`;
    const back = new URL(h.discord.approveOAuth2(h.ann, authorize));
    expect(back.searchParams.get('state')).toBe('s1');
    const answer = await tokenRequest({ grant_type: 'authorization_code', code: back.searchParams.get('code') ?? '' });
    return (await answer.json()) as TokenAnswer;
  }

  beforeAll(async () => {
    h = await startHarness({ rateLimits: noRateLimits, clock });
  });
  afterAll(async () => {
    await h.close();
  });

  it('keeps at most 5 metadata records with well-formed keys', async () => {
    const records = [{ type: 2, key: 'deals_won', name: 'Deals won', description: 'Deals won at guts' }];
    expect(
      await (await json('PUT', `/applications/${app()}/role-connections/metadata`, bot(), records)).json(),
    ).toEqual(records);
    const six = Array.from({ length: 6 }, (_, i) => ({ ...records[0], key: `k${i}` }));
    const tooMany = await json('PUT', `/applications/${app()}/role-connections/metadata`, bot(), six);
    expect(tooMany.status).toBe(400);
    const badKey = await json('PUT', `/applications/${app()}/role-connections/metadata`, bot(), [
      { ...records[0], key: 'Deals Won' },
    ]);
    expect(((await badKey.json()) as { code: number }).code).toBe(50035);
    expect(h.discord.roleConnectionMetadata()).toEqual(records);
  });

  it("writes a user's connection only with their role_connections.write token, and only registered keys", async () => {
    const path = `/users/@me/applications/${app()}/role-connection`;
    const body = { platform_name: 'Guts', metadata: { deals_won: '3' } };
    expect((await json('PUT', path, bot(), body)).status).toBe(401);
    const identify = await tokenFor('identify');
    expect((await json('PUT', path, `Bearer ${identify}`, body)).status).toBe(403);
    const token = await tokenFor('role_connections.write identify');
    const written = await json('PUT', path, `Bearer ${token}`, body);
    expect(await written.json()).toEqual({
      platform_name: 'Guts',
      platform_username: null,
      metadata: { deals_won: '3' },
    });
    expect(h.discord.roleConnectionOf(h.ann)?.metadata).toEqual({ deals_won: '3' });
    const unknown = await json('PUT', path, `Bearer ${token}`, { metadata: { wins: '1' } });
    expect(unknown.status).toBe(400);
    expect(await (await json('GET', path, `Bearer ${token}`)).json()).toMatchObject({ metadata: { deals_won: '3' } });
  });

  // Last in the file: it moves the clock on a week.
  it('expires an access token after expires_in, and refreshes it once per refresh token until deauthorized', async () => {
    const path = `/users/@me/applications/${app()}/role-connection`;
    const body = { platform_name: 'Guts', metadata: { deals_won: '4' } };
    const first = await tokensFor('role_connections.write identify');
    expect(first.expires_in).toBe(accessTokenLifetimeSeconds);
    expect((await json('PUT', path, `Bearer ${first.access_token}`, body)).status).toBe(200);
    clock.advance(accessTokenLifetimeSeconds * 1000);
    expect((await json('PUT', path, `Bearer ${first.access_token}`, body)).status).toBe(401);
    // No client credentials, no refresh.
    const anonymous = await fetch(`${api()}/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: first.refresh_token }),
    });
    expect(await anonymous.json()).toEqual({ error: 'invalid_client' });
    const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(refreshed.status).toBe(200);
    const second = (await refreshed.json()) as TokenAnswer;
    expect(second).toMatchObject({ token_type: 'Bearer', scope: 'role_connections.write identify' });
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await json('PUT', path, `Bearer ${second.access_token}`, body)).status).toBe(200);
    // A refresh token is spent once used.
    const again = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'invalid_grant' });
    // The user takes the app back: neither the access token nor the refresh token works.
    h.discord.deauthorizeApp(h.ann);
    expect((await json('PUT', path, `Bearer ${second.access_token}`, body)).status).toBe(401);
    const revoked = await tokenRequest({ grant_type: 'refresh_token', refresh_token: second.refresh_token });
    expect(await revoked.json()).toEqual({ error: 'invalid_grant' });
  });
});
