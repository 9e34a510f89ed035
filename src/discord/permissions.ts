import { type ChatInputCommandInteraction, PermissionFlagsBits, type PermissionsBitField } from 'discord.js';
import { listOf, SOURCE_LOCALE, t } from '../i18n/index.ts';
import { UserFacingError } from '../table/errors.ts';

/**
 * What the bot needs in a channel to run a table there. The lobby is an interaction
 * reply (always allowed), but the table message, its edits, the results and their
 * pictures are channel posts: without these a game would start and then fail silently.
 */
const NEEDED: { flag: bigint; name: string }[] = [
  { flag: PermissionFlagsBits.ViewChannel, name: 'ViewChannel' },
  { flag: PermissionFlagsBits.SendMessages, name: 'SendMessages' },
  { flag: PermissionFlagsBits.EmbedLinks, name: 'EmbedLinks' },
  { flag: PermissionFlagsBits.AttachFiles, name: 'AttachFiles' },
  { flag: PermissionFlagsBits.ReadMessageHistory, name: 'ReadMessageHistory' },
];

/** In a thread, Discord checks Send Messages in Threads instead of Send Messages. */
const IN_THREAD = { flag: PermissionFlagsBits.SendMessagesInThreads, name: 'SendMessagesInThreads' };

/** Every permission the bot needs anywhere it plays: the invite link asks for these. */
export const INVITE_PERMISSIONS = [...NEEDED.map((p) => p.flag), IN_THREAD.flag].reduce((a, b) => a | b, 0n);

/** The permissions the bot lacks in this channel, named as Discord's settings name them in `locale` (empty: it can play here). */
export function missingPermissions(
  granted: Readonly<PermissionsBitField>,
  inThread: boolean,
  locale: string = SOURCE_LOCALE,
): string[] {
  return NEEDED.map((p) => (inThread && p.flag === PermissionFlagsBits.SendMessages ? { ...p, ...IN_THREAD } : p))
    .filter((p) => !granted.has(p.flag, true))
    .map((p) =>
      t(locale, 'refusal.permission', {
        name: t(locale, `permission.${p.name}`),
        why: t(locale, `refusal.why_${p.name}`),
      }),
    );
}

/**
 * `/guts start` and `/guts table`: refused privately, before anything is written, in a
 * channel where the bot could not show the game. Discord sends the bot's permissions in
 * that channel with every interaction (`app_permissions`).
 */
export function checkCanPlayHere(interaction: ChatInputCommandInteraction): void {
  const locale = interaction.locale;
  const missing = missingPermissions(interaction.appPermissions, interaction.channel?.isThread() ?? false, locale);
  if (!missing.length) return;
  throw new UserFacingError('refusal.missingPermissions', { missing: listOf(locale, missing) });
}
