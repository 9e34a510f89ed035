import { DiscordAPIError, RESTJSONErrorCodes } from 'discord.js';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { BlockedChannels, ChannelLostError, type LostReason } from '../../../src/discord/blocked-channels.ts';
import { ChannelOutput, PUBLIC_FOLLOW_UPS_PER_MINUTE } from '../../../src/discord/channel-output.ts';

/**
 * Where a table's public posts and edits go: follow-ups and edits through interaction
 * tokens, channel calls where none can carry them. Discord is a fake channel and fake
 * token handles that write down every call; the lost channels are the real ones.
 */

const TABLE = 7;
const CHANNEL = '200';

const apiError = (code: number, status = 400) =>
  new DiscordAPIError({ code, message: 'no' }, code, status, 'PATCH', '/channels/200/messages/1', {
    body: null,
    files: [],
  });

/** An interaction token: its follow-ups and edits are written down. */
function fakeHandle(name: string) {
  let posted = 0;
  return {
    name,
    channelId: CHANNEL,
    followUp: vi.fn(async (_payload: unknown) => ({ id: `${name}-post-${++posted}` })),
    edit: vi.fn(async (_messageId: string, _payload: unknown) => {}),
  };
}
type FakeHandle = ReturnType<typeof fakeHandle>;

function setup(options: { answersOnly?: boolean } = {}) {
  let posted = 0;
  const channel = {
    send: vi.fn(async (_payload: unknown) => ({ id: `channel-post-${++posted}` })),
    messages: { edit: vi.fn(async (_messageId: string, _payload: unknown) => ({})) },
    isSendable: () => true,
    isThread: () => false,
  };
  const client = { channels: { fetch: vi.fn(async (_channelId: string) => channel) } };
  const tables = {
    placeOf: (tableId: number) =>
      tableId === TABLE ? { guildId: '100', channelId: CHANNEL, running: true } : undefined,
  };
  /** The table's youngest token (what `ReplyTokens.newest` picks); null where none lives. */
  let newest: FakeHandle | null = null;
  const dead = new Set<FakeHandle>();
  const tokens = {
    newest: (_tableId: number) => newest,
    alive: (handle: FakeHandle) => !dead.has(handle),
    answersOnly: (_tableId: number) => options.answersOnly ?? false,
  };
  const lostTables: [number, LostReason][] = [];
  const lost = new BlockedChannels((tableId, reason) => lostTables.push([tableId, reason]));
  const output = new ChannelOutput(
    client as never,
    tables,
    lost,
    tokens as never,
    pino({ level: 'silent' }),
    () => 0,
    async () => {},
  );
  return {
    output,
    channel,
    client,
    lostTables,
    setNewest: (handle: FakeHandle | null) => {
      newest = handle;
    },
    expire: (handle: FakeHandle) => dead.add(handle),
  };
}

describe('the channel output', () => {
  it("posts as a follow-up on the table's youngest token, not in the channel", async () => {
    const s = setup();
    const older = fakeHandle('older');
    const youngest = fakeHandle('youngest');
    s.setNewest(youngest);
    const message = await s.output.send(TABLE, { content: 'a result' });
    expect(message.id).toBe('youngest-post-1');
    expect(youngest.followUp).toHaveBeenCalledWith({ content: 'a result' });
    expect(older.followUp).not.toHaveBeenCalled();
    expect(s.channel.send).not.toHaveBeenCalled();
    expect(s.client.channels.fetch).not.toHaveBeenCalled();
  });

  it('edits a message through the token that posted it, even once a younger one came', async () => {
    const s = setup();
    const poster = fakeHandle('poster');
    s.setNewest(poster);
    const { id } = await s.output.send(TABLE, { content: 'the table' }, true);
    const younger = fakeHandle('younger');
    s.setNewest(younger);
    await s.output.edit(TABLE, id, { content: 'the table, later' });
    expect(poster.edit).toHaveBeenCalledWith(id, { content: 'the table, later' });
    expect(younger.edit).not.toHaveBeenCalled();
    expect(s.channel.messages.edit).not.toHaveBeenCalled();
  });

  it('edits a message an interaction posted as its reply through that token (adopt)', async () => {
    const s = setup();
    const lobbyReply = fakeHandle('reply');
    s.output.adopt('lobby', lobbyReply as never);
    await s.output.edit(TABLE, 'lobby', { content: 'two seated' });
    expect(lobbyReply.edit).toHaveBeenCalledWith('lobby', { content: 'two seated' });
    expect(s.channel.messages.edit).not.toHaveBeenCalled();
  });

  it('falls back to channel calls where no token lives', async () => {
    const s = setup();
    const message = await s.output.send(TABLE, { content: 'nobody pressed' });
    expect(message.id).toBe('channel-post-1');
    expect(s.channel.send).toHaveBeenCalledWith({ content: 'nobody pressed' });
    expect(s.client.channels.fetch).toHaveBeenCalledWith(CHANNEL);

    // The token that posted a message ran out: the channel edits it.
    const poster = fakeHandle('poster');
    s.setNewest(poster);
    const { id } = await s.output.send(TABLE, { content: 'the table' }, true);
    s.expire(poster);
    await s.output.edit(TABLE, id, { content: 'the table, later' });
    expect(poster.edit).not.toHaveBeenCalled();
    expect(s.channel.messages.edit).toHaveBeenCalledWith(id, { content: 'the table, later' });
  });

  it('posts in the channel when the follow-up is refused, and edits there when the token edit is', async () => {
    const s = setup();
    const refusing = fakeHandle('refusing');
    refusing.followUp.mockRejectedValueOnce(apiError(RESTJSONErrorCodes.InvalidWebhookToken, 401));
    s.setNewest(refusing);
    expect((await s.output.send(TABLE, { content: 'a result' })).id).toBe('channel-post-1');

    const poster = fakeHandle('poster');
    s.setNewest(poster);
    const { id } = await s.output.send(TABLE, { content: 'the table' }, true);
    poster.edit.mockRejectedValueOnce(apiError(RESTJSONErrorCodes.InvalidWebhookToken, 401));
    await s.output.edit(TABLE, id, { content: 'the table, later' });
    expect(s.channel.messages.edit).toHaveBeenCalledWith(id, { content: 'the table, later' });
  });

  it('does not edit in the channel a message its token says is gone', async () => {
    const s = setup();
    const poster = fakeHandle('poster');
    s.setNewest(poster);
    const { id } = await s.output.send(TABLE, { content: 'the table' }, true);
    poster.edit.mockRejectedValueOnce(apiError(RESTJSONErrorCodes.UnknownMessage, 404));
    await expect(s.output.edit(TABLE, id, { content: 'later' })).rejects.toBeInstanceOf(DiscordAPIError);
    expect(s.channel.messages.edit).not.toHaveBeenCalled();
  });

  it('does not call a lost channel again, by channel call or by token', async () => {
    const s = setup();
    s.channel.send.mockRejectedValueOnce(apiError(RESTJSONErrorCodes.MissingAccess, 403));
    await expect(s.output.send(TABLE, { content: 'first' })).rejects.toBeInstanceOf(DiscordAPIError);
    expect(s.lostTables).toEqual([[TABLE, 'no-permission']]);
    expect(s.client.channels.fetch).toHaveBeenCalledTimes(1);

    await expect(s.output.send(TABLE, { content: 'second' })).rejects.toBeInstanceOf(ChannelLostError);
    await expect(s.output.edit(TABLE, 'old', { content: 'edit' })).rejects.toBeInstanceOf(ChannelLostError);
    // A token would reach the channel too: it is not used either.
    const handle = fakeHandle('late');
    s.setNewest(handle);
    await expect(s.output.send(TABLE, { content: 'third' })).rejects.toBeInstanceOf(ChannelLostError);
    expect(handle.followUp).not.toHaveBeenCalled();
    expect(s.client.channels.fetch).toHaveBeenCalledTimes(1);
    expect(s.channel.send).toHaveBeenCalledTimes(1);
    expect(s.channel.messages.edit).not.toHaveBeenCalled();
  });

  it('sends at most 8 requests at once; the rest wait their turn, in order', async () => {
    const s = setup();
    const releases: (() => void)[] = [];
    let inFlight = 0;
    let most = 0;
    const started: string[] = [];
    const slow = fakeHandle('slow');
    slow.followUp.mockImplementation(async (payload: unknown) => {
      started.push((payload as { content: string }).content);
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise<void>((resolve) => releases.push(resolve));
      inFlight--;
      return { id: (payload as { content: string }).content };
    });
    s.setNewest(slow);
    const posts = Array.from({ length: 12 }, (_, i) => s.output.send(TABLE, { content: `post ${i}` }));
    await vi.waitFor(() => expect(started).toHaveLength(8));
    // Private cards ride the same lane.
    const privateCards = s.output.run(async () => 'private');
    await Promise.resolve();
    expect(started).toHaveLength(8);
    while (releases.length) releases.shift()?.();
    await vi.waitFor(() => expect(started).toHaveLength(12));
    while (releases.length) releases.shift()?.();
    expect((await Promise.all(posts)).map((m) => m.id)).toEqual(posts.map((_, i) => `post ${i}`));
    expect(started).toEqual(posts.map((_, i) => `post ${i}`));
    expect(await privateCards).toBe('private');
    expect(most).toBe(8);
  });

  it("posts in the channel once a channel's follow-ups for the minute are spent", async () => {
    const s = setup();
    const handle = fakeHandle('busy');
    s.setNewest(handle);
    for (let i = 0; i < PUBLIC_FOLLOW_UPS_PER_MINUTE; i++) await s.output.send(TABLE, { content: `post ${i}` });
    expect(handle.followUp).toHaveBeenCalledTimes(PUBLIC_FOLLOW_UPS_PER_MINUTE);
    expect(s.channel.send).not.toHaveBeenCalled();
    expect((await s.output.send(TABLE, { content: 'one more' })).id).toBe('channel-post-1');
  });

  it('where the bot only answers interactions, holds posts until a press brings a token', async () => {
    const s = setup({ answersOnly: true });
    const stalls: number[] = [];
    s.output.onStall = (tableId) => stalls.push(tableId);
    const first = s.output.send(TABLE, { content: 'first' });
    const second = s.output.send(TABLE, { content: 'second' }, true);
    expect(s.output.stalled(TABLE)).toBe(true);
    expect(stalls).toEqual([TABLE]);
    expect(await s.output.flush(TABLE)).toBe(false); // still no token
    expect(s.client.channels.fetch).not.toHaveBeenCalled();

    const press = fakeHandle('press');
    s.setNewest(press);
    expect(await s.output.flush(TABLE)).toBe(true);
    expect(press.followUp.mock.calls.map(([payload]) => payload)).toEqual([
      { content: 'first' },
      { content: 'second' },
    ]);
    expect((await first).id).toBe('press-post-1');
    const { id } = await second;
    expect(s.output.stalled(TABLE)).toBe(false);
    // The editable one is edited through the token that carried it; a message no live token posted is left as it is.
    await s.output.edit(TABLE, id, { content: 'edited' });
    expect(press.edit).toHaveBeenCalledWith(id, { content: 'edited' });
    await s.output.edit(TABLE, 'unknown', { content: 'edited' });
    expect(s.channel.messages.edit).not.toHaveBeenCalled();
    expect(s.channel.send).not.toHaveBeenCalled();
  });
});
