import { DiscordAPIError, type Interaction, MessageFlags, RESTJSONErrorCodes } from 'discord.js';
import { type TextKey, t } from '../i18n/index.ts';
import type { Logger } from '../log.ts';
import { isUserFacing, refusalText } from '../table/user-facing-error.ts';

export { isUserFacing, refusalText };

/**
 * The one error boundary (Skyra's `_shared.ts` model): rule errors become short
 * ephemeral answers, Discord API errors become friendly text, anything else is
 * logged with its stack and the user sees a generic line.
 */

const GENERIC_ERROR = 'error.generic';

/** Discord's refusals a player can understand: their lines' keys in the catalogue. */
const FRIENDLY_API_ERRORS: Partial<Record<number, TextKey>> = {
  [RESTJSONErrorCodes.MissingPermissions]: 'error.missingPermissions',
  [RESTJSONErrorCodes.MissingAccess]: 'error.missingAccess',
  [RESTJSONErrorCodes.UnknownMessage]: 'error.unknownMessage',
  [RESTJSONErrorCodes.UnknownChannel]: 'error.unknownChannel',
  [RESTJSONErrorCodes.CannotSendMessagesToThisUser]: 'error.cannotMessage',
};

/** What the player is told, in their language (`locale`: the interaction's). */
function userTextFor(err: unknown, locale: string): { text: string; unexpected: boolean } {
  if (isUserFacing(err)) return { text: refusalText(err, locale), unexpected: false };
  if (err instanceof DiscordAPIError) {
    const friendly = typeof err.code === 'number' ? FRIENDLY_API_ERRORS[err.code] : undefined;
    if (friendly) return { text: t(locale, friendly), unexpected: false };
  }
  return { text: t(locale, GENERIC_ERROR), unexpected: true };
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
  const { text, unexpected } = userTextFor(err, interaction.locale);
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
