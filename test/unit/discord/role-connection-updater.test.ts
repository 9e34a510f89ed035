import type { REST } from 'discord.js';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, type OpenDatabase, openDatabase } from '../../../src/db/index.ts';
import { saveLink } from '../../../src/db/role-link-store.ts';
import { PUSH_EVERY_MS, RoleConnectionUpdater } from '../../../src/discord/linked-roles/updater.ts';
import { fakeClock } from '../table/fake-clock.ts';

const WEEK_MS = 7 * 24 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * Lets the round's database reads and writes (real promises) finish. (The fake clock fires
 * what was due when it is moved: one round a move, as the next is set from inside it.)
 */
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
};

/**
 * The updater's rounds run on the bot's clock (a test moves it, as the e2e tests do):
 * a touched player is written at the next round, at most once a minute, and one nobody
 * touched once a day; a closed updater writes nothing more.
 */
describe('the role connection updater on its clock', () => {
  let o: OpenDatabase;
  let time: ReturnType<typeof fakeClock>;
  let writes: { userId: string; authorization: string }[];
  let updater: RoleConnectionUpdater;

  beforeEach(async () => {
    o = openDatabase(':memory:');
    await migrateToLatest(o.db);
    time = fakeClock();
    time.advance(2 * DAY_MS); // a clock well past its epoch: "a day ago" is a time
    writes = [];
    const tokens = new Map([['token-ann', 'ann']]);
    const rest = {
      put: async (_route: string, request: { headers: { Authorization: string } }) => {
        const authorization = request.headers.Authorization;
        writes.push({ userId: tokens.get(authorization.replace('Bearer ', '')) ?? '?', authorization });
      },
    } as unknown as REST;
    await saveLink(
      o.db,
      'ann',
      { accessToken: 'token-ann', refreshToken: 'refresh-ann', expiresAt: time.clock.now() + WEEK_MS },
      time.clock.now(),
    );
    updater = new RoleConnectionUpdater({
      db: o.db,
      rest,
      applicationId: () => 'app',
      refresh: async () => null,
      log: pino({ level: 'silent' }),
      clock: time.clock,
    });
    // The first round looks for links not written for a day: ann's never was.
    time.advance(5_000);
    await settle();
    expect(writes).toHaveLength(1);
    writes.length = 0;
  });

  afterEach(async () => {
    updater.close();
    await o.close();
  });

  it('writes a touched player at the next round, not before', async () => {
    time.advance(PUSH_EVERY_MS);
    await settle();
    updater.touch(['ann', 'bob']); // bob never linked: nothing to write for him
    time.advance(4_999);
    await settle();
    expect(writes).toEqual([]);
    time.advance(1);
    await settle();
    expect(writes).toEqual([{ userId: 'ann', authorization: 'Bearer token-ann' }]);
  });

  it('writes a player at most once a minute, however often touched', async () => {
    for (let round = 0; round < 11; round++) {
      updater.touch(['ann']);
      time.advance(5_000);
      await settle();
    }
    expect(writes).toHaveLength(0); // written at the first round, under a minute ago
    updater.touch(['ann']);
    time.advance(5_000);
    await settle();
    expect(writes).toHaveLength(1);
  });

  it('writes a player nobody touched once a day', async () => {
    time.advance(DAY_MS - 5_000);
    await settle();
    expect(writes).toEqual([]);
    time.advance(10 * 60_000); // the next look for day-old links
    await settle();
    expect(writes).toHaveLength(1);
  });

  it('runs no round once closed', async () => {
    updater.close();
    updater.touch(['ann']);
    time.advance(PUSH_EVERY_MS + DAY_MS);
    await settle();
    expect(writes).toEqual([]);
    expect(time.pending()).toBe(0);
  });
});
