import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPlayground } from '../../../src/playground/index.ts';
import { stableId } from '../../../src/playground/stable-id.ts';

describe('the playground keeps its ids from run to run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'guts-playground-ids-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('derives snowflake-shaped ids from names', () => {
    expect(stableId('seat:ann')).toBe(stableId('seat:ann'));
    expect(stableId('seat:ann')).not.toBe(stableId('seat:ben'));
    expect(stableId('channel:poker')).toMatch(/^\d{19}$/);
  });

  it('gives the server, channel, group DM and seats the same ids on a second run, so the ledger carries over', async () => {
    const dbUrl = `file:${join(dir, 'playground.db')}`;
    const runs = [];
    for (let run = 0; run < 2; run++) {
      const playground = await startPlayground({ port: 0, dbUrl });
      runs.push({
        guild: playground.guildId,
        channel: playground.channelId,
        groupDm: playground.groupDmId,
        seats: playground.seats(),
      });
      await playground.stop();
    }
    expect(runs[1]).toEqual(runs[0]);
    expect(runs[0]?.seats.map((s) => s.name)).toEqual(['Ann', 'Ben', 'Cat', 'Dan']);
  });

  it("keeps each seat's Discord language across a restart", async () => {
    const dbUrl = `file:${join(dir, 'languages', 'playground.db')}`;
    const first = await startPlayground({ port: 0, dbUrl });
    const picked = await fetch(`${first.url}/api/seats/locale`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ seat: 'Ben', locale: 'de' }),
    });
    expect(picked.status).toBe(200);
    await first.stop();

    const second = await startPlayground({ port: 0, dbUrl });
    try {
      // A seat's locale is its local Discord user's: Ben's interactions say `de`.
      const locales = Object.fromEntries(second.seats().map((s) => [s.name, s.locale]));
      expect(locales).toEqual({ Ann: 'en-US', Ben: 'de', Cat: 'en-US', Dan: 'en-US' });
    } finally {
      await second.stop();
    }
  });
});
