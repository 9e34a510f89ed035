import { type ChatInputCommandInteraction, PermissionFlagsBits, type PermissionsBitField } from 'discord.js';
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

/** The names of the permissions the bot lacks in this channel (empty: it can play here). */
export function missingPermissions(granted: Readonly<PermissionsBitField>, inThread: boolean): string[] {
  return NEEDED.map((p) => (inThread && p.flag === PermissionFlagsBits.SendMessages ? { ...p, ...IN_THREAD } : p))
    .filter((p) => !granted.has(p.flag, true))
    .map((p) => `**${p.name}** (${p.why})`);
}

/**
 * `/guts start` and `/guts table`: refused privately, before anything is written, in a
 * channel where the bot could not show the game. Discord sends the bot's permissions in
 * that channel with every interaction (`app_permissions`).
 */
export function checkCanPlayHere(interaction: ChatInputCommandInteraction): void {
  const missing = missingPermissions(interaction.appPermissions, interaction.channel?.isThread() ?? false);
  if (!missing.length) return;
  throw new UserFacingError(
    `I can't run a table in this channel: I'm missing ${missing.join(', ')}. ` +
      'A server admin can give me these in the channel settings (Permissions), or start the game in another channel.',
  );
}
