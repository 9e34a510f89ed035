import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiscord, noRateLimits } from '../../src/index.ts';
import { specRefusals } from '../harness.ts';

const V2 = 1 << 15;

describe('Components V2 messages', () => {
  const discord = new LocalDiscord({ rateLimits: noRateLimits });
  let base = '';
  let channelId = '';
  beforeAll(async () => {
    const { restBase } = await discord.start();
    base = `${restBase}/v10`;
    const guild = discord.createGuild({ name: 'game night' });
    channelId = discord.createChannel(guild, { name: 'poker' }).id;
  });
  afterAll(async () => {
    await discord.stop();
  });

  const auth = () => ({ Authorization: `Bot ${discord.bot.token}` });
  const json = (method: string, path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { ...auth(), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const send = (body: unknown) => json('POST', `/channels/${channelId}/messages`, body);
  const text = (content: string) => ({ type: 10, content });

  const table = {
    type: 17,
    accent_color: 0x2ecc71,
    components: [
      text('## Iron cross'),
      {
        type: 9,
        components: [text('ann: 3 chips')],
        accessory: { type: 2, style: 1, label: 'Stay', custom_id: 'stay' },
      },
      { type: 14, divider: true, spacing: 1 },
      { type: 12, items: [{ media: { url: 'attachment://cards.png' } }] },
      { type: 1, components: [{ type: 2, style: 4, label: 'Drop', custom_id: 'drop' }] },
    ],
  };

  it('accepts a container with sections, text, separator, gallery of an uploaded file and an action row', async () => {
    const form = new FormData();
    form.append(
      'payload_json',
      JSON.stringify({ flags: V2, components: [table], attachments: [{ id: '0', filename: 'cards.png' }] }),
    );
    form.append('files[0]', new Blob([Buffer.from('png')], { type: 'image/png' }), 'cards.png');
    const response = await fetch(`${base}/channels/${channelId}/messages`, {
      method: 'POST',
      headers: auth(),
      body: form,
    });
    expect(response.status).toBe(200);
    const message = (await response.json()) as { flags: number; content: string; components: unknown[] };
    expect(message.flags & V2).toBe(V2);
    expect(message.content).toBe('');
    // Discord answers with the media resolved to the uploaded file.
    const gallery = JSON.stringify(message.components);
    expect(gallery).toMatch(/"media":\{"url":"http[^"]+cards\.png","proxy_url":"[^"]+","attachment_id":"\d+"/);
    // ...and every component numbered in order, depth first, with the defaults it fills in.
    expect(JSON.parse(gallery.replace(/"media":\{[^}]*\}/, '"media":{"url":"attachment://cards.png"}'))).toEqual([
      {
        ...table,
        id: 1,
        spoiler: false,
        components: [
          { ...text('## Iron cross'), id: 2 },
          {
            type: 9,
            id: 3,
            components: [{ ...text('ann: 3 chips'), id: 4 }],
            accessory: { type: 2, style: 1, label: 'Stay', custom_id: 'stay', id: 5 },
          },
          { type: 14, divider: true, spacing: 1, id: 6 },
          { type: 12, id: 7, items: [{ media: { url: 'attachment://cards.png' }, description: null, spoiler: false }] },
          { type: 1, id: 8, components: [{ type: 2, style: 4, label: 'Drop', custom_id: 'drop', id: 9 }] },
        ],
      },
    ]);
  });

  it('refuses content, embeds and polls beside the flag', async () => {
    const response = await send({ flags: V2, content: 'hi', embeds: [{ title: 't' }], components: [text('x')] });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: number; errors: Record<string, unknown> };
    expect(body.code).toBe(50035);
    expect(Object.keys(body.errors).sort()).toEqual(['content', 'embeds']);
  });

  it('refuses a thumbnail at top level, a missing attachment and a missing accessory', async () => {
    const response = await send({
      flags: V2,
      components: [
        { type: 11, media: { url: 'https://example.com/a.png' } },
        { type: 12, items: [{ media: { url: 'attachment://missing.png' } }] },
        { type: 9, components: [text('no accessory')] },
      ],
    });
    const body = (await response.json()) as { code: number; errors: { components: Record<string, unknown> } };
    expect(body.code).toBe(50035);
    expect(body.errors.components).toMatchObject({
      0: { type: { _errors: [{ code: 'UNION_TYPE_CHOICES' }] } },
      1: { items: { 0: { media: { url: { _errors: [{ code: 'ATTACHMENT_NOT_FOUND' }] } } } } },
      2: { accessory: { type: { _errors: [{ code: 'UNION_TYPE_CHOICES' }] } } },
    });
    expect(specRefusals(discord)).toEqual([
      'POST /channels/{channel_id}/messages request components.0.type',
      'POST /channels/{channel_id}/messages request components.2.accessory',
    ]);
  });

  it('counts nested components against the limit of 40', async () => {
    const container = (n: number) => ({ type: 17, components: Array.from({ length: n }, (_, i) => text(`line ${i}`)) });
    expect((await send({ flags: V2, components: [container(39)] })).status).toBe(200);
    const over = await send({ flags: V2, components: [container(40)] });
    expect(over.status).toBe(400);
    expect(((await over.json()) as { errors: { components: unknown } }).errors.components).toMatchObject({
      _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }],
    });
  });

  it('keeps the flag through an edit, which then may not add content', async () => {
    const created = (await (await send({ flags: V2, components: [text('first')] })).json()) as { id: string };
    const path = `/channels/${channelId}/messages/${created.id}`;
    const edited = (await (await json('PATCH', path, { flags: 0, components: [text('second')] })).json()) as {
      flags: number;
    };
    expect(edited.flags & V2).toBe(V2);
    const withContent = await json('PATCH', path, { content: 'legacy' });
    expect(((await withContent.json()) as { code: number }).code).toBe(50035);
  });

  it('still refuses V2 components in a message without the flag', async () => {
    const response = await send({ components: [text('no flag')] });
    expect(((await response.json()) as { code: number }).code).toBe(50035);
  });
});
