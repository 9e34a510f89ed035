import {
  InteractionResponseType,
  type MessageComponentInteraction,
  MessageFlags,
  type RawFile,
  Routes,
} from 'discord.js';
import { tokenRest } from './token-rest.ts';
import { requestOf, type WebhookMessage } from './webhook-messages.ts';

/**
 * A press's answer (its interaction callback) through the token's own caller
 * (token-rest.ts), as `interaction.update`, `reply`, `deferUpdate` and `deferReply`
 * would send it, and recorded on the interaction as they record it (the error boundary
 * and `awaitsReply` read `deferred` and `replied`).
 *
 * Why not discord.js's: each press is answered once, and through its REST client (its
 * queue, its route hash, its `MessagePayload`, the response built as a web Response)
 * that answer cost more of the bot's thread than the same call over undici, five or six
 * times a deal (docs/PERFORMANCE.md). A callback Discord applied but reported as failed
 * is taken as done when its repeat is refused as answered already (see TokenRest).
 */
export type Answered = Pick<
  MessageComponentInteraction,
  'client' | 'id' | 'token' | 'deferred' | 'replied' | 'ephemeral'
>;

async function callback(interaction: Answered, type: InteractionResponseType, data?: unknown, files?: RawFile[]) {
  // As discord.js refuses it: an interaction is answered once.
  if (interaction.deferred || interaction.replied) throw new Error('the interaction was answered already');
  const route = Routes.interactionCallback(interaction.id, interaction.token);
  await tokenRest(interaction.client).call(
    interaction.token,
    'POST',
    route,
    data === undefined ? { type } : { type, data },
    { query: 'with_response=false', answer: false, ...(files ? { files } : {}) },
  );
}

/** Acknowledges a press on a message, to edit that message later (`interaction.deferUpdate()`). */
export async function deferUpdate(interaction: Answered): Promise<void> {
  await callback(interaction, InteractionResponseType.DeferredMessageUpdate);
  interaction.deferred = true;
}

/** Acknowledges with a reply only the presser sees, to be written later (`deferReply` with the Ephemeral flag). */
export async function deferEphemeralReply(interaction: Answered): Promise<void> {
  await callback(interaction, InteractionResponseType.DeferredChannelMessageWithSource, {
    flags: MessageFlags.Ephemeral,
  });
  interaction.deferred = true;
  interaction.ephemeral = true;
}

/** Redraws the message pressed on, as the answer (`interaction.update`). */
export async function updatePressed(interaction: Answered, message: WebhookMessage): Promise<void> {
  const { body, files } = requestOf(interaction.client, message);
  await callback(interaction, InteractionResponseType.UpdateMessage, body, files);
  interaction.replied = true;
}

/** Answers with a message only the presser sees (`interaction.reply` with the Ephemeral flag). */
export async function replyEphemeral(interaction: Answered, message: WebhookMessage): Promise<void> {
  const { body, files } = requestOf(interaction.client, { ...message, flags: MessageFlags.Ephemeral });
  await callback(interaction, InteractionResponseType.ChannelMessageWithSource, body, files);
  interaction.replied = true;
  interaction.ephemeral = true;
}

/** How the step pipeline answers a press (these, in the bot). */
export interface InteractionAnswers {
  deferUpdate(interaction: Answered): Promise<void>;
  deferEphemeralReply(interaction: Answered): Promise<void>;
  updatePressed(interaction: Answered, message: WebhookMessage): Promise<void>;
  replyEphemeral(interaction: Answered, message: WebhookMessage): Promise<void>;
}

export const interactionAnswers: InteractionAnswers = {
  deferUpdate,
  deferEphemeralReply,
  updatePressed,
  replyEphemeral,
};
