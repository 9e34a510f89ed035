import { MessageType, PermissionFlagsBits } from 'discord-api-types/v10';
import { DiscordHttpError, errors } from '../errors.ts';
import type { MessageBody } from '../messages.ts';
import { requirePermissions } from '../permissions.ts';
import { apiAnyChannel } from '../state/render.ts';
import type { ChannelRecord, StoredMessage } from '../state/types.ts';
import type { RouteContext } from './context.ts';
import { noContent, ok, type RestRequest, type Route } from './route.ts';

/**
 * The channel in the path, if the bot is in its guild and has `needed` there besides
 * View Channel (50001 Missing Access, 50013 Missing Permissions otherwise).
 */
function botChannel(ctx: RouteContext, request: RestRequest, needed = 0n): ChannelRecord {
  const channel = ctx.store.channel(request.params.channelId ?? '');
  // A group DM, or a server that never invited the bot: a user install only answers interactions.
  if (channel.group || !ctx.store.guild(channel.guildId).members.has(ctx.bot.user.id)) throw errors.missingAccess();
  // In a thread, the parent's overwrites apply, and posting needs Send Messages in Threads.
  const posting = channel.thread && needed & PermissionFlagsBits.SendMessages;
  const inThread = posting
    ? (needed & ~PermissionFlagsBits.SendMessages) | PermissionFlagsBits.SendMessagesInThreads
    : needed;
  requirePermissions(ctx.store.guild(channel.guildId), ctx.store.permissionChannel(channel), ctx.bot.user.id, inThread);
  return channel;
}

/**
 * A thread's archive as Discord keeps it: posting in an archived thread unarchives it,
 * unless a moderator locked it; editing in an archived thread is refused (50083). The
 * same for a message posted or edited through an interaction's token.
 */
export function checkArchive(ctx: RouteContext, channel: ChannelRecord, posting: boolean): void {
  const thread = channel.thread;
  if (!thread?.archived) return;
  if (!posting || thread.locked) throw new DiscordHttpError(400, 50083, 'Thread is archived');
  thread.archived = false;
  ctx.threadChanged(channel);
}

/**
 * `PATCH /channels/:id` for a thread's `archived` (the only change modelled): anyone who
 * may post there can unarchive it, unless it is locked (Manage Threads needed).
 */
function modifyThread(ctx: RouteContext, request: RestRequest): ChannelRecord {
  const channel = botChannel(ctx, request, PermissionFlagsBits.SendMessages);
  const body = (request.body ?? {}) as { archived?: unknown };
  if (!channel.thread || typeof body.archived !== 'boolean') {
    throw errors.invalidFormBody([
      { path: ['archived'], code: 'BASE_TYPE_BAD', message: 'Only a thread can be archived.' },
    ]);
  }
  if (channel.thread.locked) {
    requirePermissions(
      ctx.store.guild(channel.guildId),
      ctx.store.permissionChannel(channel),
      ctx.bot.user.id,
      PermissionFlagsBits.ManageThreads,
    );
  }
  channel.thread.archived = body.archived;
  ctx.threadChanged(channel);
  return channel;
}

/** What sending or editing this body needs: Embed Links for embeds, Attach Files for files. */
function contentNeeds(request: RestRequest): bigint {
  const body = (request.body ?? {}) as { embeds?: unknown[] };
  return (
    (body.embeds?.length ? PermissionFlagsBits.EmbedLinks : 0n) |
    (request.files.length ? PermissionFlagsBits.AttachFiles : 0n)
  );
}

/** A message the bot can reach through channel routes: ephemeral ones do not exist there. */
function channelMessage(ctx: RouteContext, request: RestRequest, needed = 0n): StoredMessage {
  const channel = botChannel(ctx, request, needed);
  const stored = ctx.store.message(channel.id, request.params.messageId ?? '');
  if (stored.visibleTo !== null) throw errors.unknownMessage();
  return stored;
}

function limitParam(query: URLSearchParams): number {
  const raw = query.get('limit');
  const limit = raw === null ? 50 : Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw errors.invalidFormBody([
      { path: ['limit'], code: 'NUMBER_TYPE_MAX', message: 'int value should be between 1 and 100.' },
    ]);
  }
  return limit;
}

/** `GET /channels/:id/messages`: newest first, paged by `before`, `after` or `around`. */
function listMessages(ctx: RouteContext, request: RestRequest) {
  const channel = botChannel(ctx, request, PermissionFlagsBits.ReadMessageHistory);
  const limit = limitParam(request.query);
  const all = ctx.store.channelMessages(channel.id, ctx.bot.user.id).map((m) => m.message);
  const byId = (a: { id: string }, b: { id: string }) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1);
  const before = request.query.get('before');
  const after = request.query.get('after');
  const around = request.query.get('around');
  let picked = all;
  if (before) picked = all.filter((m) => BigInt(m.id) < BigInt(before)).slice(-limit);
  else if (after) picked = all.filter((m) => BigInt(m.id) > BigInt(after)).slice(0, limit);
  else if (around) {
    const at = all.findIndex((m) => BigInt(m.id) >= BigInt(around));
    const start = Math.max(0, (at === -1 ? all.length : at) - Math.floor(limit / 2));
    picked = all.slice(start, start + limit);
  } else picked = all.slice(-limit);
  return ok([...picked].sort(byId).reverse());
}

export function channelRoutes(ctx: RouteContext): Route[] {
  const base = { auth: 'bot', major: ['channelId'], globalExempt: false } as const;
  const one = '/channels/:channelId/messages/:messageId';
  return [
    {
      ...base,
      method: 'GET',
      path: '/channels/:channelId',
      bucket: 'default',
      handle: (r) => ok(apiAnyChannel(botChannel(ctx, r))),
    },
    {
      ...base,
      method: 'PATCH',
      path: '/channels/:channelId',
      bucket: 'default',
      handle: (r) => ok(apiAnyChannel(modifyThread(ctx, r))),
    },
    {
      ...base,
      method: 'GET',
      path: '/channels/:channelId/messages',
      bucket: 'message-read',
      handle: (r) => listMessages(ctx, r),
    },
    {
      ...base,
      method: 'POST',
      path: '/channels/:channelId/messages',
      bucket: 'message-create',
      handle: (r) => {
        const channel = botChannel(ctx, r, PermissionFlagsBits.SendMessages | contentNeeds(r));
        checkArchive(ctx, channel, true);
        const origin = {
          channelId: channel.id,
          author: ctx.bot.user,
          type: MessageType.Default,
          visibleTo: null,
          interaction: null,
          flags: 0,
        };
        return ok(ctx.composer.create(origin, (r.body ?? {}) as MessageBody, r.files).message);
      },
    },
    {
      ...base,
      method: 'GET',
      path: one,
      bucket: 'message-read',
      handle: (r) => ok(channelMessage(ctx, r, PermissionFlagsBits.ReadMessageHistory).message),
    },
    {
      ...base,
      method: 'PATCH',
      path: one,
      bucket: 'message-edit',
      handle: (r) => {
        const stored = channelMessage(ctx, r, contentNeeds(r));
        checkArchive(ctx, ctx.store.channel(stored.message.channel_id), false);
        if (stored.message.author.id !== ctx.bot.user.id) throw errors.cannotEditOthersMessage();
        return ok(ctx.composer.edit(stored, (r.body ?? {}) as MessageBody, r.files).message);
      },
    },
    {
      ...base,
      method: 'DELETE',
      path: one,
      bucket: 'message-delete',
      handle: (r) => {
        ctx.store.deleteMessage(channelMessage(ctx, r));
        return noContent();
      },
    },
  ];
}
