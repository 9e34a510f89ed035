import { DiscordAPIError, type Interaction, MessageFlags, RESTJSONErrorCodes } from 'discord.js';
import type { Logger } from '../log.ts';
import { UserFacingError } from '../table/errors.ts';

/**
 * The one error boundary (Skyra's `_shared.ts` model): rule errors become short
 * ephemeral answers, Discord API errors become friendly text, anything else is
 * logged with its stack and the user sees a generic line.
 */

const GENERIC_ERROR = 'Something went wrong on my side. Nothing was changed; please try again.';

const FRIENDLY_API_ERRORS: Partial<Record<number, string>> = {
  [RESTJSONErrorCodes.MissingPermissions]: "I don't have permission to do that in this channel.",
  [RESTJSONErrorCodes.MissingAccess]: "I can't see or post in this channel.",
  [RESTJSONErrorCodes.UnknownMessage]: 'That message is gone. Try `/guts table` to post the table again.',
  [RESTJSONErrorCodes.UnknownChannel]: "I can't find this channel.",
  [RESTJSONErrorCodes.CannotSendMessagesToThisUser]: "I can't message that user.",
};

/** Errors whose message is written for players: ours and the engine's rule errors. */
export function isUserFacing(err: unknown): err is Error {
  return err instanceof UserFacingError || (err instanceof Error && err.name === 'RuleError');
}

function userTextFor(err: unknown): { text: string; unexpected: boolean } {
  if (isUserFacing(err)) return { text: err.message, unexpected: false };
  if (err instanceof DiscordAPIError) {
    const friendly = typeof err.code === 'number' ? FRIENDLY_API_ERRORS[err.code] : undefined;
    if (friendly) return { text: friendly, unexpected: false };
  }
  return { text: GENERIC_ERROR, unexpected: true };
}

/** Expired or already-answered interactions: there is no one left to tell. */
function isDeadInteraction(err: unknown): boolean {
  return (
    err instanceof DiscordAPIError &&
    (err.code === RESTJSONErrorCodes.UnknownInteraction ||
      err.code === RESTJSONErrorCodes.InteractionHasAlreadyBeenAcknowledged)
  );
}

/** Answers the user, and says whether that was a refusal (a rule, a stale button) or an unexpected error. */
export async function answerError(interaction: Interaction, err: unknown, log: Logger): Promise<'refused' | 'error'> {
  const { text, unexpected } = userTextFor(err);
  const outcome = unexpected ? 'error' : 'refused';
  if (unexpected) log.error({ err }, 'interaction failed');
  else log.debug({ reason: text }, 'interaction refused');
  if (!interaction.isRepliable() || isDeadInteraction(err)) return outcome;
  try {
    if (interaction.deferred && !interaction.replied && interaction.ephemeral === true) {
      // A private "thinking…" placeholder: the answer takes its place.
      await interaction.editReply({ content: text, embeds: [], components: [] });
    } else if (interaction.deferred && !interaction.replied && interaction.ephemeral === false) {
      // A public placeholder (commands that acknowledge before they can check): a refusal
      // is nobody else's business. It goes, and the answer comes privately.
      await interaction.deleteReply();
      await interaction.followUp({ content: text, flags: MessageFlags.Ephemeral });
    } else if (interaction.deferred || interaction.replied) {
      await interaction.followUp({ content: text, flags: MessageFlags.Ephemeral });
    } else {
      await interaction.reply({ content: text, flags: MessageFlags.Ephemeral });
    }
  } catch (replyErr) {
    log.warn({ err: replyErr }, 'could not tell the user about an error');
  }
  return outcome;
}
