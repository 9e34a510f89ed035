import { describe, expect, it } from 'vitest';
import { harnessForFile } from '../harness.ts';

describe('request accounting by bucket', () => {
  const file = harnessForFile();
  it('counts channel calls as global and interaction callbacks, follow-ups and @original edits as exempt', async () => {
    let done = false;
    file.h().onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply('dealt');
      await i.followUp('more');
      await i.editReply('dealt again');
      await file.channel().send('channel message');
      done = true;
    });
    file.h().discord.resetRequestCounts();
    file.h().discord.runCommand(file.h().ann, file.h().channel, 'guts', {
      subcommand: 'start',
      options: { variant: 'iron-cross' },
    });
    await expect.poll(() => done).toBe(true);
    const counts = file.h().discord.requestCounts();
    expect(counts.byRoute).toMatchObject({
      'POST /interactions/:interactionId/:token/callback': { count: 1, exempt: true },
      'POST /webhooks/:applicationId/:token': { count: 1, exempt: true },
      'PATCH /webhooks/:applicationId/:token/messages/:messageId': { count: 1, exempt: true },
      'POST /channels/:channelId/messages': { count: 1, exempt: false },
    });
    expect(counts.exempt).toBe(3);
    expect(counts.global).toBe(
      Object.values(counts.byRoute)
        .filter((entry) => !entry.exempt)
        .reduce((sum, entry) => sum + entry.count, 0),
    );
    expect(counts.global).toBeGreaterThanOrEqual(1);
  });

  it('counts the bytes of uploaded files, whichever route carries them', async () => {
    file.h().discord.resetRequestCounts();
    await file.channel().send({ content: 'no file' });
    expect(file.h().discord.requestCounts().uploadBytes).toBe(0);
    await file.channel().send({
      files: [
        { attachment: Buffer.alloc(1_000, 1), name: 'a.png' },
        { attachment: Buffer.alloc(234, 2), name: 'b.png' },
      ],
    });
    expect(file.h().discord.requestCounts().uploadBytes).toBe(1_234);
  });

  it('starts again from zero after a reset', async () => {
    await file.channel().send('counted');
    file.h().discord.resetRequestCounts();
    expect(file.h().discord.requestCounts()).toEqual({ global: 0, exempt: 0, byRoute: {}, uploadBytes: 0 });
    await file.channel().send('counted after reset');
    expect(file.h().discord.requestCounts()).toMatchObject({
      global: 1,
      exempt: 0,
      byRoute: { 'POST /channels/:channelId/messages': { count: 1, exempt: false } },
    });
  });
});
