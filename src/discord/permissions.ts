import {
  type ChatInputCommandInteraction,
  type MessageComponentInteraction,
  PermissionFlagsBits,
  type PermissionsBitField,
} from 'discord.js';
import { answersOnly, externalAppsOff } from './install.ts';

type Interaction = ChatInputCommandInteraction | MessageComponentInteraction;

import { UserFacingError } from '../table/errors.ts';

/**
 * What the bot needs in a channel to run a table there. The lobby is an interaction
 * reply (always allowed), but the table message, its edits, the results and their
 * pictures are channel posts: without these a game would start and then fail silently.
 */
const NEEDED: { flag: bigint; name: string; why: string }[] = [
  { flag: PermissionFlagsBits.ViewChannel, name: 'View Channel', why: 'to see the channel' },
  { flag: PermissionFlagsBits.SendMessages, name: 'Send Messages', why: 'to post the table and results' },
  { flag: PermissionFlagsBits.EmbedLinks, name: 'Embed Links', why: 'to show the table' },
  { flag: PermissionFlagsBits.AttachFiles, name: 'Attach Files', why: 'to show the cards' },
  { flag: PermissionFlagsBits.ReadMessageHistory, name: 'Read Message History', why: 'to edit the table' },
];

/** In a thread, Discord checks Send Messages in Threads instead of Send Messages. */
const IN_THREAD = { flag: PermissionFlagsBits.SendMessagesInThreads, name: 'Send Messages in Threads' };

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

/** The names of the permissions the bot lacks in this channel (empty: it can play here). */
export function missingPermissions(
  granted: Readonly<PermissionsBitField>,
  inThread: boolean,
  needed: readonly { flag: bigint; name: string; why: string }[] = NEEDED,
): string[] {
  return needed
    .map((p) => (inThread && p.flag === PermissionFlagsBits.SendMessages ? { ...p, ...IN_THREAD } : p))
    .filter((p) => !granted.has(p.flag, true))
    .map((p) => `**${p.name}** (${p.why})`);
}

/** What the bot lacks to play where this interaction came from, from its `app_permissions`. */
export function missingHere(interaction: Interaction): string[] {
  const inThread = interaction.channel?.isThread() ?? false;
  return missingPermissions(interaction.appPermissions, inThread, answersOnly(interaction) ? ANSWERS_NEED : NEEDED);
}

/**
 * A server that never invited the bot and turned external apps off for @everyone:
 * Discord would show the table to nobody but its host. Refused privately, nothing started.
 */
export function refuseWithoutExternalApps(interaction: ChatInputCommandInteraction): void {
  if (!externalAppsOff(interaction)) return;
  throw new UserFacingError(
    'This server turned off external apps, so I can only answer you privately here: nobody else would see the table. Ask a server admin to add me to the server (then I play in any channel), or start the game in a group DM with your friends.',
  );
}

/**
 * `/guts start` and `/guts table`: refused privately, before anything is written, in a
 * channel where the bot could not show the game. Discord sends the bot's permissions in
 * that channel with every interaction (`app_permissions`).
 */
export function checkCanPlayHere(interaction: ChatInputCommandInteraction): void {
  const missing = missingHere(interaction);
  if (!missing.length) return;
  throw new UserFacingError(
    `I can't run a table in this channel: I'm missing ${missing.join(', ')}. ` +
      'A server admin can give me these in the channel settings (Permissions), or start the game in another channel.',
  );
}
