import { type Card, CardParseError, formatCard, parseCard } from '../cards/card.ts';
import { Rng } from '../cards/rng.ts';
import { RuleError } from '../rules/rule-error.ts';
import { apply, createGame } from './apply.ts';
import { checkProof } from './proof.ts';
import type { Action, Choice, DealProof, GameEvent, GameState, PlayerId, Stack } from './types.ts';
import { awaiting } from './view.ts';

/** `guts replay` scenarios (the format is in scenarios/README.md). */

export interface ScenarioTable {
  pot?: number;
  reserve?: number;
  /** Extensions for replaying one deal of a running game (`scenarioFromDeal`). */
  legs?: Record<PlayerId, number>;
  compulsory?: boolean;
  reante?: boolean;
  excused?: PlayerId[];
  dealNo?: number;
}

export type Answer = Choice | 'timeout';

export interface ScenarioDeal {
  cards?: Record<PlayerId, string[]>;
  board?: Record<string, string>;
  kitty?: string[];
  pass?: Record<PlayerId, string>;
  discard?: Record<PlayerId, string[]>;
  draw?: Record<PlayerId, string[]>;
  /**
   * One object per declaration round; a list gives a player's answers when asked again.
   * "timeout" lets that player's countdown run out (the same as leaving them out).
   */
  declare?: Record<PlayerId, Answer | Answer[]>[];
  /** The host stops the game during this deal. */
  stop?: boolean;
}

export interface Scenario {
  /** What the scenario pins, and the source line it follows (not read by the replay). */
  note?: string;
  variant: string;
  options?: Record<string, unknown>;
  players: PlayerId[];
  table?: ScenarioTable;
  seed?: number;
  /** An exported fair deal's proof (docs/FAIRNESS.md): the replay checks its one deal's cards against it. */
  fair?: DealProof;
  deals: ScenarioDeal[];
}

export interface DealResult {
  stayed: PlayerId[];
  winners: PlayerId[];
  delta: Record<PlayerId, number>;
  pot: number;
  reserve: number;
  legs: Record<PlayerId, number>;
  over: boolean;
}

export interface ReplayResult {
  deals: DealResult[];
  balances: Record<PlayerId, number>;
  pot: number;
  reserve: number;
  over: boolean;
}

/** A bad scenario file: `field` says where ("deals[0].cards.ann[1]"). */
export class ScenarioError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.name = 'ScenarioError';
    this.field = field;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function card(field: string, text: unknown, seen: Map<Card, string>): Card {
  if (typeof text !== 'string') throw new ScenarioError(field, 'must be a card like "As"');
  let c: Card;
  try {
    c = parseCard(text);
  } catch (e) {
    if (e instanceof CardParseError) throw new ScenarioError(field, e.message);
    throw e;
  }
  const earlier = seen.get(c);
  if (earlier) throw new ScenarioError(field, `${formatCard(c)} is dealt twice (also at ${earlier})`);
  seen.set(c, field);
  return c;
}

function cardList(field: string, list: unknown, seen: Map<Card, string>): Card[] {
  if (!Array.isArray(list)) throw new ScenarioError(field, 'must be a list of cards');
  return list.map((t, i) => card(`${field}[${i}]`, t, seen));
}

function playerMap<T>(field: string, value: unknown, players: readonly PlayerId[], each: (f: string, v: unknown) => T) {
  if (value === undefined) return {};
  if (!isObject(value)) throw new ScenarioError(field, 'must be an object keyed by player');
  const out: Record<PlayerId, T> = {};
  for (const [p, v] of Object.entries(value)) {
    if (!players.includes(p)) throw new ScenarioError(`${field}.${p}`, `unknown player ${p}`);
    out[p] = each(`${field}.${p}`, v);
  }
  return out;
}

/** The stacked deck of one deal; also checks no card appears twice. */
function stackOf(field: string, deal: ScenarioDeal, players: readonly PlayerId[]): Stack {
  const seen = new Map<Card, string>();
  const cards = playerMap(`${field}.cards`, deal.cards, players, (f, v) => cardList(f, v, seen));
  const board: Record<string, Card> = {};
  if (deal.board !== undefined) {
    if (!isObject(deal.board)) throw new ScenarioError(`${field}.board`, 'must map positions to cards');
    for (const [pos, t] of Object.entries(deal.board)) board[pos] = card(`${field}.board.${pos}`, t, seen);
  }
  const kitty = deal.kitty === undefined ? [] : cardList(`${field}.kitty`, deal.kitty, seen);
  return { cards, board, kitty };
}

function validate(raw: unknown): Scenario {
  if (!isObject(raw)) throw new ScenarioError('scenario', 'must be a JSON object');
  if (typeof raw.variant !== 'string') throw new ScenarioError('variant', 'must be a variant id');
  const players = raw.players;
  if (!Array.isArray(players) || players.length === 0 || !players.every((p) => typeof p === 'string' && p !== '')) {
    throw new ScenarioError('players', 'must be a list of player names');
  }
  if (new Set(players).size !== players.length) throw new ScenarioError('players', 'a player is listed twice');
  if (!Array.isArray(raw.deals)) throw new ScenarioError('deals', 'must be a list');
  raw.deals.forEach((d, i) => {
    if (!isObject(d)) throw new ScenarioError(`deals[${i}]`, 'must be an object');
  });
  if (raw.options !== undefined && !isObject(raw.options)) throw new ScenarioError('options', 'must be an object');
  if (raw.table !== undefined && !isObject(raw.table)) throw new ScenarioError('table', 'must be an object');
  if (raw.seed !== undefined && !Number.isInteger(raw.seed)) throw new ScenarioError('seed', 'must be an integer');
  return raw as unknown as Scenario;
}

function newGame(sc: Scenario): GameState {
  const table = sc.table ?? {};
  let s: GameState;
  try {
    s = createGame({
      variant: sc.variant,
      options: sc.options ?? {},
      pot: table.pot ?? 0,
      reserve: table.reserve ?? 0,
      rng: Rng.fromSeed(sc.seed ?? 0).state(),
      host: sc.players[0] as PlayerId,
    });
  } catch (e) {
    if (!(e instanceof RuleError)) throw e;
    const field =
      e.code === 'unknown-variant'
        ? 'variant'
        : e.field === 'pot' || e.field === 'reserve'
          ? `table.${e.field}`
          : `options.${e.field}`;
    throw new ScenarioError(field, e.message);
  }
  for (const p of sc.players) s = step(s, { type: 'join', playerId: p, name: p }, 'players').state;
  for (const seat of s.players) seat.legs = table.legs?.[seat.id] ?? 0;
  s.compulsoryNext = table.compulsory ?? true;
  s.reanteNext = table.reante ?? false;
  s.excused = table.excused ?? [];
  s.dealNo = (table.dealNo ?? 1) - 1;
  return s;
}

function step(s: GameState, action: Action, field: string) {
  try {
    return apply(s, action);
  } catch (e) {
    if (e instanceof RuleError) throw new ScenarioError(field, e.message);
    throw e;
  }
}

/** Per round and player, the answers not yet used. */
type Answers = Map<PlayerId, Answer[]>[];

function answersOf(field: string, deal: ScenarioDeal, players: readonly PlayerId[]): Answers {
  if (deal.declare === undefined) return [];
  if (!Array.isArray(deal.declare)) throw new ScenarioError(field, 'must be a list of rounds');
  return deal.declare.map((round, r) => {
    const map = playerMap(`${field}[${r}]`, round, players, (f, v) => {
      const list = Array.isArray(v) ? v : [v];
      if (!list.every((c) => c === 'stay' || c === 'drop' || c === 'timeout')) {
        throw new ScenarioError(f, 'must be "stay", "drop" or "timeout"');
      }
      return list as Answer[];
    });
    return new Map(Object.entries(map));
  });
}

function playDeal(start: GameState, deal: ScenarioDeal, field: string, players: readonly PlayerId[]) {
  const stack = stackOf(field, deal, players);
  const events: GameEvent[] = [];
  let s = start;
  const act = (action: Action, f: string) => {
    const r = step(s, action, f);
    s = r.state;
    events.push(...r.events);
  };
  if (s.phase === 'over') throw new ScenarioError(field, 'the game is already over');
  act({ type: 'startDeal', by: s.host, stack }, field);
  if (deal.stop) act({ type: 'stop', by: s.host }, `${field}.stop`);
  const answers = answersOf(`${field}.declare`, deal, players);
  const picks = {
    pass: playerMap(`${field}.pass`, deal.pass, players, (f, v) => [card(f, v, new Map())]),
    discard: playerMap(`${field}.discard`, deal.discard, players, (f, v) => cardList(f, v, new Map())),
    draw: playerMap(`${field}.draw`, deal.draw, players, (f, v) => cardList(f, v, new Map())),
  };
  while (s.phase === 'deal') {
    const w = awaiting(s);
    if (w.kind === 'declare' || w.kind === 'take') {
      const round = answers[(s.deal?.round ?? 1) - 1];
      const f = `${field}.declare[${(s.deal?.round ?? 1) - 1}]`;
      const who = w.kind === 'take' || w.mode === 'sequential' ? w.pending.slice(0, 1) : w.pending;
      let acted = false;
      for (const p of who.filter((q) => (round?.get(q)?.length ?? 0) > 0)) {
        const choice = round?.get(p)?.shift() as Answer;
        if (choice === 'timeout') continue;
        const action: Action =
          w.kind === 'take' && choice === 'stay'
            ? { type: 'take', playerId: p }
            : { type: 'declare', playerId: p, choice };
        act(action, `${f}.${p}`);
        acted = true;
      }
      if (!acted) act({ type: 'timeout' }, f);
    } else if (w.kind === 'pass' || w.kind === 'discard' || w.kind === 'draw') {
      const given = picks[w.kind];
      for (const p of w.pending.filter((q) => q in given)) {
        const cards = given[p] as Card[];
        act(
          w.kind === 'pass'
            ? { type: 'pass', playerId: p, card: cards[0] as Card }
            : { type: w.kind, playerId: p, cards },
          `${field}.${w.kind}.${p}`,
        );
      }
      if (s.phase === 'deal' && awaiting(s).kind === w.kind) act({ type: 'timeout' }, `${field}.${w.kind}`);
    }
  }
  // An answer left over is an error unless the engine decided for that player (dealer rule).
  const declared = (p: PlayerId, round: number) =>
    events.some((e) => e.type === 'Declared' && e.playerId === p && e.round === round);
  answers.forEach((round, r) => {
    for (const [p, left] of round) {
      if (left.length > 0 && !declared(p, r + 1))
        throw new ScenarioError(`${field}.declare[${r}].${p}`, `${p} is not in the deal at that round`);
    }
  });
  return { state: s, events };
}

/** An exported fair deal: the proof holds, and the cards stacked are the ones its seed deals first. */
function checkFairScenario(sc: Scenario): void {
  if (sc.deals.length !== 1) throw new ScenarioError('fair', 'a proof covers exactly one deal');
  const deal = sc.deals[0] as ScenarioDeal;
  const stack = stackOf('deals[0]', deal, sc.players);
  const stacked = [
    ...Object.values(stack.cards ?? {}).flat(),
    ...Object.values(stack.board ?? {}),
    ...(stack.kitty ?? []),
  ];
  const problem = checkProof(sc.fair, stacked);
  if (problem) throw new ScenarioError(`fair.${problem.field}`, problem.message);
}

/** Replays a scenario (already parsed from JSON); throws ScenarioError for a bad file. */
export function runScenario(raw: unknown): ReplayResult {
  const sc = validate(raw);
  if (sc.fair !== undefined) checkFairScenario(sc);
  let s = newGame(sc);
  const deals: DealResult[] = [];
  const balances: Record<PlayerId, number> = Object.fromEntries(sc.players.map((p) => [p, 0]));
  sc.deals.forEach((deal, i) => {
    const played = playDeal(s, deal, `deals[${i}]`, sc.players);
    s = played.state;
    const ended = played.events.find((e) => e.type === 'DealEnded');
    if (ended?.type !== 'DealEnded') throw new ScenarioError(`deals[${i}]`, 'the deal did not end');
    for (const [p, d] of Object.entries(ended.delta)) balances[p] = (balances[p] ?? 0) + d;
    deals.push({
      stayed: ended.stayed,
      winners: ended.winners,
      delta: ended.delta,
      pot: s.pot,
      reserve: s.reserve,
      legs: Object.fromEntries(s.players.filter((p) => p.legs > 0).map((p) => [p.id, p.legs])),
      over: s.phase === 'over',
    });
  });
  return { deals, balances, pot: s.pot, reserve: s.reserve, over: s.phase === 'over' };
}
