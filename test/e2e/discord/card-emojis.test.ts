import { noRateLimits } from '@guts/local-discord';
import { type Harness, specRefusals, startHarness } from '@guts/local-discord/test/harness.ts';
import { Routes } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseCard, parseCards } from '../../../src/cards/card.ts';
import {
  cardEmojis,
  cardEmojisFrom,
  loadCardEmojis,
  uploadCardEmojis,
  useCardEmojis,
} from '../../../src/discord/card-emojis.ts';
import type { Logger } from '../../../src/log.ts';
import { cardEmojiSet } from '../../../src/render/index.ts';

describe('card emojis on Discord', () => {
  let h: Harness;
  const app = () => h.client.application?.id ?? '';
  const listed = async () =>
    ((await h.client.rest.get(Routes.applicationEmojis(app()))) as { items: { name: string }[] }).items;
  const logger = () => ({ warn: vi.fn() }) as unknown as Logger & { warn: ReturnType<typeof vi.fn> };
  beforeAll(async () => {
    h = await startHarness({ rateLimits: noRateLimits });
  });
  afterAll(async () => {
    useCardEmojis(null);
    await h?.close();
  });

  it('without the emojis uploaded, warns once and leaves the bot on pictures', async () => {
    const log = logger();
    await loadCardEmojis(h.client.rest, app(), log);
    expect(cardEmojis()).toBeNull();
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('uploads only what is missing: a second run uploads nothing and nothing is doubled', async () => {
    const all = cardEmojiSet().length;
    // One already there (an earlier, interrupted deploy).
    const first = cardEmojiSet()[0];
    const image = `data:image/png;base64,${first?.png().toString('base64')}`;
    await h.client.rest.post(Routes.applicationEmojis(app()), { body: { name: first?.name, image } });
    expect(await uploadCardEmojis(h.client.rest, app())).toBe(all - 1);
    expect(await uploadCardEmojis(h.client.rest, app())).toBe(0);
    const names = (await listed()).map((e) => e.name);
    expect(names).toHaveLength(all);
    expect(new Set(names).size).toBe(all);
    expect(specRefusals(h.discord)).toEqual([]);
  }, 60_000);

  it('reads them once at start-up and writes cards as their markup', async () => {
    const log = logger();
    await loadCardEmojis(h.client.rest, app(), log);
    expect(log.warn).not.toHaveBeenCalled();
    const emojis = cardEmojis();
    const byName = new Map((await listed()).map((e) => [e.name, (e as unknown as { id: string }).id]));
    const [ace, king] = parseCards('As Kd');
    const row = emojis?.row([ace as number, king as number], false, [ace as number], 1);
    expect(row).toBe(
      `<:gc_As_w:${byName.get('gc_As_w')}><:gc_Kd:${byName.get('gc_Kd')}><:gc_back:${byName.get('gc_back')}>`,
    );
    expect(emojis?.card(parseCard('Kd'), true)).toBe(`<:gc4_Kd:${byName.get('gc4_Kd')}>`);
  });

  it('lays a board out on its grid: Iron Cross as three rows, blanks at the corners', () => {
    const emojis = cardEmojisFrom(cardEmojiSet().map((art, i) => ({ id: String(i), name: art.name })));
    const ids = new Map(cardEmojiSet().map((art, i) => [art.name, i]));
    const m = (name: string) => `<:${name}:${ids.get(name)}>`;
    const cells = [
      { card: parseCard('2c'), col: 1, row: 0 },
      { card: parseCard('3d'), col: 0, row: 1 },
      { card: null, col: 1, row: 1 },
      { card: parseCard('4h'), col: 2, row: 1 },
      { card: parseCard('5s'), col: 1, row: 2 },
    ];
    expect(emojis?.board(cells, false).split('\n')).toEqual([
      `${m('gc_gap')}${m('gc_2c')}`,
      `${m('gc_3d')}${m('gc_back')}${m('gc_4h')}`,
      `${m('gc_gap')}${m('gc_5s')}`,
    ]);
    expect(cardEmojisFrom([{ id: '1', name: 'gc_As' }])).toBeNull();
  });
});
