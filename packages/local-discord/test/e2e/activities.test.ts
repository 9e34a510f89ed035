import {
  ApplicationCommandType,
  DiscordAPIError,
  EntryPointCommandHandlerType,
  InteractionResponseType,
  Routes,
} from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdjustableClock, authorizationCodeLifetimeMs, noRateLimits } from '../../src/index.ts';
import { type Harness, startHarness } from '../harness.ts';

const entryPoint = {
  type: ApplicationCommandType.PrimaryEntryPoint,
  name: 'launch',
  description: 'Open the table',
  handler: EntryPointCommandHandlerType.DiscordLaunchActivity,
};

function codeOf(error: unknown): number | string {
  return error instanceof DiscordAPIError ? error.code : String(error);
}

describe('what an Activity needs from Discord', () => {
  let h: Harness;
  const clock = new AdjustableClock();
  const api = () => `${h.client.rest.options.api}/v10`;
  const botAuth = () => ({ Authorization: `Bot ${h.discord.bot.token}` });

  /** The token exchange as an Activity's server makes it: a form, with the client id and secret. */
  const exchange = (code: string, secret = h.discord.clientSecret, basic = true) =>
    fetch(`${api()}/oauth2/token`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(basic
          ? { Authorization: `Basic ${Buffer.from(`${h.discord.bot.user.id}:${secret}`).toString('base64')}` }
          : {}),
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        ...(basic ? {} : { client_id: h.discord.bot.user.id, client_secret: secret }),
      }),
    });
  const instance = (id: string, headers: Record<string, string> = botAuth()) =>
    fetch(`${api()}/applications/${h.discord.bot.user.id}/activity-instances/${id}`, { headers });

  beforeAll(async () => {
    h = await startHarness({ rateLimits: noRateLimits, clock });
  });
  afterAll(async () => {
    await h.close();
  });

  it('exchanges an authorize code once for a token that reads the user at /users/@me', async () => {
    h.discord.setUserLocale(h.ann, 'fr');
    const answer = await exchange(h.discord.authorizeActivity(h.ann));
    expect(answer.status).toBe(200);
    const token = (await answer.json()) as { access_token: string; token_type: string; scope: string };
    expect(token).toMatchObject({ token_type: 'Bearer', scope: 'identify', expires_in: 604_800 });
    const me = await fetch(`${api()}/users/@me`, { headers: { Authorization: `Bearer ${token.access_token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: h.ann.id, username: 'ann', locale: 'fr' });
    // The bot token still reads the bot.
    const bot = await fetch(`${api()}/users/@me`, { headers: botAuth() });
    expect(((await bot.json()) as { id: string }).id).toBe(h.discord.bot.user.id);
  });

  it('takes the client credentials in the form as well as by HTTP Basic', async () => {
    const answer = await exchange(h.discord.authorizeActivity(h.bob), h.discord.clientSecret, false);
    expect(answer.status).toBe(200);
  });

  it('refuses a used code, a late code, a wrong secret and a made-up Bearer token', async () => {
    const code = h.discord.authorizeActivity(h.ann);
    expect((await exchange(code, 'not the secret')).status).toBe(401);
    expect((await exchange(code)).status).toBe(200);
    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
    const late = h.discord.authorizeActivity(h.ann);
    clock.advance(authorizationCodeLifetimeMs + 1);
    expect((await exchange(late)).status).toBe(400);
    expect((await exchange('made-up')).status).toBe(400);
    const forged = await fetch(`${api()}/users/@me`, { headers: { Authorization: 'Bearer made-up' } });
    expect(forged.status).toBe(401);
  });

  it('serves an instance to the bot token with its location and users, and 404 once everyone left', async () => {
    const launched = h.discord.launchActivity(h.ann, h.channel);
    expect(launched.instanceId).toBe(`i-${launched.launchId}-gc-${h.guild.id}-${h.channel.id}`);
    h.discord.joinActivity(h.bob, launched);
    const answer = await instance(launched.instanceId);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      application_id: h.discord.bot.user.id,
      instance_id: launched.instanceId,
      launch_id: launched.launchId,
      location: { id: `gc-${h.guild.id}-${h.channel.id}`, kind: 'gc', channel_id: h.channel.id, guild_id: h.guild.id },
      users: [h.ann.id, h.bob.id],
    });
    expect((await instance(launched.instanceId, {})).status).toBe(401);
    h.discord.leaveActivity(h.ann, launched);
    expect(((await (await instance(launched.instanceId)).json()) as { users: string[] }).users).toEqual([h.bob.id]);
    h.discord.leaveActivity(h.bob, launched);
    expect((await instance(launched.instanceId)).status).toBe(404);
    expect(h.discord.activityInstance(launched.instanceId)).toBeNull();
  });

  it('locates an instance in a group DM as a private channel, without a guild', async () => {
    const group = h.discord.createGroupDm(h.ann, [h.bob], { name: 'friends' });
    const launched = h.discord.launchActivity(h.bob, group);
    const body = (await (await instance(launched.instanceId)).json()) as { location: unknown };
    expect(body.location).toEqual({ id: `pc-${group.id}`, kind: 'pc', channel_id: group.id });
    h.discord.leaveActivity(h.bob, launched);
  });

  it('launches the Activity for the user who pressed, answered LAUNCH_ACTIVITY with_response', async () => {
    let instanceId: string | null = null;
    h.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      const response = await interaction.launchActivity({ withResponse: true });
      expect(response.resource?.type).toBe(InteractionResponseType.LaunchActivity);
      expect(response.interaction.activityInstanceId).toBe(response.resource?.activityInstance?.id);
      instanceId = response.resource?.activityInstance?.id ?? null;
    });
    const handle = h.discord.runCommand(h.bob, h.channel, 'guts', {
      subcommand: 'start',
      options: { variant: 'iron-cross' },
    });
    const ack = await handle.acknowledged();
    expect(ack.type).toBe(InteractionResponseType.LaunchActivity);
    await expect.poll(() => instanceId).not.toBeNull();
    expect(h.handlerErrors).toEqual([]);
    const running = h.discord.activityInstance(instanceId ?? '');
    expect(running?.users).toEqual([h.bob.id]);
    expect(running?.channelId).toBe(h.channel.id);
    // A second launch in the channel joins the instance running there.
    expect(h.discord.launchActivity(h.ann, h.channel).instanceId).toBe(instanceId);
  });

  it('takes one global Entry Point command in the bulk overwrite, with its handler', async () => {
    const appId = h.discord.bot.user.id;
    const app = (await h.client.rest.get(Routes.currentApplication())) as { flags: number };
    expect(app.flags & (1 << 17)).toBe(1 << 17);
    const saved = (await h.client.rest.put(Routes.applicationCommands(appId), { body: [entryPoint] })) as {
      type: number;
      handler: number;
    }[];
    expect(saved).toMatchObject([{ type: 4, name: 'launch', handler: 2 }]);
    const twice = h.client.rest.put(Routes.applicationCommands(appId), {
      body: [entryPoint, { ...entryPoint, name: 'open' }],
    });
    await expect(twice.catch(codeOf)).resolves.toBe(50035);
    const inGuild = h.client.rest.put(Routes.applicationGuildCommands(appId, h.guild.id), { body: [entryPoint] });
    await expect(inGuild.catch(codeOf)).resolves.toBe(50035);
  });

  it("stores an application attachment (a share moment's media) for the bot or any user's token, and serves it", async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const upload = (headers: Record<string, string>, field = 'file', app = h.discord.bot.user.id) => {
      const form = new FormData();
      form.append(field, new Blob([png], { type: 'image/png' }), 'standings.png');
      return fetch(`${api()}/applications/${app}/attachment`, { method: 'POST', headers, body: form });
    };
    const asBot = await upload(botAuth());
    expect(asBot.status).toBe(200);
    const { attachment } = (await asBot.json()) as {
      attachment: { url: string; filename: string; ephemeral: boolean };
    };
    expect(attachment).toMatchObject({ filename: 'standings.png', ephemeral: true });
    const served = await fetch(attachment.url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
    const token = (await (await exchange(h.discord.authorizeActivity(h.ann))).json()) as { access_token: string };
    expect((await upload({ Authorization: `Bearer ${token.access_token}` })).status).toBe(200);
    expect((await upload(botAuth(), 'files[0]')).status).toBe(400);
    expect((await upload(botAuth(), 'file', '1')).status).toBe(403);
    expect((await upload({})).status).toBe(401);
    h.discord.takeSpecViolations();
  });
});

describe('an application without Activities', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ rateLimits: noRateLimits, activities: false });
  });
  afterAll(async () => {
    await h.close();
  });

  it('refuses LAUNCH_ACTIVITY and Entry Point commands', async () => {
    const refusals: unknown[] = [];
    h.onInteraction(async (interaction) => {
      if (interaction.isChatInputCommand()) await interaction.launchActivity().catch((e) => refusals.push(codeOf(e)));
    });
    const handle = h.discord.runCommand(h.ann, h.channel, 'guts', {
      subcommand: 'start',
      options: { variant: 'iron-cross' },
    });
    await expect.poll(() => refusals).toEqual([50035]);
    await expect(handle.acknowledged(200)).rejects.toThrow();
    const put = h.client.rest.put(Routes.applicationCommands(h.discord.bot.user.id), { body: [entryPoint] });
    await expect(put.catch(codeOf)).resolves.toBe(50035);
  });
});
