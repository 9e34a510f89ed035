import { describe, expect, onTestFinished } from 'vitest';
import { MAX_MESSAGE_BYTES } from '../../../src/activity/frames.ts';
import { test } from '../fixture.ts';
import { frame, RawSocket } from './raw-socket.ts';
import { ActivitySocket, socketPathFor, withActivity } from './sockets.ts';

/**
 * Frames no page sends, each on a socket opened exactly as a page opens one (a session
 * from the local Discord's code exchange, a ticket): the bot closes that socket alone
 * (1009 for a frame over the largest a page sends, the protocol's own code for the rest)
 * and goes on serving everyone else. The bot runs in this test's process: a frame that
 * crashed it would be an uncaught exception here, and the test fails on it.
 */

const HOSTILE: { name: string; bytes: () => Buffer; code: number }[] = [
  { name: 'a text frame of 4,097 bytes', bytes: () => frame(Buffer.alloc(4097, 0x61)), code: 1009 },
  { name: 'a 1 MB text frame', bytes: () => frame(Buffer.alloc(1024 * 1024, 0x61)), code: 1009 },
  {
    name: `a frame just over the largest press (${MAX_MESSAGE_BYTES + 1} bytes)`,
    bytes: () => frame(Buffer.alloc(MAX_MESSAGE_BYTES + 1, 0x20)),
    code: 1009,
  },
  { name: '3 bytes of invalid UTF-8', bytes: () => frame(Buffer.from([0xff, 0xfe, 0xfd])), code: 1007 },
  { name: 'a frame with RSV1 set', bytes: () => frame(Buffer.from('{}'), { rsv1: true }), code: 1002 },
  { name: 'an unmasked frame', bytes: () => frame(Buffer.from('{}'), { masked: false }), code: 1002 },
  { name: 'a binary frame', bytes: () => frame(Buffer.from([1, 2, 3]), { opcode: 0x2 }), code: 1008 },
];

describe('hostile WebSocket frames', () => {
  test('close the sender’s socket alone, never the bot', async ({ startWorld }) => {
    const world = await startWorld(withActivity({ players: ['ann', 'bob', 'eve'] }, { userBurst: 50 }));
    await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card' } });
    const instance = world.discord.launchActivity(world.user('ann'), world.channel);
    const [ann] = (await ActivitySocket.openAll(world, ['ann'], instance.instanceId)) as [ActivitySocket];
    world.discord.joinActivity(world.user('eve'), { instanceId: instance.instanceId });
    // The bot runs in this process: an error it does not handle would end it.
    const crashes: unknown[] = [];
    const crashed = (err: unknown) => crashes.push(err);
    process.on('uncaughtException', crashed);
    onTestFinished(() => void process.off('uncaughtException', crashed));
    const port = world.bot.activityPort() as number;

    for (const hostile of HOSTILE) {
      const eve = await RawSocket.open(port, await socketPathFor(world, 'eve', instance.instanceId));
      eve.write(hostile.bytes());
      expect(await eve.closed, hostile.name).toBe(hostile.code);
      // Everyone else is served as before.
      expect(ann.open).toBe(true);
      expect((await ann.press('leave')).type).toBe('answer');
    }
    expect(crashes).toEqual([]);
    ann.close();
  }, 120_000);
});
