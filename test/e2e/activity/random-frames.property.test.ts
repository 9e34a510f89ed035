import fc from 'fast-check';
import { describe, expect, onTestFinished } from 'vitest';
import { test } from '../fixture.ts';
import { frame, RawSocket } from './raw-socket.ts';
import { ActivitySocket, socketPathFor, withActivity } from './sockets.ts';

/**
 * Whatever a client writes on its socket (any bytes, frames of any opcode, bits, mask and
 * size, JSON of any shape), the bot, running in this process, stays up and another
 * player's socket goes on as before. Bounded: a few dozen runs on loopback.
 */

const payload = fc.oneof(
  fc.uint8Array({ maxLength: 600 }).map((b) => Buffer.from(b)),
  fc.json({ maxDepth: 3 }).map((text) => Buffer.from(text)),
  fc
    .record(
      {
        type: fc.constantFrom('press', 'hello', ''),
        requestId: fc.string({ maxLength: 50 }),
        press: fc.oneof(fc.constantFrom('leave', 'stay', 'pass'), fc.string({ maxLength: 10 })),
        dealNo: fc.oneof(fc.integer(), fc.double(), fc.string()),
        cards: fc.array(fc.string({ maxLength: 3 }), { maxLength: 9 }),
        extra: fc.anything({ maxDepth: 2 }),
      },
      { requiredKeys: [] },
    )
    .map((press) => Buffer.from(JSON.stringify(press))),
  fc.integer({ min: 500, max: 70_000 }).map((size) => Buffer.alloc(size, 0x7b)),
);

const written = fc.oneof(
  fc
    .record({
      payload,
      opcode: fc.integer({ min: 0, max: 15 }),
      masked: fc.oneof(fc.constant(true), fc.constant(true), fc.boolean()),
      rsv1: fc.boolean(),
      fin: fc.boolean(),
    })
    .map((f) => frame(f.payload, f)),
  fc.uint8Array({ minLength: 1, maxLength: 300 }).map((b) => Buffer.from(b)),
);

describe('random frames from a client', () => {
  test('never stop the bot nor touch another socket', async ({ startWorld }) => {
    const world = await startWorld(
      withActivity(
        { players: ['ann', 'eve'] },
        { addressBurst: 1_000, userBurst: 1_000, ticketsPerUser: 1_000, socketsPerUser: 1_000, discordBurst: 1_000 },
      ),
    );
    await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card' } });
    const { instanceId } = world.discord.launchActivity(world.user('ann'), world.channel);
    const [ann] = (await ActivitySocket.openAll(world, ['ann'], instanceId)) as [ActivitySocket];
    world.discord.joinActivity(world.user('eve'), { instanceId });
    // The bot runs in this process: an error it does not handle would end it.
    const crashes: unknown[] = [];
    const crashed = (err: unknown) => crashes.push(err);
    process.on('uncaughtException', crashed);
    onTestFinished(() => void process.off('uncaughtException', crashed));
    const port = world.bot.activityPort() as number;
    await fc.assert(
      fc.asyncProperty(fc.array(written, { minLength: 1, maxLength: 4 }), async (writes) => {
        const eve = await RawSocket.open(port, await socketPathFor(world, 'eve', instanceId));
        for (const bytes of writes) eve.write(bytes);
        await Promise.race([eve.closed, new Promise((r) => setTimeout(r, 200))]);
        eve.destroy();
        expect(ann.open).toBe(true);
      }),
      { numRuns: 40 },
    );
    expect((await ann.press('leave')).type).toBe('answer');
    expect(crashes).toEqual([]);
    ann.close();
  }, 180_000);
});
