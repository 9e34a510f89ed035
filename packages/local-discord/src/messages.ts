import {
  type APIAttachment,
  type APIEmbed,
  type APIMessage,
  type APIMessageInteractionMetadata,
  type APIMessageTopLevelComponent,
  EmbedType,
  MessageFlags,
  type MessageType,
} from 'discord-api-types/v10';
import { checkComponentsV2, isComponentsV2 } from './components-v2.ts';
import { DiscordHttpError, errors, type FieldError } from './errors.ts';
import { checkMessageLimits } from './limits.ts';
import { sentComponents } from './sent-components.ts';
import { apiUser } from './state/render.ts';
import type { Store } from './state/store.ts';
import type { StoredMessage, UserRecord } from './state/types.ts';

/** A file part of a multipart request (`files[N]`). */
export interface UploadedFile {
  /** N in `files[N]`: what `attachments[].id` refers to. */
  index: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** The message fields a bot may send (channel message, webhook, interaction callback data). */
export interface MessageBody {
  content?: string | null;
  embeds?: APIEmbed[] | null;
  components?: APIMessageTopLevelComponent[] | null;
  flags?: number | null;
  tts?: boolean;
  attachments?: { id: string | number; filename?: string; description?: string }[] | null;
  allowed_mentions?: AllowedMentions | null;
}

/** What a message may ping (Discord's `allowed_mentions`); absent: everything its content mentions. */
export interface AllowedMentions {
  parse?: ('users' | 'roles' | 'everyone')[];
  users?: string[];
  roles?: string[];
}

/**
 * Who a message's content pings, as Discord works it out: `<@id>` users, `<@&id>`
 * roles, `@everyone` / `@here`, each only if `allowed_mentions` lets that kind (or that
 * id) through. Embeds never ping.
 */
function mentionsOf(
  store: Store,
  content: string,
  allowed: AllowedMentions | null | undefined,
): Pick<APIMessage, 'mention_everyone' | 'mentions' | 'mention_roles'> {
  const parse = new Set(allowed ? (allowed.parse ?? []) : ['users', 'roles', 'everyone']);
  const ids = (re: RegExp) => [...new Set([...content.matchAll(re)].map((m) => m[1] as string))];
  const users = ids(/<@!?(\d+)>/g).filter((id) => parse.has('users') || allowed?.users?.includes(id));
  const roles = ids(/<@&(\d+)>/g).filter((id) => parse.has('roles') || allowed?.roles?.includes(id));
  return {
    mention_everyone: parse.has('everyone') && /@(everyone|here)\b/.test(content),
    mentions: users.flatMap((id) => {
      const user = store.users.get(id);
      return user ? [apiUser(user)] : [];
    }),
    mention_roles: roles,
  };
}

/**
 * Discord's upload limits for a bot in a server without boosts: 10 files a message,
 * 10 MiB a file and per request.
 */
export const uploadLimits = { files: 10, bytes: 10 * 1024 * 1024 };

/** Where a new message comes from, beyond its body. */
export interface MessageOrigin {
  channelId: string;
  author: UserRecord;
  type: MessageType;
  /** Ephemeral messages: the one user allowed to see them. */
  visibleTo: string | null;
  /** Set for messages sent through an interaction's webhook (responses and follow-ups). */
  interaction: { id: string; metadata: APIMessageInteractionMetadata } | null;
  /** Extra flags Discord sets itself (Ephemeral, Loading). */
  flags: number;
}

/** Flags a bot may set on a message it sends or edits; Discord ignores the rest. */
const settableFlags = MessageFlags.SuppressEmbeds | MessageFlags.SuppressNotifications;

/** A PNG's size from its IHDR chunk: Discord reports width and height for the images it can read. */
function imageSize(file: UploadedFile): { width: number; height: number } | null {
  const b = file.bytes;
  const isPng = b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.toString('ascii', 12, 16) === 'IHDR';
  return isPng ? { width: b.readUInt32BE(16), height: b.readUInt32BE(20) } : null;
}

/** The filenames `attachment://` may name: this request's uploads (as described) and the files an edit keeps. */
function attachableNames(body: MessageBody, files: UploadedFile[], existing: APIMessage | null): Set<string> {
  const names = files.map(
    (file) => body.attachments?.find((a) => String(a.id) === file.index)?.filename ?? file.filename,
  );
  const kept = (existing?.attachments ?? []).filter(
    (a) => !body.attachments || body.attachments.some((wanted) => String(wanted.id) === a.id),
  );
  return new Set([...names, ...kept.map((a) => a.filename)]);
}

function isEmpty(message: APIMessage): boolean {
  return (
    message.content === '' &&
    message.embeds.length === 0 &&
    message.attachments.length === 0 &&
    (message.components?.length ?? 0) === 0
  );
}

/**
 * Turns request bodies into stored messages and applies edits, enforcing Discord's
 * content limits and storing uploaded files. Shared by channel routes, interaction
 * callbacks and interaction webhooks so they all behave the same.
 */
export class MessageComposer {
  constructor(
    private readonly store: Store,
    private readonly attachmentBase: () => string,
  ) {}

  /** Validates `body` (errors addressed under `prefix`) and creates the message. */
  create(
    origin: MessageOrigin,
    body: MessageBody,
    files: UploadedFile[],
    prefix: (string | number)[] = [],
  ): StoredMessage {
    const channel = this.store.channel(origin.channelId);
    this.validate(body, files, prefix, null);
    const now = new Date(this.store.clock.now()).toISOString();
    const id = this.store.ids.next();
    const attachments = this.upload(channel.id, files, body.attachments ?? null);
    const message: APIMessage = {
      id,
      channel_id: channel.id,
      author: apiUser(origin.author),
      content: body.content ?? '',
      timestamp: now,
      edited_timestamp: null,
      tts: Boolean(body.tts),
      ...mentionsOf(this.store, body.content ?? '', body.allowed_mentions),
      attachments,
      embeds: this.resolveEmbeds(body.embeds ?? [], attachments),
      pinned: false,
      type: origin.type,
      flags: ((body.flags ?? 0) & (settableFlags | MessageFlags.IsComponentsV2)) | origin.flags,
      components: sentComponents(body.components ?? [], attachments, () => this.store.ids.next()),
    };
    if (origin.interaction) {
      message.webhook_id = origin.author.id;
      message.application_id = origin.author.id;
      message.interaction_metadata = origin.interaction.metadata;
    }
    if (isEmpty(message) && !(origin.flags & MessageFlags.Loading)) throw errors.emptyMessage();
    const stored: StoredMessage = {
      message,
      guildId: channel.guildId,
      visibleTo: origin.visibleTo,
      interactionId: origin.interaction?.id ?? null,
      revision: 0,
    };
    this.store.insertMessage(stored);
    return stored;
  }

  /**
   * Applies an edit: fields present replace the old ones; `attachments` lists the
   * existing files to keep plus the new uploads (omitted: keep all, add uploads).
   * An edit clears the Loading flag of a deferred response.
   */
  edit(
    stored: StoredMessage,
    body: MessageBody,
    files: UploadedFile[],
    prefix: (string | number)[] = [],
  ): StoredMessage {
    this.validate(body, files, prefix, stored.message);
    const message = stored.message;
    const next: APIMessage = { ...message };
    if (body.content !== undefined) {
      next.content = body.content ?? '';
      Object.assign(next, mentionsOf(this.store, next.content, body.allowed_mentions));
    }
    if (body.attachments !== undefined || files.length > 0) {
      const keep = body.attachments
        ? message.attachments.filter((a) => body.attachments?.some((wanted) => String(wanted.id) === a.id))
        : message.attachments;
      next.attachments = [...keep, ...this.upload(message.channel_id, files, body.attachments ?? null)];
    }
    if (body.components !== undefined) {
      next.components = sentComponents(body.components ?? [], next.attachments, () => this.store.ids.next());
    }
    if (body.embeds !== undefined) next.embeds = this.resolveEmbeds(body.embeds ?? [], next.attachments);
    const fixedFlags = (message.flags ?? 0) & ~settableFlags & ~MessageFlags.Loading;
    const bodyFlags = body.flags === undefined || body.flags === null ? (message.flags ?? 0) : body.flags;
    // IS_COMPONENTS_V2 may be added by an edit but never removed: it stays among the fixed flags.
    next.flags = fixedFlags | (bodyFlags & (settableFlags | MessageFlags.IsComponentsV2));
    // A deferred reply ("thinking…") filled in is the answer, not an edit of one: Discord shows no "(edited)".
    const filled = ((message.flags ?? 0) & MessageFlags.Loading) !== 0;
    next.edited_timestamp = filled ? message.edited_timestamp : new Date(this.store.clock.now()).toISOString();
    if (isEmpty(next)) throw errors.emptyMessage();
    for (const dropped of message.attachments) {
      if (!next.attachments.includes(dropped)) this.store.attachments.delete(dropped.id);
    }
    stored.message = next;
    stored.revision += 1;
    this.store.messageUpdated(stored);
    return stored;
  }

  /** `existing` is the message an edit applies to: its flags and files count too. */
  private validate(
    body: MessageBody,
    files: UploadedFile[],
    prefix: (string | number)[],
    existing: APIMessage | null,
  ): void {
    const v2 = isComponentsV2(body.flags) || isComponentsV2(existing?.flags);
    const problems: FieldError[] = v2
      ? [
          ...checkMessageLimits({ ...body, components: undefined }, prefix),
          ...checkComponentsV2(body, attachableNames(body, files, existing), prefix),
        ]
      : checkMessageLimits(body, prefix);
    const uploaded = new Set(files.map((f) => f.index));
    (body.attachments ?? []).forEach((attachment, i) => {
      const id = String(attachment.id);
      // Small integers refer to files in this request; snowflakes to files the message already has.
      if (id.length < 17 && !uploaded.has(id)) {
        problems.push({
          path: [...prefix, 'attachments', i],
          code: 'ATTACHMENT_NOT_FOUND',
          message: 'Attachment data not found',
        });
      }
    });
    if (problems.length > 0) throw errors.invalidFormBody(problems);
    const bytes = files.reduce((sum, f) => sum + f.bytes.length, 0);
    if (files.length > uploadLimits.files) {
      throw errors.invalidFormBody([
        { path: [...prefix, 'attachments'], code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 10 or fewer in length.' },
      ]);
    }
    if (bytes > uploadLimits.bytes) throw new DiscordHttpError(413, 40005, 'Request entity too large');
  }

  /**
   * An application's attachment (`POST /applications/{id}/attachment`, what an Activity
   * shares with `openShareMomentDialog`): stored and served as a message's are, under the
   * application's id, and marked ephemeral as Discord marks it.
   */
  applicationAttachment(applicationId: string, file: UploadedFile): APIAttachment {
    const [attachment] = this.upload(applicationId, [file], undefined);
    if (!attachment) throw new Error('no attachment stored');
    return { ...attachment, ephemeral: true };
  }

  private upload(channelId: string, files: UploadedFile[], described: MessageBody['attachments']): APIAttachment[] {
    return files.map((file) => {
      const id = this.store.ids.next();
      const meta = described?.find((a) => String(a.id) === file.index);
      const filename = meta?.filename ?? file.filename;
      const url = `${this.attachmentBase()}/attachments/${channelId}/${id}/${encodeURIComponent(filename)}`;
      this.store.attachments.set(id, {
        id,
        channelId,
        filename,
        contentType: file.contentType,
        bytes: file.bytes,
        url,
      });
      const size = imageSize(file);
      return {
        id,
        filename,
        size: file.bytes.length,
        url,
        proxy_url: url,
        content_type: file.contentType,
        ...(meta?.description ? { description: meta.description } : {}),
        ...(size ?? {}),
      };
    });
  }

  /** Discord rewrites `attachment://name` image URLs in embeds to the uploaded file's URL. */
  private resolveEmbeds(embeds: APIEmbed[], attachments: APIAttachment[]): APIEmbed[] {
    const resolve = <T extends { url: string }>(media: T | undefined): T | undefined => {
      if (!media?.url.startsWith('attachment://')) return media;
      const file = attachments.find((a) => a.filename === media.url.slice('attachment://'.length));
      return file
        ? { ...media, url: file.url, proxy_url: file.proxy_url, width: file.width, height: file.height }
        : media;
    };
    return embeds.map((embed) => {
      const out: APIEmbed = { type: embed.type ?? EmbedType.Rich, ...embed };
      // Discord answers every field with `inline` (false unless set).
      if (embed.fields) out.fields = embed.fields.map((field) => ({ ...field, inline: field.inline ?? false }));
      if (embed.image) out.image = resolve(embed.image);
      if (embed.thumbnail) out.thumbnail = resolve(embed.thumbnail);
      return out;
    });
  }
}
