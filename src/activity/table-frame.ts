import { type Card, formatCard, prettyCard } from '../cards/card.ts';
import {
  type GameEvent,
  type GameState,
  type Party,
  type PlayerView,
  publicView,
  transfersOf,
  viewFor,
} from '../engine/index.ts';
import { dropCost, handPreview } from '../engine/preview.ts';
import type { EquityResult } from '../hands/index.ts';
import { t } from '../i18n/index.ts';
import { getVariant, maxPlayersFor } from '../rules/index.ts';
import type { GameRecord } from '../table/game-record.ts';
import { type TableNotes, tableDealNo } from '../table/table-notes.ts';
import { achievementName } from '../words/achievement-names.ts';
import { handName } from '../words/hand-names.ts';
import { type RecapMoments, recapLines } from '../words/night-recap.ts';
import { oddsLine } from '../words/odds.ts';
import { describeTransfers, seatName } from '../words/payments.ts';
import type { AwaitingFrame, CardFace, SeatFrame, ShowdownFrame, StandingsFrame, TableFrame } from './frames.ts';
import { rulesFrame } from './rules-frame.ts';

/**
 * A table as one receiver of the Activity may see it, built only from what the table
 * layer committed, through the engine's views: `viewFor` for a seated player,
 * `publicView` for anyone else. Hidden cards never reach this code's output because they
 * never reach the view it reads (test/unit/activity/table-frame.property.test.ts).
 */

/** The events of a deal's last step that the channel sees anyway (its result): nothing private. */
const PUBLIC_RESULT = new Set<GameEvent['type']>([
  'Showdown',
  'PotWon',
  'PotMatched',
  'WinnersPaid',
  'AllDropped',
  'DealVoided',
  'LegAwarded',
  'DealEnded',
]);

/** The public result of the deal a step ended, kept per table: the page shows it until the next one. */
export interface DealResult {
  /** The table-wide deal number. */
  dealNo: number;
  events: GameEvent[];
  /** The deal's players' names as seated then: one who left since is still named as the chat names them. */
  names: Record<string, string>;
  /** The board as the channel last saw it in the deal: the page keeps it on the felt through the showdown. */
  board: TableFrame['board'];
}

/** The step's result, if it ended a deal: its public events only. `seated`: the game as the deal was played. */
export function dealResultOf(
  events: readonly GameEvent[],
  notes: TableNotes,
  seated: Pick<GameState, 'players'> | GameState,
): DealResult | null {
  const ended = events.find((e) => e.type === 'DealEnded');
  if (ended?.type !== 'DealEnded') return null;
  return {
    dealNo: tableDealNo(notes, ended.dealNo),
    events: events.filter((e) => PUBLIC_RESULT.has(e.type)),
    names: Object.fromEntries(seated.players.map((p) => [p.id, p.name])),
    board: 'deal' in seated && seated.deal ? boardOf(publicView(seated as GameState)) : [],
  };
}

/** A view's board as laid out (a cross, a grid), removed places left out. */
function boardOf(view: PlayerView): TableFrame['board'] {
  const d = view.deal;
  if (!d) return [];
  return getVariant(view.variant)
    .board.filter((p) => p.id in d.board && !d.removed.includes(p.id))
    .map((p) => ({ pos: p.id, col: p.col, row: p.row, card: faceOrNull(d.board[p.id] ?? null) }));
}

/** A deal's pass: every card given, kept so that each seat is shown the two cards that are its own. */
export interface DealPasses {
  /** The table-wide deal number. */
  dealNo: number;
  passes: { from: string; to: string; card: Card }[];
}

/** The step's pass, if it made one (`gameDealNo`: the deal it was made in, the game's count). */
export function dealPassesOf(events: readonly GameEvent[], notes: TableNotes, gameDealNo: number): DealPasses | null {
  const passed = events.find((e) => e.type === 'Passed');
  if (passed?.type !== 'Passed') return null;
  return { dealNo: tableDealNo(notes, gameDealNo), passes: [...passed.passes] };
}

/** What the receiver gave and got in this deal's pass, in their words; null if they had no part in one. */
function passedText(input: FrameInput, dealNo: number, nameOf: (id: string) => string): string | null {
  const p = input.passes;
  if (!p || p.dealNo !== dealNo) return null;
  const gave = p.passes.find((x) => x.from === input.viewer);
  const got = p.passes.find((x) => x.to === input.viewer);
  if (!gave || !got) return null;
  return t(input.locale, 'activity.passed', {
    gave: prettyCard(gave.card),
    to: nameOf(gave.to),
    got: prettyCard(got.card),
    from: nameOf(got.from),
  });
}

/** The result of the frame's deal, if it ended: a result goes once the next deal starts, or another game opens. */
function resultOfThisDeal(result: DealResult | null, state: GameState, notes: TableNotes): DealResult | null {
  if (!result || state.phase === 'lobby' || state.phase === 'deal') return null;
  const thisGame = result.dealNo > notes.dealBase;
  return thisGame && result.dealNo === tableDealNo(notes, state.dealNo) ? result : null;
}

export const cardFace = (card: Card): CardFace => ({ code: formatCard(card), text: prettyCard(card) });
const faceOrNull = (card: Card | null): CardFace | null => (card === null ? null : cardFace(card));

/** A user's avatar on Discord's CDN, small: the seat shows it at about 2 em. */
const avatarUrl = (userId: string, hash: string): string =>
  `https://cdn.discordapp.com/avatars/${userId}/${hash}.png?size=64`;

export interface FrameInput {
  record: GameRecord;
  notes: TableNotes;
  /** The receiver's user id; they see their seat's view only if they hold a seat. */
  viewer: string;
  locale: string;
  result: DealResult | null;
  /** Avatar hashes of users the bot has seen (Activity sessions): the others' seats show an initial. */
  avatars?: ReadonlyMap<string, string>;
  /** Net chips of each player over the game so far. */
  nets?: Readonly<Record<string, number>>;
  /** The table's last pass: the receiver is shown only the card they gave and the one they got. */
  passes?: DealPasses | null;
  /** Each player's net chips after each deal of the game (its chart at game over). */
  series?: Readonly<Record<string, readonly number[]>>;
  /** The game's players' names as seated, one who left since included. */
  names?: Readonly<Record<string, string>>;
  /** The receiver's odds now (the chat's private message's, from the bot's odds; null: none, or odds off). */
  odds?: EquityResult | null;
  /** At game over, the night's moments (the table layer's recap of the game). */
  recap?: RecapMoments | null;
  /** Each player's newest achievement id at this place (their seat's badge). */
  badges?: ReadonlyMap<string, string>;
  /** The people with the Activity open here, seated or not: those without a seat are shown as watching. */
  present?: readonly { id: string; name: string }[];
}

export function tableFrame(input: FrameInput): TableFrame | null {
  const { record, notes, viewer, locale } = input;
  const state = record.state;
  if (!state) return null;
  const seated = state.players.some((p) => p.id === viewer);
  const view = seated ? viewFor(state, viewer) : publicView(state);
  const d = view.deal;
  const result = resultOfThisDeal(input.result, state, notes);
  const rawName = (id: string) =>
    state.players.find((p) => p.id === id)?.name ?? result?.names[id] ?? input.names?.[id] ?? id;
  const nameOf = (id: string) => seatName(id, rawName(id), locale);
  const seat = (id: string) => seatFrame(view, id, seated ? viewer : null, input, nameOf);
  return {
    tableId: record.id,
    version: record.version,
    dealNo: tableDealNo(notes, state.dealNo),
    variant: t(locale, `variant.${state.variant}.name` as Parameters<typeof t>[1]),
    phase: state.phase,
    host: state.host,
    you: seated ? viewer : null,
    seats: view.players.map((p) => seat(p.id)),
    maxSeats: maxPlayersFor(getVariant(state.variant), state.options),
    pot: view.pot,
    reserve: view.reserve,
    // Between deals the board of the deal just shown stays, as the channel saw it.
    board: d ? boardOf(view) : (result?.board ?? []),
    awaiting: awaitingFrame(view),
    prompt: promptOf(view, viewer, locale, nameOf),
    // The receiver's best hand now, named as their private message names it.
    yourHand: seated && state.phase === 'deal' ? yourHandName(state, viewer, locale) : null,
    yourOdds:
      seated && state.phase === 'deal' && state.options.odds && input.odds
        ? yourOdds(state, viewer, input.odds, locale)
        : null,
    passed: state.phase === 'deal' ? passedText(input, tableDealNo(notes, state.dealNo), nameOf) : null,
    deadline: record.running ? record.deadline : null,
    countdownMs: ['declare', 'take', 'pass', 'discard', 'draw'].includes(view.awaiting.kind)
      ? view.options.timer * 1000
      : null,
    dropCost: dropCost(view),
    stopRequested: view.stopRequested,
    fair: view.fair ? { commitment: view.fair.commitment, clientSeed: view.fair.clientSeed } : null,
    showdown: result ? showdownFrame(result, locale, nameOf) : null,
    standings: state.phase === 'over' ? standingsFrame(input, state, nameOf) : null,
    watchers: (input.present ?? [])
      .filter((p) => !state.players.some((s) => s.id === p.id))
      .map((p) => {
        const hash = input.avatars?.get(p.id);
        return { id: p.id, name: p.name, avatar: hash ? avatarUrl(p.id, hash) : null };
      }),
    rules: rulesFrame(state, viewer, locale),
  };
}

function seatFrame(
  view: PlayerView,
  id: string,
  you: string | null,
  input: FrameInput,
  nameOf: (id: string) => string,
): SeatFrame {
  const { locale } = input;
  const seat = view.players.find((p) => p.id === id);
  const d = view.deal;
  const inDeal = d?.players.includes(id) ?? false;
  const legs = seat?.legs ?? 0;
  const avatar = input.avatars?.get(id);
  const chips = input.nets?.[id] ?? 0;
  const up = d?.up[id] ?? [];
  const drew = d?.drawn[id];
  const badge = seat?.computer ? undefined : input.badges?.get(id);
  return {
    id,
    name: nameOf(id),
    avatar: avatar ? avatarUrl(id, avatar) : null,
    chips,
    chipsText: t(locale, 'chips', { count: chips }),
    computer: seat?.computer !== undefined,
    legs,
    legsText: t(locale, 'seat.legs', { count: legs }),
    leaving: seat?.leaving ?? false,
    dealer: d?.dealer === id,
    inDeal,
    stillIn: d?.in.includes(id) ?? false,
    dead: d?.dead.includes(id) ?? false,
    decided: d?.decided.includes(id) ?? false,
    // Every choice of a round in turn is public; of a round together, only the receiver's own.
    choice: d?.choices[id] ?? (id === you ? (d?.myChoice ?? null) : null),
    cards: (d?.hands[id] ?? []).map((card) =>
      card !== null && up.includes(card) ? { ...cardFace(card), up: true as const } : faceOrNull(card),
    ),
    drawnText:
      drew === undefined ? null : drew === 0 ? t(locale, 'seat.stoodPat') : t(locale, 'seat.drew', { count: drew }),
    badge: badge ? { id: badge, name: achievementName(badge, locale) } : null,
  };
}

function awaitingFrame(view: PlayerView): AwaitingFrame {
  const a = view.awaiting;
  const frame: AwaitingFrame = {
    kind: a.kind,
    pending: [],
    turn: null,
    mode: null,
    round: null,
    canDrop: false,
    max: null,
    count: null,
  };
  if (a.kind === 'declare') {
    return {
      ...frame,
      pending: [...a.pending],
      turn: a.turn ?? null,
      mode: a.mode,
      round: a.round,
      canDrop: a.canDrop,
    };
  }
  if (a.kind === 'take') return { ...frame, pending: [...a.pending], turn: a.turn, count: a.count, canDrop: true };
  if (a.kind === 'pass' || a.kind === 'discard' || a.kind === 'draw') {
    return { ...frame, pending: [...a.pending], max: a.max, turn: a.turn ?? null };
  }
  return frame;
}

/** The chat's instructions (table-pieces.ts) for a page: names plain, the picks on the page, `{{when}}` left to fill. */
function promptOf(view: PlayerView, viewer: string, locale: string, nameOf: (id: string) => string): string | null {
  const a = view.awaiting;
  const when = '{{when}}';
  switch (a.kind) {
    case 'declare':
      return a.mode === 'sequential' && a.turn
        ? t(locale, 'turn.toAct', { name: nameOf(a.turn), when })
        : t(locale, 'turn.together', { when });
    case 'take':
      return t(locale, 'turn.take', { name: nameOf(a.turn), count: a.count, when });
    case 'pass':
      // A card already given waits for the others; a spectator is told what the seats do.
      if (!view.players.some((p) => p.id === viewer)) return t(locale, 'howto.pass');
      return a.pending.includes(viewer) ? t(locale, 'cards.pickPass') : t(locale, 'answer.passed');
    case 'draw':
      // Drawn in turn: the others see who is drawing (the drawer, what to pick).
      if (a.turn && a.turn !== viewer) return t(locale, 'activity.drawing', { name: nameOf(a.turn), when });
      return t(locale, 'cards.pickSwap', { count: a.max });
    case 'discard':
      return t(locale, 'cards.pickSwap', { count: a.max });
    case 'between-deals':
      return view.stopRequested ? t(locale, 'turn.stopAfter') : t(locale, 'turn.next', { when });
    case 'lobby':
      return t(locale, 'turn.waiting');
    case 'over':
      return null;
    default:
      return a satisfies never;
  }
}

const partyName = (p: Party): string => (p.kind === 'player' ? p.id : p.kind);

function showdownFrame(result: DealResult, locale: string, nameOf: (id: string) => string): ShowdownFrame {
  const hands: ShowdownFrame['hands'] = [];
  let kitty: CardFace[] | null = null;
  const winners = new Set<string>();
  let delta: Record<string, number> = {};
  let proof: ShowdownFrame['proof'] = null;
  for (const e of result.events) {
    if (e.type === 'Showdown') {
      for (const h of e.hands) {
        hands.push({
          playerId: h.playerId,
          cards: h.hand.cards.map(cardFace),
          name: handName(h.hand, locale),
          dead: h.dead,
        });
      }
      if (e.kittyCards) kitty = e.kittyCards.map(cardFace);
    }
    if (e.type === 'DealEnded') {
      for (const w of e.winners) winners.add(w);
      delta = { ...e.delta };
      proof = e.proof ? { ...e.proof } : null;
    }
  }
  const transfers = transfersOf(result.events);
  return {
    dealNo: result.dealNo,
    hands,
    kitty,
    winners: [...winners],
    paid: describeTransfers(transfers, nameOf, locale, (name) => name),
    payments: transfers.map((tr) => ({
      from: partyName(tr.from),
      to: partyName(tr.to),
      amount: tr.amount,
      reason: tr.reason,
    })),
    delta,
    names: Object.fromEntries(Object.keys(result.names).map((id) => [id, nameOf(id)])),
    proof,
  };
}

/** The game's final standings: every player with chips in it (a seat that left too), best first. */
function standingsFrame(input: FrameInput, state: GameState, nameOf: (id: string) => string): StandingsFrame {
  const nets = input.nets ?? {};
  const ids = new Set([...state.players.map((p) => p.id), ...Object.keys(nets)]);
  const lines = [...ids]
    .map((id) => ({ id, name: nameOf(id), chips: nets[id] ?? 0, points: [...(input.series?.[id] ?? [])] }))
    .sort((a, b) => b.chips - a.chips);
  const { locale } = input;
  return {
    title: state.dealNo > 0 ? t(locale, 'standings.title', { count: state.dealNo }) : t(locale, 'standings.closed'),
    lines,
    pot: state.pot,
    reserve: state.reserve,
    recap: input.recap ? recapLines(input.recap, nameOf, locale) : [],
  };
}

function yourOdds(state: GameState, viewer: string, odds: EquityResult, locale: string): string | null {
  const { equity } = handPreview(state, viewer);
  return equity ? oddsLine(odds, equity.opponents, locale) : null;
}

function yourHandName(state: GameState, viewer: string, locale: string): string | null {
  const { hand } = handPreview(state, viewer);
  return hand ? handName(hand, locale) : null;
}
