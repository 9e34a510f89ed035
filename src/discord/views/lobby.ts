import {
  ActionRowBuilder,
  ButtonStyle,
  EmbedBuilder,
  StringSelectMenuBuilder,
  StringSelectMenuOptionBuilder,
} from 'discord.js';
import type { ComputerLevel, PlayerView } from '../../engine/index.ts';
import { changedOptions, getVariant, maxPlayersFor, type Options } from '../../rules/index.ts';
import { encodeButtonId } from '../custom-id.ts';
import { type ButtonTarget, buttonRow } from './buttons.ts';
import { bold, chips, clip } from './format.ts';

export const LOBBY_COLOUR = 0x2b7a4b;

/** "ante 10 · timer 30s · cap 100 · kitty alone": the options a player would want to know. */
export function optionsLine(variantId: string, options: Options): string {
  const parts = [`ante ${chips(options.ante)}`, `timer ${options.timer}s`];
  for (const [name, value] of Object.entries(changedOptions(variantId, options))) {
    if (name === 'ante' || name === 'timer') continue;
    parts.push(`${name} ${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`);
  }
  return parts.join(' · ');
}

const LEVELS: readonly { level: ComputerLevel; label: string; description: string }[] = [
  { level: 'cautious', label: 'Cautious computer player', description: 'Stays only with the edge on its side' },
  {
    level: 'balanced',
    label: 'Balanced computer player',
    description: 'Stays when staying is worth more than dropping',
  },
  { level: 'bold', label: 'Bold computer player', description: 'Stays on a little less than an even chance' },
];

/** The host seats a computer player: one pick, its level. */
function computerMenu(target: ButtonTarget) {
  const menu = new StringSelectMenuBuilder()
    .setCustomId(encodeButtonId({ tableId: String(target.tableId), dealNo: target.dealNo, action: 'computer' }))
    .setPlaceholder('Add computer player: pick how it plays (host)')
    .addOptions(
      LEVELS.map((l) =>
        new StringSelectMenuOptionBuilder().setValue(l.level).setLabel(l.label).setDescription(l.description),
      ),
    );
  return new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu);
}

/** The lobby: what is being played, for what, and who is in. Join, Leave, Deal, Rules, computer players. */
export function lobbyView(target: ButtonTarget, state: PlayerView) {
  const variant = getVariant(state.variant);
  const max = maxPlayersFor(variant, state.options);
  const seated = state.players.map((p) => `${bold(p.name)}${p.id === state.host ? ' (host)' : ''}`);
  const embed = new EmbedBuilder()
    .setColor(LOBBY_COLOUR)
    .setTitle(`Guts: ${variant.name}`)
    .setDescription(variant.summary)
    .addFields(
      { name: 'Options', value: optionsLine(state.variant, state.options) },
      { name: 'Pot', value: chips(state.pot), inline: true },
      { name: 'Reserve', value: chips(state.reserve), inline: true },
      {
        name: `Players (${state.players.length}/${max}, at least ${variant.minPlayers})`,
        value: seated.length ? clip(seated.join('\n'), 1024) : 'Nobody yet: press Join.',
      },
    )
    .setFooter({
      text: 'Press Join to sit down. The host sets the Rules, may add computer players, and presses Deal when everyone is in.',
    });
  const open = state.phase === 'lobby';
  if (state.phase === 'over' && state.dealNo > 0) {
    embed.setFooter({ text: 'This game is over: its result and standings are below. /guts start opens a new one.' });
  } else if (!open) embed.setFooter({ text: `The game is on: deal ${target.dealNo} is below.` });
  const computers = state.players.some((p) => p.computer);
  const components = open
    ? [
        buttonRow(target, [
          { action: 'join', label: 'Join', style: ButtonStyle.Primary },
          { action: 'leave', label: 'Leave' },
          { action: 'deal', label: 'Deal', style: ButtonStyle.Success },
          { action: 'rules', label: 'Rules' },
          ...(computers ? [{ action: 'computer' as const, label: 'Remove computer player', arg: 'remove' }] : []),
        ]),
        computerMenu(target),
      ]
    : [];
  return { embeds: [embed], components };
}
