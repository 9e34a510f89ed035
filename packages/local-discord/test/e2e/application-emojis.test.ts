import { DiscordAPIError } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noRateLimits } from '../../src/index.ts';
import { type Harness, specRefusals, startHarness } from '../harness.ts';

/** A 1×1 PNG: the smallest picture Discord takes as an emoji. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const dataUri = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

/** Discord's application emoji API, with its rules (https://discord.com/developers/docs/resources/emoji). */
describe('application emojis', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ rateLimits: noRateLimits });
  });
  afterAll(async () => {
    await h?.close();
  });

  const api = () => {
    const rest = h.client.rest;
    const app = h.client.application?.id ?? '';
    return {
      list: () => rest.get(`/applications/${app}/emojis`) as Promise<{ items: { id: string; name: string }[] }>,
      create: (name: string, image: string) =>
        rest.post(`/applications/${app}/emojis`, { body: { name, image } }) as Promise<{ id: string; name: string }>,
      get: (id: string) => rest.get(`/applications/${app}/emojis/${id}`) as Promise<{ name: string }>,
      rename: (id: string, name: string) =>
        rest.patch(`/applications/${app}/emojis/${id}`, { body: { name } }) as Promise<{ name: string }>,
      remove: (id: string) => rest.delete(`/applications/${app}/emojis/${id}`),
    };
  };
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiscordAPIError);
    return error as DiscordAPIError;
  };

  it('creates, lists as { items }, gets, renames and deletes, and serves the picture on the CDN', async () => {
    const created = await api().create('gc_AS', dataUri(PNG));
    expect(created.name).toBe('gc_AS');
    expect((await api().list()).items.map((e) => e.name)).toEqual(['gc_AS']);
    expect((await api().get(created.id)).name).toBe('gc_AS');
    const cdn = String(h.client.options.rest?.api).replace(/\/api$/, '');
    const picture = await fetch(`${cdn}/emojis/${created.id}.png`);
    expect(picture.status).toBe(200);
    expect(Buffer.from(await picture.arrayBuffer())).toEqual(PNG);
    expect((await api().rename(created.id, 'gc_AH')).name).toBe('gc_AH');
    await api().remove(created.id);
    expect((await api().list()).items).toEqual([]);
    expect((await refusal(api().get(created.id))).code).toBe(10014);
  });

  it('refuses bad names, a taken name, a picture that is no data URI or over 256 KiB', async () => {
    expect((await refusal(api().create('a', dataUri(PNG)))).code).toBe(50035);
    expect((await refusal(api().create('has-dash', dataUri(PNG)))).code).toBe(50035);
    expect((await refusal(api().create('x'.repeat(33), dataUri(PNG)))).code).toBe(50035);
    expect((await refusal(api().create('gc_KS', 'https://example.com/a.png'))).code).toBe(50035);
    const big = Buffer.concat([PNG, Buffer.alloc(256 * 1024)]);
    expect((await refusal(api().create('gc_KS', dataUri(big)))).code).toBe(50035);
    const first = await api().create('gc_KS', dataUri(PNG));
    const taken = await refusal(api().create('gc_KS', dataUri(PNG)));
    expect(JSON.stringify(taken.rawError)).toMatch(/APPLICATION_EMOJI_NAME_ALREADY_TAKEN/);
    const other = await api().create('gc_QS', dataUri(PNG));
    expect((await refusal(api().rename(other.id, 'gc_KS'))).code).toBe(50035);
    await api().remove(first.id);
    await api().remove(other.id);
    expect(specRefusals(h.discord)).toEqual([]);
  });

  it('refuses the 2001st emoji of an application', async () => {
    // Straight over HTTP, many at a time: discord.js would send the 2000 one after another.
    const url = `${String(h.client.options.rest?.api)}/v10/applications/${h.client.application?.id}/emojis`;
    const headers = { authorization: `Bot ${h.client.token}`, 'content-type': 'application/json' };
    const create = (name: string) =>
      fetch(url, { method: 'POST', headers, body: JSON.stringify({ name, image: dataUri(PNG) }) });
    for (let batch = 0; batch < 20; batch++) {
      const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => create(`e${batch * 100 + i}`)));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    }
    expect((await refusal(api().create('one_more', dataUri(PNG)))).code).toBe(30008);
  });
});
