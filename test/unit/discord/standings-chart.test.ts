import { describe, expect, it } from 'vitest';
import { standingsChart, standingsEmbed } from '../../../src/discord/views/standings.ts';
import { ensureLanguages } from '../../../src/i18n/index.ts';
import { renderStandingsChart } from '../../../src/render/chart.ts';
import type { Standings } from '../../../src/table/standings.ts';
import { decode, hexRgb } from '../render/pixels.ts';

/** Ann up, Ben down, Ada (a computer) in and out over four deals. */
const night: Standings = {
  deals: 4,
  net: [
    { playerId: '1', name: 'Ann', chips: 30 },
    { playerId: 'cpu-balanced-1', name: '🤖 Ada (balanced)', chips: 0 },
    { playerId: '2', name: 'Ben', chips: -30 },
  ],
  series: { '1': [10, -5, 20, 30], 'cpu-balanced-1': [-5, 10, 10, 0], '2': [-5, -5, -30, -30] },
  pot: 0,
  reserve: 0,
};

async function pixelsLike(png: Buffer, hex: string): Promise<number> {
  const image = await decode(png);
  const [r, g, b] = hexRgb(hex);
  let n = 0;
  for (let x = 0; x < image.width; x++)
    for (let y = 0; y < image.height; y++) {
      const [pr, pg, pb] = image.at(x, y);
      if (Math.abs(pr - r) + Math.abs(pg - g) + Math.abs(pb - b) < 30) n++;
    }
  return n;
}

describe('the final standings show how the game went', () => {
  it('without a picture: a row per player, a square per deal, in the table’s language', async () => {
    await ensureLanguages('de');
    const text = standingsEmbed(night, undefined, 'de').data.description;
    expect(text).toBe(
      [
        '**Ann** +30 🟩🟥🟩🟩',
        '**🤖 Ada (ausgewogen)** 0 🟥🟩⬜🟥',
        '**Ben** −30 🟥⬜🟥⬜',
        'Hand für Hand: 🟩 gewonnen · 🟥 verloren · ⬜ gleich',
      ].join('\n'),
    );
  });

  it('with the chart: the picture instead of the rows', () => {
    const picture = { name: 'standings.png', png: Buffer.alloc(0), alt: '' };
    const embed = standingsEmbed(night, undefined, 'en-US', picture).data;
    expect(embed.image?.url).toBe('attachment://standings.png');
    expect(embed.description).toBe('**Ann** +30\n**🤖 Ada (balanced)** 0\n**Ben** −30');
  });

  it('one deal has no course to show', () => {
    const one = { ...night, deals: 1, series: { '1': [30], '2': [-30] } };
    expect(standingsChart(one, 'en-US')).toBeNull();
    expect(standingsEmbed(one).data.description).not.toMatch(/🟩|🟥/);
  });

  it('draws every player’s line in a colour of their own, named in the table’s language', async () => {
    await ensureLanguages('de');
    const chart = standingsChart(night, 'de');
    if (!chart) throw new Error('no chart');
    expect(chart.words).toEqual({ deals: 'Hände', chips: 'Chips netto' });
    expect(chart.lines.map((l) => l.name)).toEqual(['Ann', '🤖 Ada (ausgewogen)', 'Ben']);
    expect(chart.alt).toBe(
      'Die Chips netto jedes Spielers nach jeder Hand des Spiels: Ann +30, 🤖 Ada (ausgewogen) 0, Ben −30.',
    );
    const picture = renderStandingsChart(chart.lines, chart.words, chart.alt);
    if (!picture) throw new Error('no picture');
    expect(picture.alt).toBe(chart.alt);
    // The first three of the palette: Ann's, Ada's and Ben's lines (and legend swatches).
    for (const colour of ['#ffc629', '#7fd3ff', '#ff8ad8'])
      expect(await pixelsLike(picture.png, colour)).toBeGreaterThan(150);
  });
});
