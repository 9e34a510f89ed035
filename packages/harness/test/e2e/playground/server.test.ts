import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Routes } from 'discord.js';
import type { APIMessage } from 'discord-api-types/v10';
import { cardEmojiSet } from 'guts/src/render/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Playground, startPlayground } from '../../../src/playground/index.ts';

function customIdOf(message: APIMessage, label: string): string {
  for (const row of message.components ?? []) {
    for (const c of (row as { components: { label?: string; custom_id?: string }[] }).components) {
      if (c.label === label && c.custom_id) return c.custom_id;
    }
  }
  throw new Error(`no ${label} button`);
}

/** The page server's API without a browser: what it refuses, and who sees what. */
describe('the playground API', () => {
  const dir = mkdtempSync(join(tmpdir(), 'guts-playground-api-'));
  let playground: Playground;
  let interactions = 0;
  let lobby: APIMessage;
  let bensAnswer: APIMessage;
  let joinId: string;

  const post = async (path: string, body: unknown, contentType = 'application/json') => {
    const response = await fetch(`${playground.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': contentType },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { ok?: boolean; error?: string } };
  };
  const messages = async (seat: string): Promise<APIMessage[]> =>
    (await fetch(`${playground.url}/api/messages?seat=${seat}`)).json() as Promise<APIMessage[]>;

  beforeAll(async () => {
    playground = await startPlayground({ port: 0, dbUrl: `file:${join(dir, 'playground.db')}` });
    playground.discord.on('interactionCreate', () => interactions++);
    const started = await post('/api/command', { seat: 'Ann', line: '/guts start variant:three-card' });
    expect(started).toEqual({ status: 200, body: { ok: true } });
    lobby = await playground.discord.waitForMessage({ id: playground.channelId }, (m) =>
      /^Guts: /.test(m.embeds[0]?.title ?? ''),
    );
    joinId = customIdOf(lobby, 'Join');
    expect(await post('/api/press', { seat: 'Ben', messageId: lobby.id, customId: joinId })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    bensAnswer = await playground.discord.waitForMessage(
      { id: playground.channelId },
      (m) => (m.content ?? '').includes("You're in"),
      { as: { id: playground.seats().find((s) => s.name === 'Ben')!.id } },
    );
  });

  afterAll(async () => {
    await playground?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('describes the seats and the registered commands', async () => {
    const state = (await (await fetch(`${playground.url}/api/state`)).json()) as {
      seats: { name: string }[];
      commands: { name: string }[];
    };
    expect(state.seats.map((s) => s.name)).toEqual(['Ann', 'Ben', 'Cat', 'Dan']);
    expect(state.commands.map((c) => c.name).sort()).toEqual(['guts', 'guts-seasons', 'ledger']);
  });

  it('shows an ephemeral answer to its seat only', async () => {
    expect((await messages('Ben')).map((m) => m.id)).toContain(bensAnswer.id);
    expect((await messages('Ann')).map((m) => m.id)).not.toContain(bensAnswer.id);
    expect((await messages('Cat')).map((m) => m.id)).toContain(lobby.id);
  });

  it('refuses unknown seats, unknown messages and other seats’ ephemerals, without interacting', async () => {
    const before = interactions;
    expect(await post('/api/command', { seat: 'Zed', line: '/guts help' })).toMatchObject({ status: 404 });
    expect(await post('/api/press', { seat: 'Zed', messageId: lobby.id, customId: joinId })).toMatchObject({
      status: 404,
    });
    expect(await post('/api/press', { seat: 'Cat', messageId: '123', customId: joinId })).toMatchObject({
      status: 404,
      body: { error: 'no message 123 that Cat can see' },
    });
    expect(await post('/api/press', { seat: 'Ann', messageId: bensAnswer.id, customId: 'x' })).toMatchObject({
      status: 404,
    });
    expect(
      await post('/api/select', { seat: 'Ann', messageId: bensAnswer.id, customId: 'x', values: ['1'] }),
    ).toMatchObject({ status: 404 });
    expect((await fetch(`${playground.url}/events?seat=Zed`)).status).toBe(404);
    expect(interactions).toBe(before);
  });

  it('refuses what Discord would not send: bad commands, missing buttons, odd bodies', async () => {
    const before = interactions;
    expect(await post('/api/command', { seat: 'Ann', line: '/guts start variant:chess ante:ten' })).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/ante: takes a whole number/) },
    });
    expect(await post('/api/press', { seat: 'Cat', messageId: lobby.id, customId: 'Explode' })).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/no button "Explode"/) },
    });
    expect(await post('/api/press', { seat: 'Cat', messageId: lobby.id })).toMatchObject({ status: 400 });
    expect(await post('/api/press', ['Cat'])).toMatchObject({ status: 400 });
    // Only JSON: a form post from another site cannot reach the endpoints without a CORS preflight.
    expect(await post('/api/command', { seat: 'Ann', line: '/guts help' }, 'text/plain')).toMatchObject({
      status: 415,
    });
    expect(interactions).toBe(before);
  });

  it("suggests an autocomplete field's values from the bot, as Discord's client does", async () => {
    const answer = await post('/api/autocomplete', { seat: 'Ann', line: '/guts start variant:357', option: 'variant' });
    expect(answer.status).toBe(200);
    expect((answer.body as { choices?: { value: string }[] }).choices?.[0]?.value).toBe('three-five-seven');
  });

  it("takes and completes a German seat's command in German names, as its Discord client shows them", async () => {
    expect(await post('/api/seats/locale', { seat: 'Cat', locale: 'de' })).toMatchObject({ status: 200 });
    try {
      // The option focused and still empty: Discord asks the bot already.
      const empty = await post('/api/autocomplete', {
        seat: 'Cat',
        line: '/guts starten variante:',
        option: 'variant',
      });
      expect((empty.body as { choices?: unknown[] }).choices?.length).toBeGreaterThan(0);
      const typed = await post('/api/autocomplete', {
        seat: 'Cat',
        line: '/guts starten variante:357',
        option: 'variant',
      });
      expect((typed.body as { choices?: { value: string }[] }).choices?.[0]?.value).toBe('three-five-seven');
      // The same words from an English seat are no command.
      expect(await post('/api/command', { seat: 'Dan', line: '/guts regeln' })).toMatchObject({ status: 400 });
    } finally {
      await post('/api/seats/locale', { seat: 'Cat', locale: 'en-US' });
    }
  });

  it('adds a seat once, and only with a plain name', async () => {
    expect(await post('/api/seats', { name: 'Eve' })).toMatchObject({ status: 201, body: { name: 'Eve' } });
    expect(await post('/api/seats', { name: 'eve' })).toMatchObject({ status: 400 });
    expect(await post('/api/seats', { name: '<script>' })).toMatchObject({ status: 400 });
    expect((await messages('Eve')).map((m) => m.id)).toContain(lobby.id);
  });

  it('gives each seat its own Discord language: its private answers come in it', async () => {
    const state = (await (await fetch(`${playground.url}/api/state`)).json()) as { locales: string[] };
    expect(state.locales).toEqual(expect.arrayContaining(['de', 'ja', 'pt-BR', 'en-US']));
    expect(await post('/api/seats/locale', { seat: 'Eve', locale: 'ja' })).toMatchObject({
      status: 200,
      body: { name: 'Eve', locale: 'ja' },
    });
    expect(await post('/api/seats/locale', { seat: 'Eve', locale: 'xx' })).toMatchObject({ status: 400 });
    expect(await post('/api/command', { seat: 'Eve', line: '/guts help' })).toMatchObject({ status: 200 });
    const eve = { id: playground.seats().find((s) => s.name === 'Eve')!.id };
    const help = await playground.discord.waitForMessage(
      { id: playground.channelId },
      (m) => (m.content ?? '').startsWith('**ゲームの流れ**'),
      { as: eve },
    );
    expect(help.flags).toBe(64);
    await post('/api/seats/locale', { seat: 'Eve', locale: 'en-US' });
  });

  it('streams changes live, each seat getting only what it may see', async () => {
    const response = await fetch(`${playground.url}/events?seat=Ann`);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    let text = '';
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        text += new TextDecoder().decode(value);
      }
    };
    await readUntil(/^event: snapshot\ndata: .*\n\n/m);
    expect(text).not.toContain(bensAnswer.id);
    await post('/api/press', { seat: 'Cat', messageId: lobby.id, customId: joinId });
    // The lobby's edit (Cat joins) is public; Cat's "You're in" is not Ann's to see.
    await readUntil(/event: message\ndata: .*\*\*Cat\*\*/);
    expect(text).not.toContain("You're in");
    await reader.cancel();
  });

  it("sends the group DM's commands as Discord does there: context 2, the user install only, a user, no guild", async () => {
    const groupDm = playground.groupDmId;
    const ids = Object.fromEntries(playground.seats().map((s) => [s.name, s.id]));
    const state = (await (await fetch(`${playground.url}/api/state`)).json()) as {
      groupDm: { id: string; memberIds: string[] };
    };
    // Ann made it with Ben, Cat and Dan; Eve, seated later, was added to it.
    expect(state.groupDm).toEqual({ id: groupDm, memberIds: ['Ann', 'Ben', 'Cat', 'Dan', 'Eve'].map((n) => ids[n]) });
    const payloads: Record<string, unknown>[] = [];
    const listen = (handle: { payload: unknown }) => payloads.push(handle.payload as Record<string, unknown>);
    playground.discord.on('interactionCreate', listen);
    try {
      expect(await post('/api/command', { seat: 'Ben', channel: groupDm, line: '/guts help' })).toEqual({
        status: 200,
        body: { ok: true },
      });
    } finally {
      playground.discord.off('interactionCreate', listen);
    }
    const [payload] = payloads;
    expect(payload).toMatchObject({
      channel_id: groupDm,
      context: 2,
      authorizing_integration_owners: { '1': ids.Ben },
      user: { id: ids.Ben },
      channel: { type: 3, owner_id: ids.Ann },
    });
    expect(payload).not.toHaveProperty('guild_id');
    expect(payload).not.toHaveProperty('member');
    // The answer is in the group DM, for Ben only, and the server channel never shows it.
    const ben = { id: ids.Ben! };
    const help = await playground.discord.waitForMessage(
      { id: groupDm },
      (m) => (m.content ?? '').startsWith('**How a game goes**'),
      {
        as: ben,
      },
    );
    expect((await messages(`Ben&channel=${groupDm}`)).map((m) => m.id)).toContain(help.id);
    expect((await messages('Ben')).map((m) => m.id)).not.toContain(help.id);
    expect((await messages('Ben')).map((m) => m.id)).toContain(lobby.id);
    expect((await messages(`Ben&channel=${groupDm}`)).map((m) => m.id)).not.toContain(lobby.id);
  });

  it('refuses the group DM to a seat not in it, and channels that are not the playground’s', async () => {
    const groupDm = playground.groupDmId;
    for (const name of ['Fay', 'Gus', 'Hal', 'Ivy', 'Jo', 'Kim']) await post('/api/seats', { name });
    const state = (await (await fetch(`${playground.url}/api/state`)).json()) as { groupDm: { memberIds: string[] } };
    // Discord's client fits ten in a group DM: Kim, the eleventh seat, plays in the server only.
    expect(state.groupDm.memberIds).toHaveLength(10);
    const before = interactions;
    expect(await post('/api/command', { seat: 'Kim', channel: groupDm, line: '/guts help' })).toEqual({
      status: 403,
      body: { error: 'Kim is not in the group DM' },
    });
    expect((await fetch(`${playground.url}/events?seat=Kim&channel=${groupDm}`)).status).toBe(403);
    expect(await post('/api/command', { seat: 'Ann', channel: '123', line: '/guts help' })).toMatchObject({
      status: 404,
    });
    expect(interactions).toBe(before);
  });

  it('serves the page with no outside resources, and the pictures through itself', async () => {
    const page = await fetch(playground.url);
    const html = await page.text();
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(html).toContain('<script>');
    expect(html).not.toMatch(/(src|href)="https?:/);
    expect((await fetch(`${playground.url}/attachments/1/2/x.png`)).status).toBe(404);
    // The card emojis its local Discord was given at start-up, as Discord's CDN serves them.
    const rest = playground.bot.client.rest;
    const { items } = (await rest.get(Routes.applicationEmojis(playground.discord.bot.user.id))) as {
      items: { id: string; name: string }[];
    };
    expect(items.map((e) => e.name).sort()).toEqual(
      cardEmojiSet()
        .map((e) => e.name)
        .sort(),
    );
    const emoji = await fetch(`${playground.url}/emojis/${items[0]?.id}.png`);
    expect([emoji.status, emoji.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect((await fetch(`${playground.url}/emojis/1.png`)).status).toBe(404);
  });

  it('opens the Activity for the seat that pressed Open table, and signs in only a seat in it', async () => {
    const seat = (name: string) => ({ id: playground.seats().find((s) => s.name === name)!.id });
    const opened = (
      await post('/api/press', { seat: 'Ann', messageId: lobby.id, customId: customIdOf(lobby, 'Open table') })
    ).body as { ok: boolean; activity?: { instanceId: string; url: string } };
    const instance = playground.discord.activityInstanceIn({ id: playground.channelId });
    expect(instance?.users).toEqual([seat('Ann').id]);
    expect(opened).toEqual({ ok: true, activity: { instanceId: instance?.instanceId, url: expect.any(String) } });
    // The stand-in client page, from the Activity's own origin, with what Discord's client frames it with.
    const url = new URL(opened.activity?.url ?? '');
    expect(url.origin).toBe(playground.activityOrigin);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      instance_id: instance?.instanceId,
      channel_id: playground.channelId,
      guild_id: playground.guildId,
      user_id: seat('Ann').id,
    });
    expect((await fetch(url)).status).toBe(200);
    const page = await fetch(playground.url);
    expect(page.headers.get('content-security-policy')).toContain(`frame-src ${playground.activityOrigin}`);

    // A code for Ann, who is in it; none for Ben, who is not.
    const instanceId = instance?.instanceId;
    const ann = await post('/api/activity/authorize', { seat: 'Ann', instanceId });
    expect(ann).toMatchObject({ status: 200, body: { code: expect.any(String) } });
    expect(await post('/api/activity/authorize', { seat: 'Ben', instanceId })).toMatchObject({ status: 403 });
    // Leaving twice is leaving once; the last one out ends the instance.
    expect(await post('/api/activity/leave', { seat: 'Ann', instanceId })).toEqual({ status: 200, body: { ok: true } });
    expect(await post('/api/activity/leave', { seat: 'Ann', instanceId })).toEqual({ status: 200, body: { ok: true } });
    expect(playground.discord.activityInstance(instanceId ?? '')).toBeNull();
    expect(await post('/api/activity/authorize', { seat: 'Ann', instanceId })).toMatchObject({ status: 403 });
  });

  it('opens the group DM’s Activity there, with no guild, for a seat of it', async () => {
    const groupDm = { id: playground.groupDmId };
    const ben = { as: { id: playground.seats().find((s) => s.name === 'Ben')!.id } };
    const line = '/guts start variant:three-card';
    expect(await post('/api/command', { seat: 'Ben', channel: groupDm.id, line })).toMatchObject({ status: 200 });
    const there = await playground.discord.waitForMessage(
      groupDm,
      (m) => /^Guts: /.test(m.embeds[0]?.title ?? ''),
      ben,
    );
    const opened = await post('/api/press', {
      seat: 'Ben',
      channel: groupDm.id,
      messageId: there.id,
      customId: customIdOf(there, 'Open table'),
    });
    const instance = playground.discord.activityInstanceIn(groupDm);
    expect(instance).toMatchObject({ channelId: groupDm.id, guildId: null, users: [ben.as.id] });
    const url = new URL((opened.body as { activity?: { url: string } }).activity?.url ?? '');
    expect(url.searchParams.get('channel_id')).toBe(groupDm.id);
    expect(url.searchParams.has('guild_id')).toBe(false);
    await post('/api/activity/leave', { seat: 'Ben', instanceId: instance?.instanceId });
    expect(playground.discord.activityInstanceIn(groupDm)).toBeNull();
  });
});
