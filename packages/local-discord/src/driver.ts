import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIMessage } from 'discord-api-types/v10';
import type { ActivityInstanceRecord } from './activities.ts';
import type { LocalDiscordAddress, Ref } from './base.ts';
import { InvocationError } from './commands.ts';
import type { FaultOptions } from './faults.ts';
import type { LatencyStats } from './interactions.ts';
import { channelPermissions } from './permissions.ts';
import type { RateLimitConfig } from './ratelimit.ts';
import type { RequestCounts } from './request-counts.ts';
import type { RoleConnection } from './rest/role-connections.ts';
import { apiPrefix } from './rest/server.ts';
import type { SpecCounts, SpecViolation } from './spec/checker.ts';
import { LocalDiscordUsers } from './users.ts';
import { waitUntil } from './wait.ts';

/**
 * A Discord-compatible server on 127.0.0.1 for tests and the playground, and the
 * driver that plays its users. The unchanged discord.js client connects to it: REST
 * at `restBase`, gateway from `GET /gateway/bot`. This file serves it and holds what
 * tests read and tune (messages, counts, faults, rate limits, latency); the world it
 * builds is world.ts, what its users do users.ts, the wiring they share base.ts.
 */
export class LocalDiscord extends LocalDiscordUsers {
  async start(options: { port?: number; host?: string } = {}): Promise<LocalDiscordAddress> {
    const host = options.host ?? '127.0.0.1';
    // Imported only here: the checker needs the dev dependencies (discord-api-spec, zod, typescript).
    if (this.specCheck && !this.rest.spec) this.rest.spec = new (await import('./spec/checker.ts')).SpecChecker();
    const server = createServer((request, response) => void this.onRequest(request, response));
    server.on('upgrade', (request, socket, head) => {
      if (new URL(request.url ?? '/', 'http://local').pathname === '/gateway') {
        this.gateway.handleUpgrade(request, socket, head);
      } else socket.destroy();
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const httpBase = `http://${host}:${port}`;
    this.server = server;
    this.address = { port, httpBase, restBase: `${httpBase}/api`, gatewayUrl: `ws://${host}:${port}/gateway` };
    return this.address;
  }

  /** Stops serving; then fails, naming each one, if the spec check found violations no test took. */
  async stop(): Promise<void> {
    this.gateway.close();
    const server = this.server;
    this.server = null;
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    const spec = this.rest.spec;
    if (!spec) return;
    spec.report();
    const left = spec.takeViolations();
    if (left.length > 0) {
      const { describeViolations } = await import('./spec/checker.ts');
      throw new Error(`The local Discord saw REST traffic outside Discord's spec:\n${describeViolations(left)}`);
    }
  }

  /** What the spec check counted so far (zeros when it is off). */
  specCounts(): SpecCounts {
    return this.rest.spec?.counts() ?? { requests: 0, responses: 0, violations: 0 };
  }

  /** The spec violations so far, handed to a test that provoked them on purpose: `stop()` no longer fails on them. */
  takeSpecViolations(): SpecViolation[] {
    return this.rest.spec?.takeViolations() ?? [];
  }

  /** 401, 403 and 429 answers the bot has had (Discord bans an IP past 10,000 in 10 minutes). */
  invalidRequests(): number {
    return this.rest.invalidRequests;
  }

  /** Follow-ups refused with 40094: an interaction asked for a 6th where only a user install authorizes the app. */
  followUpLimitHits(): number {
    return this.interactions.followUpLimitHits;
  }

  /** 429 answers with a shared scope so far (a channel's own limit, or an injected one): Discord does not count them as invalid. */
  sharedRateLimits(): number {
    return this.rest.sharedRateLimits;
  }

  /** The channel as `as` sees it (their ephemerals included), oldest first; without `as`, public messages only. */
  channelMessages(channel: Ref, options: { as?: Ref } = {}): APIMessage[] {
    return this.store.channelMessages(channel.id, options.as?.id ?? '').map((m) => m.message);
  }

  /** The newest message visible to `as` that matches `predicate`, now or once created or edited. */
  waitForMessage(
    channel: Ref,
    predicate: (message: APIMessage) => boolean,
    options: { as?: Ref; timeoutMs?: number } = {},
  ): Promise<APIMessage> {
    const timeoutMs = options.timeoutMs ?? 20_000;
    const check = () => this.channelMessages(channel, options).reverse().find(predicate);
    return waitUntil(this.changes, channel.id, check, timeoutMs, `a matching message in channel ${channel.id}`);
  }

  /** The application's OAuth2 client secret: what a self-hoster copies from the Developer Portal (DISCORD_CLIENT_SECRET). */
  get clientSecret(): string {
    return this.activities.clientSecret;
  }

  /**
   * `user` opens the app's Activity in `channel` from the App Launcher: they join the
   * instance running there, or start one. (A bot's LAUNCH_ACTIVITY answer does the same.)
   */
  launchActivity(user: Ref, channel: Ref): ActivityInstanceRecord {
    if (!this.activities.enabled) throw new InvocationError('the application has no Activities');
    const record = this.store.channel(channel.id);
    const inChannel = record.group
      ? record.group.recipientIds.includes(user.id)
      : record.guildId === ''
        ? record.recipientId === user.id
        : this.store.guild(record.guildId).members.has(user.id);
    if (!inChannel) throw new InvocationError(`user ${user.id} cannot see channel ${channel.id}`);
    return this.activities.launch(record, user.id);
  }

  /** `user` joins a running instance (Discord's "Join Activity"). */
  joinActivity(user: Ref, instance: { instanceId: string }): ActivityInstanceRecord {
    return this.activities.join(instance.instanceId, user.id);
  }

  /** `user` closes the Activity; once the last one has, the instance is gone (404). */
  leaveActivity(user: Ref, instance: { instanceId: string }): void {
    this.activities.leave(instance.instanceId, user.id);
  }

  /** A running instance as Discord keeps it, or null once it ended. */
  activityInstance(instanceId: string): ActivityInstanceRecord | null {
    return this.activities.instances.get(instanceId) ?? null;
  }

  /** The instance running in a channel (a bot's LAUNCH_ACTIVITY may have started it), or null. */
  activityInstanceIn(channel: Ref): ActivityInstanceRecord | null {
    return this.activities.inChannel(channel.id);
  }

  /**
   * What the Embedded App SDK's `getChannelPermissions` answers `user` in `channel`: their
   * permissions there as a decimal string, "0" in a DM or group DM (as the SDK documents).
   */
  activityChannelPermissions(user: Ref, channel: Ref): string {
    const record = this.store.channel(channel.id);
    if (record.guildId === '') return '0';
    return String(channelPermissions(this.store.guild(record.guildId), record, user.id));
  }

  /**
   * What the Embedded App SDK's `authorize` hands the page for `user`: a single-use OAuth2
   * code, which the Activity's server exchanges at `POST /oauth2/token`.
   */
  authorizeActivity(user: Ref, scopes: string[] = ['identify']): string {
    this.store.user(user.id);
    return this.activities.authorize(user.id, scopes);
  }

  /**
   * `user` opens an OAuth2 authorization URL (docs: topics/oauth2, "Authorization Code
   * Grant") and approves it: the answer is where Discord sends the browser back, the
   * `redirect_uri` with a single-use `code` and the `state` it was given. The URL must
   * name this application, `response_type=code` and its scopes.
   */
  approveOAuth2(user: Ref, authorizeUrl: string): string {
    const url = new URL(authorizeUrl);
    const q = url.searchParams;
    const redirect = q.get('redirect_uri');
    if (!url.pathname.endsWith('/oauth2/authorize'))
      throw new InvocationError(`not an authorization URL: ${url.pathname}`);
    if (q.get('client_id') !== this.bot.user.id) throw new InvocationError('the URL names another application');
    if (q.get('response_type') !== 'code') throw new InvocationError('response_type must be code');
    if (!redirect) throw new InvocationError('the URL has no redirect_uri');
    const scopes = (q.get('scope') ?? '').split(' ').filter(Boolean);
    if (scopes.length === 0) throw new InvocationError('the URL asks for no scope');
    this.store.user(user.id);
    const back = new URL(redirect);
    back.searchParams.set('code', this.activities.authorize(user.id, scopes));
    const state = q.get('state');
    if (state !== null) back.searchParams.set('state', state);
    return back.toString();
  }

  /**
   * `user` removes the application in Settings → Authorized Apps: their access and refresh
   * tokens stop working (a role connection's writer learns it at its next call).
   */
  deauthorizeApp(user: Ref): void {
    this.activities.deauthorize(user.id);
  }

  /** A user's role connection with this application, as the last PUT left it (null: never written). */
  roleConnectionOf(user: Ref): RoleConnection | null {
    return this.roleConnections.connections.get(user.id) ?? null;
  }

  /** The application's role connection metadata records. */
  roleConnectionMetadata(): readonly unknown[] {
    return this.roleConnections.metadata;
  }

  /** An uploaded file by attachment id (also served at the attachment's `url`). */
  attachment(id: string): { filename: string; contentType: string; bytes: Buffer } | null {
    return this.store.attachments.get(id) ?? null;
  }

  /** An application emoji's picture, as the CDN serves it. */
  applicationEmoji(id: string): { name: string; contentType: string; bytes: Buffer } | null {
    return this.store.applicationEmojis.get(id) ?? null;
  }

  /** The next `count` REST requests matching `pattern` fail with `status` (see `compileFaultPattern`). */
  failRoute(pattern: string | RegExp, status: number, count: number, options?: FaultOptions): void {
    this.faults.add(pattern, status, count, options);
  }

  /** REST requests since the last reset, split into global-limited and interaction-exempt, per route. */
  requestCounts(): RequestCounts {
    return this.requestCounter.counts();
  }

  resetRequestCounts(): void {
    this.requestCounter.reset();
  }

  clearFaults(): void {
    this.faults.clear();
  }

  /** How many injected failures have not been served yet (a test waits for the bot to hit one). */
  pendingFaults(): number {
    return this.faults.pending();
  }

  /** Kills the gateway sockets without a close frame; the client resumes and gets what it missed. */
  dropGateway(): void {
    this.gateway.dropConnections();
  }

  /** True while the bot has an open gateway socket. */
  get botConnected(): boolean {
    return this.gateway.connected;
  }

  setRateLimits(config: RateLimitConfig): void {
    this.limiter.configure(config);
  }

  /** Acknowledgement latency since the last `resetLatency()`: for the `ack-latency` bench. */
  latency(): LatencyStats {
    return this.interactions.stats();
  }

  resetLatency(): void {
    this.interactions.resetStats();
  }

  private async onRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      const path = new URL(request.url ?? '/', 'http://local').pathname;
      if (path.startsWith(`${apiPrefix}/`)) return await this.rest.handle(request, response);
      const attachment = /^\/attachments\/\d+\/(\d+)\//.exec(path);
      // The CDN's emoji pictures (`/emojis/{id}.png`, whatever format was uploaded, as Discord converts).
      const emoji = /^\/emojis\/(\d+)\.(png|webp|gif)$/.exec(path);
      const file = attachment
        ? this.store.attachments.get(attachment[1] ?? '')
        : emoji
          ? this.store.applicationEmojis.get(emoji[1] ?? '')
          : undefined;
      if (request.method === 'GET' && file) {
        response.writeHead(200, { 'Content-Type': file.contentType, 'Content-Length': file.bytes.length });
        response.end(file.bytes);
        return;
      }
      response.writeHead(404, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ message: '404: Not Found', code: 0 }));
    } catch {
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ message: '500: Internal Server Error', code: 0 }));
    }
  }
}
