import {
  type APICommandAutocompleteInteractionResponseCallbackData,
  type APIMessage,
  type APIMessageInteractionMetadata,
  type APIModalInteractionResponseCallbackData,
  InteractionResponseType,
  InteractionType,
  MessageFlags,
  MessageType,
  type RESTPostAPIInteractionCallbackWithResponseResult,
} from 'discord-api-types/v10';
import { errors } from '../errors.ts';
import type { InteractionRecord } from '../interactions.ts';
import type { MessageBody } from '../messages.ts';
import { checkModalComponents } from '../modal-components.ts';
import { apiUser } from '../state/render.ts';
import type { StoredMessage } from '../state/types.ts';
import { checkArchive } from './channels.ts';
import type { RouteContext } from './context.ts';
import { noContent, ok, type RestRequest, type RestResult, type Route, sharedRateLimited } from './route.ts';

interface CallbackBody {
  type?: unknown;
  data?: (MessageBody & Partial<APIModalInteractionResponseCallbackData>) | null;
}

function isComponent(record: InteractionRecord): boolean {
  return record.payload.type === InteractionType.MessageComponent;
}

function metadata(ctx: RouteContext, record: InteractionRecord): APIMessageInteractionMetadata {
  const base = {
    id: record.id,
    user: apiUser(ctx.store.user(record.userId)),
    authorizing_integration_owners: record.payload.authorizing_integration_owners,
    ...(record.originalMessageId && !isComponent(record)
      ? { original_response_message_id: record.originalMessageId }
      : {}),
  };
  return isComponent(record)
    ? { ...base, type: InteractionType.MessageComponent, interacted_message_id: record.sourceMessageId ?? '' }
    : { ...base, type: InteractionType.ApplicationCommand };
}

/** Creates a response or follow-up message for `record`; ephemeral ones only its user sees. */
function createInteractionMessage(
  ctx: RouteContext,
  record: InteractionRecord,
  body: MessageBody,
  files: RestRequest['files'],
  extraFlags: number,
  prefix: (string | number)[],
): StoredMessage {
  const forced = record.forcedEphemeral ? MessageFlags.Ephemeral : 0;
  const ephemeral = ((body.flags ?? 0) | extraFlags | forced) & MessageFlags.Ephemeral;
  return ctx.composer.create(
    {
      channelId: record.channelId,
      author: ctx.bot.user,
      type: isComponent(record) ? MessageType.Default : MessageType.ChatInputCommand,
      visibleTo: ephemeral ? record.userId : null,
      interaction: { id: record.id, metadata: metadata(ctx, record) },
      flags: ephemeral | (extraFlags & MessageFlags.Loading),
    },
    body,
    files,
    prefix,
  );
}

function invalidResponseType(): never {
  throw errors.invalidFormBody([
    { path: ['type'], code: 'INTERACTION_RESPONSE_TYPE_INVALID', message: 'Invalid interaction response type' },
  ]);
}

/** Autocomplete choices as Discord takes them: at most 25, names 1-100 characters, values at most 100. */
function checkChoices(data: { choices?: unknown }): APICommandAutocompleteInteractionResponseCallbackData['choices'] {
  const choices = data.choices;
  if (!Array.isArray(choices) || choices.length > 25) {
    throw errors.invalidFormBody([
      { path: ['data', 'choices'], code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 0 and 25 in length.' },
    ]);
  }
  choices.forEach((c: { name?: unknown; value?: unknown }, i) => {
    const name = typeof c.name === 'string' ? c.name : '';
    const value = c.value;
    if (
      name.length < 1 ||
      name.length > 100 ||
      (typeof value === 'string' && value.length > 100) ||
      value === undefined
    ) {
      throw errors.invalidFormBody([
        {
          path: ['data', 'choices', String(i)],
          code: 'BASE_TYPE_BAD_LENGTH',
          message: 'Must be between 1 and 100 in length.',
        },
      ]);
    }
  });
  return choices;
}

function checkModal(data: Partial<APIModalInteractionResponseCallbackData>): void {
  const problems = [];
  if (!data.title || data.title.length > 45) {
    problems.push({
      path: ['data', 'title'],
      code: 'BASE_TYPE_BAD_LENGTH',
      message: 'Must be between 1 and 45 in length.',
    });
  }
  if (!data.custom_id || data.custom_id.length > 100) {
    problems.push({
      path: ['data', 'custom_id'],
      code: 'BASE_TYPE_BAD_LENGTH',
      message: 'Must be between 1 and 100 in length.',
    });
  }
  if (!Array.isArray(data.components) || data.components.length < 1 || data.components.length > 5) {
    problems.push({
      path: ['data', 'components'],
      code: 'BASE_TYPE_BAD_LENGTH',
      message: 'Must be between 1 and 5 in length.',
    });
  }
  problems.push(...checkModalComponents(data.components));
  if (problems.length > 0) throw errors.invalidFormBody(problems);
}

/**
 * Applies one callback. Synchronous from the ack check to the acknowledgement, so two
 * racing callbacks cannot both succeed; a body Discord rejects leaves the interaction
 * unacknowledged, as in Discord.
 */
function respond(ctx: RouteContext, request: RestRequest): RestResult {
  const { interactionId, token } = request.params as { interactionId: string; token: string };
  const record = ctx.interactions.forCallback(interactionId, token);
  const body = (request.body ?? {}) as CallbackBody;
  const data = body.data ?? {};
  let message: StoredMessage | null = null;
  let activityInstanceId: string | null = null;
  // An autocomplete interaction takes only choices (type 8), nothing else.
  if (
    record.payload.type === InteractionType.ApplicationCommandAutocomplete &&
    body.type !== InteractionResponseType.ApplicationCommandAutocompleteResult
  ) {
    invalidResponseType();
  }
  switch (body.type) {
    case InteractionResponseType.ChannelMessageWithSource:
      message = createInteractionMessage(ctx, record, data, request.files, 0, ['data']);
      record.originalMessageId = message.message.id;
      break;
    case InteractionResponseType.DeferredChannelMessageWithSource:
      message = createInteractionMessage(ctx, record, { flags: data.flags ?? 0 }, [], MessageFlags.Loading, ['data']);
      record.originalMessageId = message.message.id;
      break;
    // Types 6 and 7 need a message to update: a component's, or that of the component that opened a modal.
    case InteractionResponseType.DeferredMessageUpdate:
      if (!record.sourceMessageId) invalidResponseType();
      record.originalMessageId = record.sourceMessageId;
      record.sourceRevisionAtAck = ctx.store.message(record.channelId, record.sourceMessageId).revision;
      break;
    case InteractionResponseType.UpdateMessage:
      if (!record.sourceMessageId) invalidResponseType();
      message = ctx.composer.edit(ctx.store.message(record.channelId, record.sourceMessageId), data, request.files, [
        'data',
      ]);
      record.originalMessageId = record.sourceMessageId;
      break;
    case InteractionResponseType.ApplicationCommandAutocompleteResult:
      if (record.payload.type !== InteractionType.ApplicationCommandAutocomplete) invalidResponseType();
      record.choices = checkChoices(data as { choices?: unknown });
      break;
    case InteractionResponseType.Modal:
      checkModal(data);
      record.modal = data as APIModalInteractionResponseCallbackData;
      break;
    // The Activity opens for the user in this channel (joining the instance running there);
    // only for an app with Activities turned on.
    case InteractionResponseType.LaunchActivity:
      if (!ctx.activities.enabled) invalidResponseType();
      activityInstanceId = ctx.activities.launch(ctx.store.channel(record.channelId), record.userId).instanceId;
      break;
    default:
      invalidResponseType();
  }
  ctx.interactions.acknowledge(record, body.type, request.receivedAt);
  if (request.query.get('with_response') !== 'true') return noContent();
  const result: RESTPostAPIInteractionCallbackWithResponseResult = {
    interaction: {
      id: record.id,
      type: record.payload.type,
      ...(activityInstanceId ? { activity_instance_id: activityInstanceId } : {}),
      ...(message
        ? {
            response_message_id: message.message.id,
            response_message_loading: Boolean((message.message.flags ?? 0) & MessageFlags.Loading),
            response_message_ephemeral: message.visibleTo !== null,
          }
        : {}),
    },
    resource: activityInstanceId
      ? { type: InteractionResponseType.LaunchActivity, activity_instance: { id: activityInstanceId } }
      : { type: body.type, ...(message ? { message: message.message } : {}) },
  } as RESTPostAPIInteractionCallbackWithResponseResult;
  return ok(result);
}

/** The interaction behind a webhook path; its application id must be the bot's. */
function webhookInteraction(ctx: RouteContext, request: RestRequest): InteractionRecord {
  if (request.params.applicationId !== ctx.bot.user.id) throw errors.unknownWebhook();
  return ctx.interactions.forWebhook(request.params.token ?? '');
}

/** `@original` or a follow-up of this interaction; anything else is unknown to its webhook. */
function webhookMessage(ctx: RouteContext, record: InteractionRecord, messageId: string): StoredMessage {
  const id = messageId === '@original' ? record.originalMessageId : messageId;
  if (!id || (id !== record.originalMessageId && !record.followUpIds.includes(id))) throw errors.unknownMessage();
  return ctx.store.message(record.channelId, id);
}

/** Follow-ups an interaction may have when only a user install authorizes the app. */
export const MAX_USER_INSTALL_FOLLOW_UPS = 5;

function followUp(ctx: RouteContext, request: RestRequest): RestResult {
  const record = webhookInteraction(ctx, request);
  if (!record.ack) throw errors.unknownWebhook();
  const body = (request.body ?? {}) as MessageBody;
  // A deferred reply the bot deleted leaves nothing to replace: the follow-up is a message of its own.
  const original = record.originalMessageId ? ctx.store.findMessage(record.channelId, record.originalMessageId) : null;
  checkArchive(ctx, ctx.store.channel(record.channelId), true);
  // Discord: 5 follow-ups per interaction where only a user install authorizes the app.
  if (record.userInstallOnly && record.followUpsCreated >= MAX_USER_INSTALL_FOLLOW_UPS) {
    ctx.interactions.followUpLimitHits += 1;
    throw errors.maxFollowUps();
  }
  record.followUpsCreated += 1;
  const replacesThinking =
    record.ack.type === InteractionResponseType.DeferredChannelMessageWithSource &&
    original &&
    (original.message.flags ?? 0) & MessageFlags.Loading;
  if (!replacesThinking && !((body.flags ?? 0) & MessageFlags.Ephemeral)) {
    const retryAfterMs = ctx.channelWebhookPost(record.channelId);
    if (retryAfterMs !== null) return sharedRateLimited(retryAfterMs);
  }
  let message: APIMessage;
  if (replacesThinking && original) {
    // Discord: the first follow-up after a deferred reply replaces the "thinking…" message.
    message = ctx.composer.edit(original, { ...body, flags: null }, request.files).message;
  } else {
    message = createInteractionMessage(ctx, record, body, request.files, 0, []).message;
    ctx.interactions.followedUp(record, message.id);
  }
  return request.query.get('wait') === 'true' ? ok(message) : noContent();
}

export function interactionRoutes(ctx: RouteContext): Route[] {
  const webhook = { auth: 'none', bucket: 'webhook', major: ['applicationId', 'token'], globalExempt: true } as const;
  const messagePath = '/webhooks/:applicationId/:token/messages/:messageId';
  return [
    {
      method: 'POST',
      path: '/interactions/:interactionId/:token/callback',
      auth: 'none',
      bucket: null,
      major: [],
      globalExempt: true,
      handle: (request) => respond(ctx, request),
    },
    {
      ...webhook,
      method: 'POST',
      path: '/webhooks/:applicationId/:token',
      handle: (request) => followUp(ctx, request),
    },
    {
      ...webhook,
      method: 'GET',
      path: messagePath,
      handle: (request) => {
        const record = webhookInteraction(ctx, request);
        return ok(webhookMessage(ctx, record, request.params.messageId ?? '').message);
      },
    },
    {
      ...webhook,
      method: 'PATCH',
      path: messagePath,
      handle: (request) => {
        const record = webhookInteraction(ctx, request);
        const stored = webhookMessage(ctx, record, request.params.messageId ?? '');
        if (stored.visibleTo === null) checkArchive(ctx, ctx.store.channel(record.channelId), false);
        const body = (request.body ?? {}) as MessageBody;
        return ok(ctx.composer.edit(stored, body, request.files).message);
      },
    },
    {
      ...webhook,
      method: 'DELETE',
      path: messagePath,
      handle: (request) => {
        const record = webhookInteraction(ctx, request);
        ctx.store.deleteMessage(webhookMessage(ctx, record, request.params.messageId ?? ''));
        return noContent();
      },
    },
  ];
}
