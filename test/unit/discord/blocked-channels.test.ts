import { DiscordAPIError, PermissionFlagsBits, PermissionsBitField, RESTJSONErrorCodes } from 'discord.js';
import { describe, expect, it } from 'vitest';
import {
  BlockedChannels,
  ChannelLostError,
  FAILED_CALLS_TO_STOP,
  type LostReason,
} from '../../../src/discord/blocked-channels.ts';
import { INVITE_PERMISSIONS, missingPermissions } from '../../../src/discord/permissions.ts';

const apiError = (code: number, status: number) =>
  new DiscordAPIError({ code, message: 'no' }, code, status, 'POST', '/channels/1/messages', { body: null, files: [] });

function watcher() {
  const stopped: [number, LostReason][] = [];
  return { stopped, lost: new BlockedChannels((tableId, reason) => stopped.push([tableId, reason])) };
}

describe('BlockedChannels', () => {
  it('stops the table at the first "missing permissions" and makes no further call to the channel', () => {
    const { stopped, lost } = watcher();
    lost.check('c1');
    lost.failed(7, 'c1', apiError(RESTJSONErrorCodes.MissingPermissions, 403));
    lost.failed(7, 'c1', apiError(RESTJSONErrorCodes.MissingPermissions, 403));
    expect(stopped).toEqual([[7, 'no-permission']]);
    expect(() => lost.check('c1')).toThrow(ChannelLostError);
    lost.check('c2');
    lost.reopen('c1');
    lost.check('c1');
  });

  it('tells a deleted channel from a missing permission', () => {
    const { stopped, lost } = watcher();
    lost.failed(1, 'a', apiError(RESTJSONErrorCodes.UnknownChannel, 404));
    lost.failed(2, 'b', apiError(RESTJSONErrorCodes.MissingAccess, 403));
    lost.failed(3, 'c', apiError(RESTJSONErrorCodes.InvalidActionOnArchivedThread, 400));
    expect(stopped).toEqual([
      [1, 'gone'],
      [2, 'no-permission'],
      [3, 'gone'],
    ]);
  });

  it('gives up on a table only after several other failures in a row', () => {
    const { stopped, lost } = watcher();
    for (let i = 1; i < FAILED_CALLS_TO_STOP; i++) lost.failed(4, 'd', new Error('socket hang up'));
    lost.succeeded(4);
    for (let i = 1; i < FAILED_CALLS_TO_STOP; i++) lost.failed(4, 'd', new Error('socket hang up'));
    // A deleted table message is no reason to stop: `/guts table` posts it again.
    lost.failed(4, 'd', apiError(RESTJSONErrorCodes.UnknownMessage, 404));
    expect(stopped).toEqual([]);
    lost.failed(4, 'd', apiError(500, 500));
    expect(stopped).toEqual([[4, 'failing']]);
  });
});

describe('the permissions a table needs', () => {
  const all = new PermissionsBitField(INVITE_PERMISSIONS);

  it('needs nothing more where the bot has what the invite asks for', () => {
    expect(missingPermissions(all, false)).toEqual([]);
    expect(missingPermissions(all, true)).toEqual([]);
  });

  it('names each missing permission, Send Messages in Threads in a thread', () => {
    const some = new PermissionsBitField(INVITE_PERMISSIONS).remove(
      PermissionFlagsBits.SendMessages,
      PermissionFlagsBits.AttachFiles,
    );
    expect(missingPermissions(some, false).join(' ')).toMatch(/^\*\*Send Messages\*\* .*\*\*Attach Files\*\*/);
    expect(missingPermissions(some, true).join(' ')).not.toMatch(/Send Messages/);
    const noThreads = new PermissionsBitField(INVITE_PERMISSIONS).remove(PermissionFlagsBits.SendMessagesInThreads);
    expect(missingPermissions(noThreads, true).join(' ')).toMatch(/Send Messages in Threads/);
    // Administrator grants everything.
    expect(missingPermissions(new PermissionsBitField(PermissionFlagsBits.Administrator), false)).toEqual([]);
  });
});
