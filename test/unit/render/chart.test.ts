import { describe, expect, it } from 'vitest';
import { renderNetChart } from '../../../src/render/chart.ts';
import { decode, hexRgb } from './pixels.ts';

/** Counts pixels close to `hex` in a column band of the picture. */
async function pixelsLike(png: Buffer, hex: string, fromX: number, toX: number): Promise<number> {
  const image = await decode(png);
  const [r, g, b] = hexRgb(hex);
  let n = 0;
  for (let x = fromX; x < toX; x++) {
    for (let y = 0; y < image.height; y++) {
      const [pr, pg, pb] = image.at(x, y);
      if (Math.abs(pr - r) + Math.abs(pg - g) + Math.abs(pb - b) < 40) n++;
    }
  }
  return n;
}

describe('the net chips chart', () => {
  it('draws a player who is up in green and one who is down in red, across the picture', async () => {
    const up = renderNetChart([0, 10, 5, 40], 'ann');
    const down = renderNetChart([0, -10, -30], 'bob');
    if (!up || !down) throw new Error('no chart');
    expect(up.alt).toMatch(/ann: from 0 to 40, lowest 0, highest 40/);
    for (const [from, to] of [
      [20, 120],
      [360, 460],
    ] as const) {
      expect(await pixelsLike(up.png, '#7fe0a2', from, to)).toBeGreaterThan(50);
      expect(await pixelsLike(up.png, '#ff8a8a', from, to)).toBe(0);
      expect(await pixelsLike(down.png, '#ff8a8a', from, to)).toBeGreaterThan(50);
    }
  });

  it('has nothing to draw for fewer than two points', () => {
    expect(renderNetChart([5], 'cat')).toBeNull();
  });
});
