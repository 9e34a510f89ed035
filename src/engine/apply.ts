import type { RngState } from '../cards/rng.ts';
import { changedOptions, type Options, parseOptions } from '../rules/options.ts';
import { RuleError } from '../rules/rule-error.ts';
import { getVariant, maxPlayersFor } from '../rules/variants.ts';
import { clonePlain } from './clone.ts';
import { type Ctx, DeckExhausted, dealOf, makeCtx, notAtThisTable } from './context.ts';
import { notePress, openFair } from './fair.ts';
import { runPending, startDeal, voidDeal } from './flow.ts';
import { pick, timeoutPicks } from './picks.ts';
import { declare, take, timeoutRound } from './round.ts';
import {
  type Action,
  type Applied,
  COMPUTER_LEVELS,
  type ComputerLevel,
  computerId,
  computerNumber,
  type GameEvent,
  type GameState,
  type PlayerId,
} from './types.ts';

export interface NewGame {
  variant: string;
  /** Table options as stored or typed (docs/RULES.md: Table options names); defaults fill the rest. */
  options?: Record<string, unknown> | Partial<Options>;
  /** Pot and reserve the channel carries over from earlier games (from the ledger). */
  pot?: number;
  reserve?: number;
  rng: RngState;
  /**
   * A real game's chain: its last server seed (32 bytes from the OS's cryptographic source,
   * hex), the host's optional phrase and the id of the press that opened it; the deck
   * then comes from committed seeds (fair.ts).
   */
  fair?: { lastSeed: string; phrase?: string | null; after?: string };
  host: PlayerId;
  /** The host's display name: given, the host is seated at once (a table opened by its host). */
  hostName?: string;
}

export function createGame(game: NewGame): GameState {
  const variant = getVariant(game.variant);
  const options = parseOptions(variant.id, game.options ?? {});
  for (const [name, value] of [
    ['pot', game.pot ?? 0],
    ['reserve', game.reserve ?? 0],
  ] as const) {
    if (!Number.isInteger(value) || value < 0)
      throw new RuleError('bad-amount', `${name} must be an integer ≥ 0`, name, { vars: { name } });
  }
  return {
    v: 1,
    variant: variant.id,
    options,
    host: game.host,
    players: game.hostName === undefined ? [] : [{ id: game.host, name: game.hostName, legs: 0, leaving: false }],
    button: null,
    dealNo: 0,
    pot: game.pot ?? 0,
    reserve: game.reserve ?? 0,
    rng: [...game.rng],
    ...(game.fair ? { fair: openFair(game.fair.lastSeed, game.fair.phrase, game.fair.after) } : {}),
    phase: 'lobby',
    deal: null,
    stopRequested: false,
    compulsoryNext: true,
    reanteNext: false,
    excused: [],
  };
}

/** The next state and what happened; throws a RuleError and leaves `state` untouched when refused. */
export function apply(state: GameState, action: Action): Applied {
  const s = clonePlain(state);
  const events = applyInPlace(s, action);
  return { state: s, events };
}

/**
 * `apply` without the copy: changes `s` itself. For simulations that own their state;
 * the bot and the ledger use `apply`. On a RuleError `s` may be half-changed.
 */
export function applyInPlace(s: GameState, action: Action): GameEvent[] {
  const ctx = makeCtx(s);
  if (s.phase === 'over') throw new RuleError('game-over', 'That game is over');
  try {
    dispatch(ctx, action);
    runPending(ctx);
  } catch (e) {
    if (!(e instanceof DeckExhausted)) throw e;
    voidDeal(ctx, e.message);
  }
  s.rng = ctx.rng.state();
  return ctx.events;
}

function dispatch(ctx: Ctx, action: Action): void {
  switch (action.type) {
    case 'join':
      join(ctx, action.playerId, action.name);
      notePress(ctx.s, action.press);
      return;
    case 'leave':
      leave(ctx, action.playerId);
      return;
    case 'startDeal':
      startDeal(ctx, action.by, action.stack, action.press);
      return;
    case 'stop':
      stop(ctx, action.by);
      return;
    case 'setOptions':
      setOptions(ctx, action.by, action.options);
      return;
    case 'addComputer':
      addComputer(ctx, action.by, action.level);
      return;
    case 'removeComputer':
      removeComputer(ctx, action.by);
      return;
    case 'declare':
      duringDeal(ctx, () => declare(ctx, action.playerId, action.choice));
      return;
    case 'take':
      duringDeal(ctx, () => take(ctx, action.playerId));
      return;
    case 'pass':
      duringDeal(ctx, () => pick(ctx, 'pass', action.playerId, [action.card]));
      return;
    case 'discard':
    case 'draw':
      duringDeal(ctx, () => pick(ctx, action.type, action.playerId, action.cards));
      return;
    case 'timeout':
      if (ctx.s.phase === 'between-deals') nextDealOrEnd(ctx);
      else duringDeal(ctx, () => timeout(ctx));
      return;
    default:
      // Every action is handled above (a new one fails to compile here); this refuses one from outside TypeScript.
      action satisfies never;
      throw new RuleError('bad-action', 'Unknown action');
  }
}

function duringDeal(ctx: Ctx, run: () => void): void {
  if (ctx.s.phase !== 'deal') throw new RuleError('no-deal', 'That deal is over');
  run();
}

function timeout(ctx: Ctx): void {
  const kind = ctx.steps[dealOf(ctx).step]?.kind;
  if (dealOf(ctx).drawing) timeoutPicks(ctx);
  else if (kind === 'declare' || kind === 'take') timeoutRound(ctx);
  else timeoutPicks(ctx);
}

/**
 * The pause between deals ran out: the next deal starts, dealt by the host if still
 * seated, else by the first seated player; with too few players left the game ends
 * (its pot stays with the table).
 */
function nextDealOrEnd(ctx: Ctx): void {
  const { s } = ctx;
  // Computer players never play on their own: the game stops, its pot stays with the table.
  if (s.players.length < ctx.variant.minPlayers || s.players.every((p) => p.computer)) {
    stop(ctx, s.host);
    return;
  }
  const dealer = s.players.some((p) => p.id === s.host) ? s.host : (s.players[0] as { id: PlayerId }).id;
  startDeal(ctx, dealer, undefined);
}

function join(ctx: Ctx, playerId: PlayerId, name: string): void {
  const { s } = ctx;
  if (typeof playerId !== 'string' || playerId === '') throw new RuleError('bad-player', 'A player needs an id');
  const seat = s.players.find((p) => p.id === playerId);
  if (seat && !seat.leaving) throw new RuleError('already-seated', "You're already at this table");
  if (seat) {
    seat.leaving = false;
  } else {
    const max = maxPlayersFor(ctx.variant, s.options);
    if (s.players.length >= max)
      throw new RuleError('table-full', `The table is full (${max} players)`, undefined, { vars: { max } });
    s.players.push({ id: playerId, name: String(name), legs: 0, leaving: false });
  }
  ctx.events.push({ type: 'PlayerJoined', playerId, name: String(name) });
}

function leave(ctx: Ctx, playerId: PlayerId): void {
  const { s } = ctx;
  const seat = s.players.find((p) => p.id === playerId);
  if (!seat || seat.leaving) throw notAtThisTable();
  if (s.deal?.players.includes(playerId)) {
    seat.leaving = true;
    ctx.events.push({ type: 'LeaveScheduled', playerId });
    return;
  }
  s.players = s.players.filter((p) => p.id !== playerId);
  ctx.events.push({ type: 'PlayerLeft', playerId });
  // The last person gone from a lobby: the computer players they sat down go too.
  if (s.phase === 'lobby' && s.players.every((p) => p.computer)) {
    for (const cpu of s.players) ctx.events.push({ type: 'PlayerLeft', playerId: cpu.id });
    s.players = [];
  }
}

/**
 * The host changes the rules while the table waits for its first deal: the changes are
 * laid over the current options and checked as a whole, as `/guts start` checks them.
 */
function setOptions(ctx: Ctx, by: PlayerId, changes: Record<string, unknown>): void {
  const { s } = ctx;
  if (s.phase !== 'lobby') throw new RuleError('game-started', 'The rules are set once the first deal is dealt');
  if (by !== s.host) throw new RuleError('not-host', 'Only the host can change the rules');
  if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) {
    throw new RuleError('bad-option', 'options must be an object', 'options');
  }
  // What the table changed from the defaults, then the new changes: an option left alone
  // keeps following the others as a fresh table's would (allDrop with a kitty).
  const options = parseOptions(s.variant, { ...changedOptions(s.variant, s.options), ...changes });
  const max = maxPlayersFor(ctx.variant, options);
  if (s.players.length > max) {
    throw new RuleError(
      'table-full',
      `${s.players.length} players are seated; with those rules at most ${max} can play`,
      undefined,
      { key: 'tableFullRules', vars: { seated: s.players.length, max } },
    );
  }
  s.options = options;
  ctx.events.push({ type: 'OptionsChanged', by, options });
}

/** Names that say what they are: "🤖 Ada (balanced)"; past the list, "🤖 Ada 2 (bold)". */
const COMPUTER_NAMES = ['Ada', 'Babbage', 'Clarke', 'Dijkstra', 'Eckert', 'Floyd', 'Grace', 'Hopper', 'Iverson'];

function computerName(n: number, level: ComputerLevel): string {
  const round = Math.floor(n / COMPUTER_NAMES.length);
  return `🤖 ${COMPUTER_NAMES[n % COMPUTER_NAMES.length]}${round > 0 ? ` ${round + 1}` : ''} (${level})`;
}

/** Computer seats are taken in the lobby, by the host, up to what the deck can serve. */
function lobbyHost(ctx: Ctx, by: PlayerId): void {
  if (ctx.s.phase !== 'lobby')
    throw new RuleError('game-started', 'Computer players join before the first deal', undefined, {
      key: 'computersBeforeDeal',
    });
  if (by !== ctx.s.host)
    throw new RuleError('not-host', 'Only the host can seat computer players', undefined, { key: 'notHostComputers' });
}

function addComputer(ctx: Ctx, by: PlayerId, level: ComputerLevel): void {
  const { s } = ctx;
  lobbyHost(ctx, by);
  if (!COMPUTER_LEVELS.includes(level))
    throw new RuleError('bad-level', 'A computer player is cautious, balanced or bold');
  const max = maxPlayersFor(ctx.variant, s.options);
  if (s.players.length >= max)
    throw new RuleError('table-full', `The table is full (${max} players)`, undefined, { vars: { max } });
  const taken = new Set(s.players.flatMap((p) => (p.computer ? [computerNumber(p.id)] : [])));
  let n = 0;
  while (taken.has(n + 1)) n++;
  const id = computerId(level, n + 1);
  const name = computerName(n, level);
  s.players.push({ id, name, legs: 0, leaving: false, computer: level });
  ctx.events.push({ type: 'PlayerJoined', playerId: id, name });
}

function removeComputer(ctx: Ctx, by: PlayerId): void {
  lobbyHost(ctx, by);
  const last = ctx.s.players.filter((p) => p.computer).at(-1);
  if (!last) throw new RuleError('no-computer', 'No computer player is seated');
  ctx.s.players = ctx.s.players.filter((p) => p !== last);
  ctx.events.push({ type: 'PlayerLeft', playerId: last.id });
}

function stop(ctx: Ctx, by: PlayerId): void {
  const { s } = ctx;
  if (by !== s.host)
    throw new RuleError('not-host', 'Only the host can stop the game', undefined, { key: 'notHostStop' });
  if (s.phase === 'deal') {
    if (s.stopRequested) throw new RuleError('already-stopping', 'The game already ends after this deal');
    s.stopRequested = true;
    ctx.events.push({ type: 'StopRequested', by });
    return;
  }
  s.phase = 'over';
  ctx.events.push({ type: 'GameOver', reason: 'stopped', pot: s.pot, reserve: s.reserve });
}
