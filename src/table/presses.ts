import { type Action, apply, awaiting, COMPUTER_LEVELS, type ComputerLevel, type GameState } from '../engine/index.ts';
import { gameOf } from './game-record.ts';
import type { PressKind } from './press-kinds.ts';
import type { TableRuntime } from './runtimes.ts';
import { tableDealNo } from './table-notes.ts';
import type { DryRun, Member, Place, Tables } from './tables.ts';
import { isUserFacing, UserFacingError } from './user-facing-error.ts';

/**
 * A player's press on a table, whichever surface it came from (a button in the chat, a
 * message from the Activity's page): the same checks (`Tables.pressTarget`: the same
 * channel, a running game, the current deal), the same engine action and the same dry
 * run, so both surfaces refuse the same presses with the same words and commit the same
 * steps. Each surface parses its own input into a `PressRequest` and answers its own way.
 */

export type { PressKind };

export interface PressRequest {
  tableId: number;
  /** The table-wide deal the press was made on (a button's id, the page's frame). */
  dealNo: number;
  kind: PressKind;
  /** Picked cards (pass, swap), checked to be cards by the surface; the engine checks they are the player's. */
  cards: readonly number[];
  /** A computer player's level (`computer`). */
  level?: string;
  /**
   * The declaration round the press was made in, where the surface knows it (the page's
   * frame says; a chat button does not): a Stay or Drop never counts in a later round.
   */
  round?: number;
}

/** A press checked against the table: the step to commit (null: a repeat that changes nothing) and its dry run. */
export interface CheckedPress {
  table: TableRuntime;
  action: Action | null;
  member: Member;
  dryRun?: DryRun;
  /** A refusal at commit that means the earlier press of the same thing committed first: done, not refused. */
  repeated?(err: unknown): boolean;
}

interface PressRule {
  /** Sitting down and standing up work from any deal's message. */
  lenient?: boolean;
  /**
   * Whether the press asks for what an earlier press of the same thing already did
   * (checked on the table as it is now): then it changes nothing rather than being refused as stale.
   */
  repeats?(request: PressRequest, me: Member, table: TableRuntime): boolean;
  action(request: PressRequest, me: Member, state: GameState): Action;
}

const declare = (choice: 'stay' | 'drop'): PressRule => ({
  // Pressed again (a double click) once the round holds the choice: nothing to change, nor a change of mind to write.
  // A press naming a round that has ended (a double click whose first press ended it) asked for what that round took
  // if the player stayed in or dropped as it asks.
  repeats: (request, me, table) => {
    const state = gameOf(table.record);
    const deal = state.deal;
    if (!deal || tableDealNo(table.notes, state.dealNo) !== request.dealNo) return false;
    if (request.round !== undefined && request.round < deal.round)
      return deal.in.includes(me.id) === (choice === 'stay');
    return deal.choices[me.id] === choice;
  },
  action: (request, me, state) => {
    // Never counted in a round the player did not see: a choice is made on the table as it stands.
    if (request.round !== undefined && request.round !== state.deal?.round)
      throw new UserFacingError('refusal.tooLate');
    return { type: 'declare', playerId: me.id, choice };
  },
});

/** Swapping cards (a discard before declaring or a draw after), or keeping them all. */
const swap: PressRule = {
  action: (request, me, state) => {
    const kind = awaiting(state).kind;
    if (kind !== 'discard' && kind !== 'draw') throw new UserFacingError('refusal.nothingToSwap');
    return { type: kind, playerId: me.id, cards: [...request.cards] };
  },
};

const RULES: Record<PressKind, PressRule> = {
  join: { lenient: true, action: (_r, me) => ({ type: 'join', playerId: me.id, name: me.name }) },
  leave: { lenient: true, action: (_r, me) => ({ type: 'leave', playerId: me.id }) },
  deal: {
    // Pressed again (a host's double or quadruple click) once the deal it starts has begun.
    repeats: (request, me, table) => {
      const state = gameOf(table.record);
      return me.id === state.host && tableDealNo(table.notes, state.dealNo) === request.dealNo + 1;
    },
    action: (_r, me) => ({ type: 'startDeal', by: me.id }),
  },
  stay: declare('stay'),
  drop: declare('drop'),
  take: { action: (_r, me) => ({ type: 'take', playerId: me.id }) },
  pass: {
    action: (request, me) => {
      const [card] = request.cards;
      if (request.cards.length !== 1 || card === undefined) throw new UserFacingError('refusal.pickOnePass');
      return { type: 'pass', playerId: me.id, card };
    },
  },
  swap,
  keep: swap,
  computer: {
    action: (request, me) => {
      if (!COMPUTER_LEVELS.includes(request.level as ComputerLevel)) throw new UserFacingError('refusal.pickLevel');
      return { type: 'addComputer', by: me.id, level: request.level as ComputerLevel };
    },
  },
  removeComputer: { action: (_r, me) => ({ type: 'removeComputer', by: me.id }) },
};

/**
 * The press as a step: the table it points at (still live there), the action and its dry
 * run on the state this process last saw, so most refusals (not your turn, a stale press)
 * are answered at once with nothing written. If that state is still the latest when the
 * step runs, the dry run is the step.
 */
export async function checkPress(
  tables: Pick<Tables, 'pressTarget'>,
  request: PressRequest,
  place: Place,
  member: Member,
): Promise<CheckedPress> {
  const rule = RULES[request.kind];
  const { repeats } = rule;
  const lenient = rule.lenient === true;
  // A repeat points at an earlier deal: the stale check waits until it is ruled out.
  const table = await tables.pressTarget(request.tableId, place, request.dealNo, lenient || repeats !== undefined);
  const state = gameOf(table.record);
  if (repeats) {
    if (repeats(request, member, table)) return { table, action: null, member };
    if (!lenient && request.dealNo !== tableDealNo(table.notes, state.dealNo)) {
      throw new UserFacingError('refusal.dealOver');
    }
  }
  const action = rule.action(request, member, state);
  const dryRun = { from: state, applied: apply(state, action) };
  const repeated = repeats && ((err: unknown) => isUserFacing(err) && repeats(request, member, table));
  return { table, action, member, dryRun, ...(repeated ? { repeated } : {}) };
}

/**
 * The Rules button and its form (`setOptions`): the table whose options the member may
 * change now, checked as a press is (the same channel, a running game, the current
 * deal), and a dry run with no change, which the engine refuses for anyone but the host
 * and once a deal is dealt.
 */
export async function optionsTarget(
  tables: Pick<Tables, 'pressTarget'>,
  target: { tableId: number; dealNo: number },
  place: Place,
  member: Member,
): Promise<TableRuntime> {
  const table = await tables.pressTarget(target.tableId, place, target.dealNo, false);
  apply(gameOf(table.record), { type: 'setOptions', by: member.id, options: {} });
  return table;
}

/** A form's changes checked: the step that makes those the rule book accepts, and those it refused, with why. */
export interface CheckedOptions {
  press: CheckedPress;
  /** Each refused change's option and refusal: the other changes still apply. */
  refused: { name: string; err: Error }[];
  /** The changes the step makes (empty: no step). */
  changes: Record<string, unknown>;
}

/**
 * The form's changes as one step on the table `optionsTarget` found, each dry-run in
 * turn on top of those accepted before it: a value the rule book refuses is left out
 * and said, and the host's other changes still apply.
 */
export function checkOptions(table: TableRuntime, member: Member, wanted: Record<string, unknown>): CheckedOptions {
  const state = gameOf(table.record);
  const changes: Record<string, unknown> = {};
  const refused: CheckedOptions['refused'] = [];
  let dryRun: DryRun | undefined;
  for (const [name, value] of Object.entries(wanted)) {
    const action: Action = { type: 'setOptions', by: member.id, options: { ...changes, [name]: value } };
    try {
      dryRun = { from: state, applied: apply(state, action) };
      changes[name] = value;
    } catch (err) {
      if (!isUserFacing(err)) throw err;
      refused.push({ name, err });
    }
  }
  const action: Action | null = dryRun ? { type: 'setOptions', by: member.id, options: changes } : null;
  return { press: { table, action, member, ...(dryRun ? { dryRun } : {}) }, refused, changes };
}
