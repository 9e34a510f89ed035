import { describe, expect, it } from 'vitest';
import type { StandingsFrame } from '../../../src/activity/frames.ts';
import { ShareMoments } from '../../../src/activity/moments.ts';
import { ensureLanguages } from '../../../src/i18n/index.ts';

/** The final standings' picture to share (moments.ts): drawn and uploaded once per game and language. */

const standings = (deals: number): StandingsFrame => ({
  title: `Game over after ${deals} deals`,
  lines: [
    { id: '1', name: 'Ann', chips: 8, points: Array.from({ length: deals }, (_, i) => 4 * (i + 1)) },
    { id: '2', name: 'Bob', chips: -8, points: Array.from({ length: deals }, (_, i) => -4 * (i + 1)) },
  ],
  pot: 0,
  reserve: 0,
  recap: [],
});

function uploader(fail = 0) {
  const uploads: { bytes: number; filename: string; height: number }[] = [];
  let failing = fail;
  const upload = async (png: Buffer, filename: string) => {
    if (failing-- > 0) throw new Error('Discord refused the upload');
    // A PNG's height is the IHDR chunk's second number.
    uploads.push({ bytes: png.length, filename, height: png.readUInt32BE(20) });
    return `https://cdn.discordapp.com/attachments/1/${uploads.length}/${filename}`;
  };
  return { uploads, upload };
}

describe('the standings picture to share', () => {
  it('is drawn and uploaded once per game version and language, however many ask', async () => {
    await ensureLanguages('fr');
    const { uploads, upload } = uploader();
    const moments = new ShareMoments(upload);
    const first = await moments.picture(7, 30, 'en-US', standings(2));
    expect(first).toMatch(/standings\.png$/);
    expect(await moments.picture(7, 30, 'en-US', standings(2))).toBe(first);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.bytes).toBeGreaterThan(1000);
    await moments.picture(7, 30, 'fr', standings(2));
    await moments.picture(7, 31, 'en-US', standings(2));
    expect(uploads).toHaveLength(3);
  });

  it('is the standings as bars for a game of one deal (no course to chart), and none for a lobby closed before any', async () => {
    const { uploads, upload } = uploader();
    const moments = new ShareMoments(upload);
    expect(await moments.picture(1, 1, 'en-US', standings(1))).toMatch(/standings\.png$/);
    expect(uploads).toHaveLength(1);
    // Not the chart (its plot alone is 220 pixels high): a title and a row a player.
    const [one] = uploads;
    expect(one?.height).toBeLessThan(150);
    expect(await moments.picture(1, 2, 'en-US', standings(2))).toMatch(/standings\.png$/);
    expect(uploads[1]?.height).toBeGreaterThan(220);
    expect(await moments.picture(1, 3, 'en-US', standings(0))).toBeNull();
    expect(uploads).toHaveLength(2);
  });

  it('is asked of Discord again after an upload failed', async () => {
    const { uploads, upload } = uploader(1);
    const moments = new ShareMoments(upload);
    await expect(moments.picture(2, 5, 'en-US', standings(3))).rejects.toThrow(/refused/);
    expect(await moments.picture(2, 5, 'en-US', standings(3))).toMatch(/standings\.png$/);
    expect(uploads).toHaveLength(1);
  });
});
