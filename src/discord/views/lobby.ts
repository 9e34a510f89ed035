import {
  type APIActionRowComponent,
  type APIEmbed,
  type APIEmbedField,
  type APIStringSelectComponent,
  ButtonStyle,
  ComponentType,
} from 'discord.js';
import type { ComputerLevel, PlayerView } from '../../engine/index.ts';
import { SOURCE_LOCALE, type TextKey, t } from '../../i18n/index.ts';
import { changedOptions, getVariant, maxPlayersFor, type Options, optionSpec } from '../../rules/index.ts';
import { optionTitle, valueWords } from '../../rules-text/option-help.ts';
import type { Member } from '../../table/open-game.ts';
import { encodeButtonId } from '../custom-id.ts';
import { type ButtonTarget, buttonRow, openTableButtons } from './buttons.ts';
import { bold, chips, clip, seatName, variantName, variantSummary } from './format.ts';

export const LOBBY_COLOUR = 0x2b7a4b;

/** "ante 10 · timer 30s · Cap: 100 · Kitty (ghost hand): only when one player stays": the options a player would want to know. */
export function optionsLine(variantId: string, options: Options, locale: string = SOURCE_LOCALE): string {
  const parts = [
    t(locale, 'lobby.ante', { amount: chips(options.ante, locale) }),
    t(locale, 'lobby.timer', { seconds: options.timer }),
  ];
  for (const [name, value] of Object.entries(changedOptions(variantId, options))) {
    const spec = optionSpec(name);
    if (name === 'ante' || name === 'timer' || !spec) continue;
    parts.push(t(locale, 'value.option', { title: optionTitle(name, locale), value: valueWords(spec, value, locale) }));
  }
  return parts.join(' · ');
}

/** The levels the host may pick, in the menu's order (each has a label and a hint in the catalogue). */
const LEVELS: readonly ComputerLevel[] = ['cautious', 'balanced', 'bold'];

/**
 * The host seats a computer player: one pick, its level. The lobby is drawn as Discord's
 * API objects, not discord.js's builders: it is drawn again at each press in it, and the
 * builders' validators cost 60-70 µs of its 160 (each nullable or optional field's check
 * makes an Error with its stack first). The catalogues' lines are far inside Discord's
 * limits; what a player names is clipped.
 */
function computerMenu(target: ButtonTarget, locale: string): APIActionRowComponent<APIStringSelectComponent> {
  const menu: APIStringSelectComponent = {
    type: ComponentType.StringSelect,
    custom_id: encodeButtonId({ tableId: String(target.tableId), dealNo: target.dealNo, action: 'computer' }),
    placeholder: t(locale, 'lobby.computerPlaceholder'),
    options: LEVELS.map((level) => ({
      value: level,
      label: t(locale, `lobby.${level}`),
      description: t(locale, `lobby.${level}Hint`),
    })),
  };
  return { type: ComponentType.ActionRow, components: [menu] };
}

/**
 * The lobby: what is being played, for what, and who is in. Join, Leave, Deal, Rules,
 * computer players. `returning`: the people of the game before (Play again), asked to
 * take their seat again while they have not.
 */
export function lobbyView(
  target: ButtonTarget,
  state: PlayerView,
  locale: string = SOURCE_LOCALE,
  returning: readonly Member[] = [],
) {
  const say = (key: TextKey, vars?: Record<string, unknown>) => t(locale, key, vars);
  const variant = getVariant(state.variant);
  const max = maxPlayersFor(variant, state.options);
  const seated = state.players.map(
    (p) => `${bold(seatName(p.id, p.name, locale))}${p.id === state.host ? ` ${say('lobby.host')}` : ''}`,
  );
  const fields: APIEmbedField[] = [
    { name: say('lobby.options'), value: optionsLine(state.variant, state.options, locale) },
    { name: say('lobby.pot'), value: chips(state.pot, locale), inline: true },
    { name: say('lobby.reserve'), value: chips(state.reserve, locale), inline: true },
    {
      name: say('lobby.players', { seated: state.players.length, max, min: variant.minPlayers }),
      value: seated.length ? clip(seated.join('\n'), 1024) : say('lobby.nobody'),
    },
  ];
  // Shown before any press that goes into the client seed: the deals are fixed from here (docs/FAIRNESS.md).
  if (state.fair) fields.push({ name: say('lobby.commitment'), value: `\`${state.fair.commitment}\`` });
  const open = state.phase === 'lobby';
  const away = returning.filter((m) => !state.players.some((p) => p.id === m.id));
  if (open && away.length) {
    const names = away.map((m) => bold(m.name)).join(', ');
    fields.push({ name: say('lobby.returning'), value: clip(say('lobby.returningHow', { names }), 1024) });
  }
  // A lobby stopped before its first deal ends as a lobby: no deal is below it.
  const footer =
    state.phase === 'over'
      ? say(state.dealNo > 0 ? 'lobby.over' : 'lobby.closed')
      : open
        ? say('lobby.footer')
        : say('lobby.on', { deal: target.dealNo });
  // In the order the builder wrote them: the request's body is the same, byte for byte.
  const embed: APIEmbed = {
    color: LOBBY_COLOUR,
    title: say('lobby.title', { variant: variantName(variant.id, locale) }),
    description: variantSummary(variant.id, locale),
    fields,
    footer: { text: footer },
  };
  const computers = state.players.some((p) => p.computer);
  const components = open
    ? [
        buttonRow(target, [
          { action: 'join', label: say('button.join'), style: ButtonStyle.Primary },
          { action: 'leave', label: say('button.leave') },
          { action: 'deal', label: say('button.deal'), style: ButtonStyle.Success },
          { action: 'rules', label: say('button.rules') },
          ...(computers ? [{ action: 'removeComputer' as const, label: say('button.removeComputer') }] : []),
        ]),
        computerMenu(target, locale),
        ...(target.openTable ? [buttonRow(target, openTableButtons(target, say('button.openTable')))] : []),
      ]
    : [];
  return { embeds: [embed], components };
}
