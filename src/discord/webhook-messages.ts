import {
  type APIEmbed,
  type APIMessageTopLevelComponent,
  type AttachmentBuilder,
  type Client,
  type JSONEncodable,
  type RawFile,
  Routes,
} from 'discord.js';
import { tokenRest } from './token-rest.ts';

/**
 * A message the bot posts or edits through an interaction token, as the views build it:
 * components and embeds as Discord's JSON (or builders of it), pictures as files.
 * `attachments: []` on an edit keeps only the files sent with it.
 */
export interface WebhookMessage {
  content?: string;
  embeds?: readonly (APIEmbed | JSONEncodable<APIEmbed>)[];
  components?: readonly (APIMessageTopLevelComponent | JSONEncodable<APIMessageTopLevelComponent>)[];
  flags?: number;
  files?: readonly AttachmentBuilder[];
  attachments?: readonly never[];
}

/** What the bot keeps of a message it posted: its id (for edits to come). */
export interface PostedMessage {
  id: string;
}

/** An interaction's token, and what calls Discord with it. */
export interface WebhookToken {
  readonly client: Client;
  readonly applicationId: string;
  readonly token: string;
}

/** A token kept for later calls: the token itself not enumerable, so it never shows in a log line. */
export function webhookToken(client: Client, applicationId: string, token: string): WebhookToken {
  const via = { client, applicationId } as WebhookToken;
  Object.defineProperty(via, 'token', { value: token });
  return via;
}

/*
 * Follow-ups and edits through an interaction token, straight to Discord's REST API
 * through `TokenRest` (token-rest.ts: the same rate limits, retries and errors as
 * discord.js's REST client, without a route of its own per token). discord.js's webhook
 * calls build a `Message` from every answer (its author, member, components,
 * mentions...) that the bot never reads, and re-shape payloads already in Discord's JSON
 * (issue #27: the bot thread's CPU per deal).
 */

/** Posts a follow-up message through the token; returns its id. */
export async function postFollowUp(via: WebhookToken, message: WebhookMessage): Promise<PostedMessage> {
  const { body, files } = requestOf(via.client, message);
  const route = Routes.webhook(via.applicationId, via.token);
  const posted = (await tokenRest(via.client).call(via.token, 'POST', route, body, {
    query: WAIT,
    files,
  })) as PostedMessage;
  return { id: posted.id };
}

/** Edits a message the token posted (or its interaction's own reply, '@original'). */
export async function editWebhookMessage(via: WebhookToken, messageId: string, message: WebhookMessage): Promise<void> {
  const { body, files } = requestOf(via.client, message);
  const route = Routes.webhookMessage(via.applicationId, via.token, messageId);
  await tokenRest(via.client).call(via.token, 'PATCH', route, body, { files, answer: false });
}

/** The JSON body and the files, as discord.js's MessagePayload would make them for these fields. */
export function requestOf(
  client: Client,
  message: WebhookMessage,
): { body: Record<string, unknown>; files?: RawFile[] } {
  const uploads = message.files?.map((file, index) => ({
    attachment: { id: String(index), description: file.description ?? undefined },
    raw: { name: file.name ?? `file-${index}.png`, data: bufferOf(file) },
  }));
  const attachments =
    message.attachments || uploads
      ? [...(message.attachments ?? []), ...(uploads ?? []).map((u) => u.attachment)]
      : undefined;
  const body = {
    content: message.content,
    embeds: message.embeds?.map(toJSON),
    components: message.components?.map(toJSON),
    flags: message.flags,
    attachments,
    // The client's own rule (nobody pinged), as discord.js would have sent it.
    allowed_mentions: client.options.allowedMentions,
  };
  return uploads ? { body, files: uploads.map((u) => u.raw) } : { body };
}

const WAIT = 'wait=true';

const toJSON = <T>(item: T | JSONEncodable<T>): T =>
  typeof item === 'object' && item !== null && 'toJSON' in item ? item.toJSON() : (item as T);

/** The bot's pictures are drawn in memory (render/): a file is its bytes. */
function bufferOf(file: AttachmentBuilder): Buffer {
  if (!Buffer.isBuffer(file.attachment)) throw new Error(`attachment ${file.name} is not in memory`);
  return file.attachment;
}
