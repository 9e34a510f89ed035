import {
  type ChatInputCommandInteraction,
  type MessageComponentInteraction,
  PermissionFlagsBits,
  type PermissionsBitField,
} from 'discord.js';
import { type KeyUnder, listOf, SOURCE_LOCALE, t } from '../i18n/index.ts';
import { answersOnly, externalAppsOff } from './install.ts';

type Interaction = ChatInputCommandInteraction | MessageComponentInteraction;

import { UserFacingError } from '../table/user-facing-error.ts';

/** A permission, by the name the catalogue keys its texts with (`permission.*`, `refusal.why_*`). */
type Needed = { flag: bigint; name: KeyUnder<'permission'> };

/**
 * What the bot needs in a channel to run a table there. The lobby is an interaction
 * reply (always allowed), but the table message, its edits, the results and their
 * pictures are channel posts: without these a game would start and then fail silently.
 */
const NEEDED: Needed[] = [
  { flag: PermissionFlagsBits.ViewChannel, name: 'ViewChannel' },
  { flag: PermissionFlagsBits.SendMessages, name: 'SendMessages' },
  { flag: PermissionFlagsBits.EmbedLinks, name: 'EmbedLinks' },
  { flag: PermissionFlagsBits.AttachFiles, name: 'AttachFiles' },
  { flag: PermissionFlagsBits.ReadMessageHistory, name: 'ReadMessageHistory' },
];

/** In a thread, Discord checks Send Messages in Threads instead of Send Messages. */
const IN_THREAD: Needed = { flag: PermissionFlagsBits.SendMessagesInThreads, name: 'SendMessagesInThreads' };

/** Every permission the bot needs anywhere it plays: the invite link asks for these. */
export const INVITE_PERMISSIONS = [...NEEDED.map((p) => p.flag), IN_THREAD.flag].reduce((a, b) => a | b, 0n);

/**
 * Where only a player's user install brings the app (a group DM, a server that never
 * invited the bot), the bot posts nothing to the channel: everything is an answer to an
 * interaction, which needs only these of what Discord grants there.
 */
const ANSWERS_NEED = NEEDED.filter(
  (p) => p.flag === PermissionFlagsBits.EmbedLinks || p.flag === PermissionFlagsBits.AttachFiles,
);

/** The permissions the bot lacks in this channel, named as Discord's settings name them in `locale` (empty: it can play here). */
export function missingPermissions(
  granted: Readonly<PermissionsBitField>,
  inThread: boolean,
  locale: string = SOURCE_LOCALE,
  needed: readonly Needed[] = NEEDED,
): string[] {
  return needed
    .map((p) => (inThread && p.flag === PermissionFlagsBits.SendMessages ? { ...p, ...IN_THREAD } : p))
    .filter((p) => !granted.has(p.flag, true))
    .map((p) =>
      t(locale, 'refusal.permission', {
        name: t(locale, `permission.${p.name}`),
        why: t(locale, `refusal.why_${p.name}`),
      }),
    );
}

/** What the bot lacks to play where this interaction came from (from its `app_permissions`), in the presser's language. */
export function missingHere(interaction: Interaction): string[] {
  const inThread = interaction.channel?.isThread() ?? false;
  const needed = answersOnly(interaction) ? ANSWERS_NEED : NEEDED;
  return missingPermissions(interaction.appPermissions, inThread, interaction.locale, needed);
}

/**
 * A server that never invited the bot and turned external apps off for @everyone:
 * Discord would show the table to nobody but its host. Refused privately, nothing started.
 */
export function refuseWithoutExternalApps(interaction: ChatInputCommandInteraction): void {
  if (externalAppsOff(interaction)) throw new UserFacingError('refusal.externalAppsOff');
}

/**
 * `/guts start` and `/guts table`: refused privately, before anything is written, in a
 * channel where the bot could not show the game. Discord sends the bot's permissions in
 * that channel with every interaction (`app_permissions`).
 */
export function checkCanPlayHere(interaction: ChatInputCommandInteraction): void {
  const locale = interaction.locale;
  const missing = missingHere(interaction);
  if (!missing.length) return;
  throw new UserFacingError('refusal.missingPermissions', { missing: listOf(locale, missing) });
}
