import { z } from 'zod';
import type { GameState } from '../engine/index.ts';
import type { Options } from '../rules/index.ts';

/**
 * The engine's state as the database holds it (JSON), checked field by field where a
 * table's row is loaded (game-record.ts): every field the engine reads, with its type.
 * The schema and `GameState` are held to each other both ways at compile time (below),
 * so a field or a value added to the engine's types fails to compile until it is here.
 */

const card = z.number().int().min(0).max(51);
const cards = z.array(card);
const playerId = z.string();
const count = z.number().int().min(0);
const chips = z.number().int();
const byPlayer = <T extends z.ZodType>(value: T) => z.record(z.string(), value);

const options = z.object({
  ante: count,
  declare: z.enum(['simultaneous', 'sequential']),
  timer: count,
  cap: count.nullable(),
  capStyle: z.enum(['reserve', 'clip']),
  match: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('pot') }),
    z.object({ kind: z.literal('burn'), amount: count }),
    z.object({ kind: z.literal('percent'), percent: count }),
  ]),
  progressiveBurn: z.boolean(),
  ties: z.enum(['split', 'no-split']),
  losers: z.enum(['all', 'worst-only']),
  allDrop: z.enum(['carry', 'reante', 'wimp', 'wimp-wild']),
  wimpAmount: count.nullable(),
  kitty: z.enum(['off', 'always', 'alone']),
  legs: count.nullable(),
  compulsoryFirst: z.boolean(),
  everybodyAntes: z.boolean(),
  loserSkipsAnte: z.boolean(),
  threeCardRanking: z.enum(['guts', 'poker', 'pairs']),
  pass: z.enum(['none', 'left', 'alternate']),
  dropPenalty: count,
  money: z.enum(['match', 'pay-winner']),
  odds: z.boolean(),
  discard: count,
  deadly: z.enum(['69s', '7s', 'low', 'spades', 'lively-diamonds']),
  secondDeclare: z.boolean(),
  dropperAnte: z.boolean(),
  loneVsDeck: z.boolean(),
  deadlyRank: z.string().nullable(),
});

const party = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('player'), id: playerId }),
  z.object({ kind: z.literal('pot') }),
  z.object({ kind: z.literal('reserve') }),
]);
const transfer = z.object({ from: party, to: party, amount: chips, reason: z.string() });

const proof = z.object({ dealNo: count, commitment: z.string(), serverSeed: z.string(), clientSeed: z.string() });

const deal = z.object({
  players: z.array(playerId),
  dealer: playerId,
  step: count,
  hands: byPlayer(cards),
  up: byPlayer(cards),
  board: z.record(z.string(), card),
  removed: z.array(z.string()),
  deck: cards,
  serverSeed: z.string().optional(),
  stack: z
    .object({
      cards: byPlayer(cards).optional(),
      board: z.record(z.string(), card).optional(),
      kitty: cards.optional(),
    })
    .nullable(),
  dealtTo: byPlayer(count),
  kitty: cards.nullable(),
  in: z.array(playerId),
  dead: z.array(playerId),
  round: count,
  choices: byPlayer(z.enum(['stay', 'drop'])),
  timedOut: z.array(playerId),
  picks: byPlayer(cards),
  queue: z.array(playerId),
  askedAgain: z.boolean(),
  drawing: playerId.nullable().optional(),
  drawn: byPlayer(count).optional(),
  compulsory: z.boolean(),
  roundPot: chips,
  transfers: z.array(transfer),
  stayed: z.array(playerId),
  winners: z.array(playerId),
});

export const gameStateSchema = z.object({
  v: z.literal(1),
  variant: z.string(),
  options,
  host: playerId,
  players: z.array(
    z.object({
      id: playerId,
      name: z.string(),
      legs: count,
      leaving: z.boolean(),
      computer: z.enum(['cautious', 'balanced', 'bold']).optional(),
    }),
  ),
  button: playerId.nullable(),
  dealNo: count,
  pot: chips,
  reserve: chips,
  rng: z.tuple([z.number(), z.number(), z.number(), z.number()]).readonly(),
  fair: z
    .object({
      commitment: z.string(),
      checkpoints: z.union([z.string(), z.record(z.string(), z.string())]),
      after: z.string().optional(),
      presses: z.array(z.string()),
      phrase: z.string().nullable(),
      clientSeed: z.string().nullable(),
      revealed: proof.nullable(),
    })
    .optional(),
  phase: z.enum(['lobby', 'deal', 'between-deals', 'over']),
  deal: deal.nullable(),
  stopRequested: z.boolean(),
  compulsoryNext: z.boolean(),
  reanteNext: z.boolean(),
  excused: z.array(playerId),
});

/** Whether two types are the same, both ways. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// Each fails to compile when the engine's types and the schema part ways.
const sameState: Same<z.infer<typeof gameStateSchema>, GameState> = true;
const sameOptions: Same<z.infer<typeof options>, Options> = true;
void sameState;
void sameOptions;
