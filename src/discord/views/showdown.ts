import { type APIEmbed, type APIEmbedField, AttachmentBuilder } from 'discord.js';
import { prettyCards } from '../../cards/card.ts';
import { type GameEvent, type GameState, type ShownHand, transfersOf } from '../../engine/index.ts';
import { SOURCE_LOCALE, type TextKey, t } from '../../i18n/index.ts';
import type { Picture, ShowdownRow } from '../../render/index.ts';
import { getVariant } from '../../rules/index.ts';
import { handName } from '../../words/hand-names.ts';
import { cardEmojis } from '../card-emojis.ts';
import { showdownCaption } from './captions.ts';
import { bold, chips, clip, describeTransfers, type NameOf, seatName, signed, variantName } from './format.ts';
import { verifyRow } from './verify.ts';

export const RESULT_COLOUR = 0xc9a227;
/**
 * The result embed's description with the hands as emojis: well under Discord's 4096 for
 * a description, as all the embeds of a message share 6000 characters.
 */
const EMOJI_DESCRIPTION_MAX = 2000;

/** Does this step produce a result worth its own channel message? */
export const hasResult = (events: readonly GameEvent[]): boolean =>
  events.some((e) => ['Showdown', 'AllDropped', 'DealVoided', 'DealEnded'].includes(e.type));

/** Names of everyone the step mentions, including players who left with it, as `locale` shows them. */
export function namesFrom(locale: string, ...states: GameState[]): NameOf {
  const names = new Map<string, string>();
  for (const s of states) for (const p of s.players) names.set(p.id, seatName(p.id, p.name, locale));
  return (id) => names.get(id) ?? `player ${id}`;
}

/** Each player's cards at the end of the step: what they held before plus what it dealt them. */
function handsAfter(before: GameState, events: readonly GameEvent[]): Record<string, number[]> {
  const hands: Record<string, number[]> = {};
  for (const [id, cards] of Object.entries(before.deal?.hands ?? {})) hands[id] = [...cards];
  for (const e of events) {
    if (e.type !== 'Dealt') continue;
    for (const [id, cards] of [...Object.entries(e.private), ...Object.entries(e.faceUp)]) {
      hands[id] = [...(hands[id] ?? []), ...cards];
    }
  }
  return hands;
}

function handLine(shown: ShownHand, winners: readonly string[], nameOf: NameOf, locale: string): string {
  const mark = shown.dead ? '💀' : winners.includes(shown.playerId) ? '🏆' : '▫️';
  const line =
    'line' in shown.hand && shown.hand.line ? ` ${t(locale, 'result.using', { line: shown.hand.line.join('-') })}` : '';
  return `${mark} ${bold(nameOf(shown.playerId))}: ${handName(shown.hand, locale)} (${prettyCards(shown.hand.cards)})${line}`;
}

function headline(events: readonly GameEvent[], nameOf: NameOf, locale: string): string {
  const say = (key: TextKey, vars?: Record<string, unknown>) => t(locale, key, vars);
  const list = (ids: readonly string[]) => ids.map((id) => bold(nameOf(id))).join(', ');
  const void_ = events.find((e) => e.type === 'DealVoided');
  if (void_ && void_.type === 'DealVoided') return say('result.void', { reason: void_.reason });
  const allDropped = events.find((e) => e.type === 'AllDropped');
  if (allDropped && allDropped.type === 'AllDropped') {
    return say(
      allDropped.rule === 'carry' ? 'result.carry' : allDropped.rule === 'reante' ? 'result.reante' : 'result.wimp',
    );
  }
  const sd = events.find((e) => e.type === 'Showdown');
  const won = events.find((e) => e.type === 'PotWon');
  const amount = won && won.type === 'PotWon' ? won.transfers.reduce((a, t) => a + t.amount, 0) : 0;
  if (sd && sd.type === 'Showdown') {
    const context = sd.opponent ?? 'kitty';
    if (sd.standOff) return say('result.standOff', { context });
    if (sd.kittyWins) return say('result.beaten', { context, count: sd.losers.length, names: list(sd.losers) });
    if (sd.winners.length > 1) return say('result.split', { names: list(sd.winners), amount: chips(amount, locale) });
    if (sd.winners.length === 1) {
      const hand = sd.hands.find((h) => h.playerId === sd.winners[0]);
      const key = `result.wins${amount ? 'Amount' : ''}${hand ? 'With' : ''}` as const;
      return say(key, {
        names: list(sd.winners),
        amount: chips(amount, locale),
        hand: hand && handName(hand.hand, locale),
      });
    }
  }
  const legs = events.find((e) => e.type === 'LegAwarded');
  if (legs && legs.type === 'LegAwarded')
    return say('result.leg', { count: legs.playerIds.length, names: list(legs.playerIds) });
  if (won && won.type === 'PotWon')
    return say('result.alone', { names: list(won.winners), amount: chips(amount, locale) });
  return say('result.over');
}

/** Each stayer's hand (and the kitty's, the phantom's or the deck's) for the showdown picture. */
export function showdownRows(
  before: GameState,
  after: GameState,
  events: readonly GameEvent[],
  locale: string = SOURCE_LOCALE,
): ShowdownRow[] {
  const sd = events.find((e) => e.type === 'Showdown');
  if (sd?.type !== 'Showdown') return [];
  const nameOf = namesFrom(locale, before, after);
  const hands = handsAfter(before, events);
  const rows: ShowdownRow[] = sd.hands.map((h) => ({
    name: nameOf(h.playerId),
    cards: hands[h.playerId] ?? h.hand.cards,
    used: h.hand.cards,
    description: handName(h.hand, locale),
    winner: sd.winners.includes(h.playerId),
  }));
  if (sd.kitty) {
    rows.push({
      name: t(locale, 'result.opponent', { context: sd.opponent ?? 'kitty' }),
      cards: sd.kitty.cards,
      used: sd.kitty.cards,
      description: handName(sd.kitty, locale),
      winner: sd.kittyWins,
    });
  }
  return rows;
}

/** How a showdown shows its hands: as rows, and the embed's description with them as card emojis. */
export interface ShowdownHands {
  rows: ShowdownRow[];
  /**
   * The headline with each hand as a row of card emojis under it, the cards that make it
   * outlined; null when the emojis are not deployed, no hand is shown, or the rows outgrow
   * the budget (many players with many cards): then the picture of `rows`.
   */
  withEmojis: string | null;
}

/** The showdown's hands, worked out once for the decision to draw a picture and for the message. */
export function showdownHands(
  before: GameState,
  after: GameState,
  events: readonly GameEvent[],
  locale: string,
  fourColour: boolean,
): ShowdownHands {
  const rows = showdownRows(before, after, events, locale);
  const emojis = cardEmojis();
  if (!emojis || !rows.length) return { rows, withEmojis: null };
  const lines = rows.map((row) => `${emojis.row(row.cards, fourColour, row.folded ? [] : row.used)} ${bold(row.name)}`);
  const description = [headline(events, namesFrom(locale, before, after), locale), '', ...lines].join('\n');
  return { rows, withEmojis: description.length <= EMOJI_DESCRIPTION_MAX ? description : null };
}

/** Whether the showdown shows its hands as a picture: drawn only then (a helper thread's work each deal). */
export const showdownNeedsPicture = (hands: ShowdownHands): boolean =>
  hands.rows.length > 0 && hands.withEmojis === null;

/** The showdown: a new channel message with hands, winners, every payment, the new pot and reserve, and Verify. */
export function showdownView(
  before: GameState,
  after: GameState,
  events: readonly GameEvent[],
  picture: Picture | null,
  /** Where the hand history keeps this deal: `guts export TABLE DEAL` replays it. */
  history?: { tableId: number; dealNo: number },
  /** The table's language. */
  locale: string = SOURCE_LOCALE,
  /** Its hands (`showdownHands`, in the table's deck). */
  hands: ShowdownHands = showdownHands(before, after, events, locale, false),
) {
  const say = (key: TextKey, vars?: Record<string, unknown>) => t(locale, key, vars);
  const nameOf = namesFrom(locale, before, after);
  const variant = getVariant(before.variant);
  const sd = events.find((e) => e.type === 'Showdown');
  const ended = events.find((e) => e.type === 'DealEnded');
  const fields: APIEmbedField[] = [];
  if (sd && sd.type === 'Showdown') {
    const lines = sd.hands.map((h) => handLine(h, sd.winners, nameOf, locale));
    if (sd.kitty) {
      const mark = sd.opponent === 'deck' ? '🂠' : '👻';
      const who = say('result.opponent', { context: sd.opponent ?? 'kitty' });
      lines.push(`${mark} ${who}: ${handName(sd.kitty, locale)} (${prettyCards(sd.kitty.cards)})`);
    }
    fields.push({ name: say('result.hands'), value: clip(lines.join('\n'), 1024) });
  }
  const payments = describeTransfers(transfersOf(events.filter((e) => e.type !== 'Anted')), nameOf, locale);
  if (payments.length) fields.push({ name: say('result.payments'), value: clip(payments.join('\n'), 1024) });
  if (ended && ended.type === 'DealEnded') {
    const net = Object.entries(ended.delta)
      .filter(([, n]) => n !== 0)
      .map(([id, n]) => `${bold(nameOf(id))} ${signed(n, locale)}`);
    if (net.length) fields.push({ name: say('result.thisDeal'), value: clip(net.join(' · '), 1024) });
  }
  fields.push(
    { name: say('result.pot'), value: chips(after.pot, locale), inline: true },
    { name: say('result.reserve'), value: chips(after.reserve, locale), inline: true },
  );
  if (after.options.legs !== null) {
    const legs = after.players
      .filter((p) => p.legs > 0)
      .map((p) => `${bold(seatName(p.id, p.name, locale))} ${p.legs}`);
    if (legs.length)
      fields.push({ name: say('result.legs', { count: after.options.legs }), value: legs.join(' · '), inline: true });
  }
  // A plain embed, not an EmbedBuilder: its setters check each field (with shapeshift,
  // building errors for every union they try) on every deal.
  const embed: APIEmbed = {
    color: RESULT_COLOUR,
    title: say('result.title', { variant: variantName(variant.id, locale), deal: history?.dealNo ?? before.dealNo }),
    description: headline(events, nameOf, locale),
    fields,
  };
  const notes: string[] = [];
  if (history) notes.push(say('result.history', { table: history.tableId, deal: history.dealNo }));
  if (notes.length) embed.footer = { text: notes.join(' · ') };
  const files: AttachmentBuilder[] = [];
  if (hands.withEmojis !== null) {
    embed.description = hands.withEmojis;
  } else if (picture) {
    files.push(
      new AttachmentBuilder(picture.png, {
        name: picture.name,
        description: showdownCaption(hands.rows, locale),
      }),
    );
    embed.image = { url: `attachment://${picture.name}` };
  }
  // The deal's proof, privately, on a press: the result is where its seed is revealed.
  const components = history && ended ? [verifyRow(history, locale)] : [];
  return { embeds: [embed], files, components };
}
