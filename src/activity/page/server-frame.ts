import * as z from 'zod/mini';
import type { MomentFrame, ReactionFrame, ServerFrame } from '../frames.ts';

/**
 * What the bot sends the page, parsed once where the socket hands it over (`parseServerFrame`):
 * every field the page reads, with its type. zod's mini build keeps the page's bundle small
 * (the measure is in docs/ARCHITECTURE.md). The schema and `ServerFrame` (frames.ts) are held
 * to each other both ways at compile time (below), so a field the bot adds to a frame fails
 * to compile until it is here.
 */

const cardFace = z.object({ code: z.string(), text: z.string(), up: z.optional(z.literal(true)) });
const seat = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.nullable(z.string()),
  chips: z.number(),
  chipsText: z.string(),
  computer: z.boolean(),
  legs: z.number(),
  legsText: z.string(),
  leaving: z.boolean(),
  dealer: z.boolean(),
  inDeal: z.boolean(),
  stillIn: z.boolean(),
  dead: z.boolean(),
  decided: z.boolean(),
  choice: z.nullable(z.enum(['stay', 'drop'])),
  cards: z.array(z.nullable(cardFace)),
  drawnText: z.nullable(z.string()),
  badge: z.nullable(z.object({ id: z.string(), name: z.string() })),
});
const watcher = z.object({ id: z.string(), name: z.string(), avatar: z.nullable(z.string()) });
const awaiting = z.object({
  kind: z.enum(['lobby', 'between-deals', 'over', 'declare', 'pass', 'discard', 'draw', 'take']),
  pending: z.array(z.string()),
  turn: z.nullable(z.string()),
  mode: z.nullable(z.enum(['simultaneous', 'sequential'])),
  round: z.nullable(z.number()),
  canDrop: z.boolean(),
  max: z.nullable(z.number()),
  count: z.nullable(z.number()),
});
const showdown = z.object({
  dealNo: z.number(),
  hands: z.array(z.object({ playerId: z.string(), cards: z.array(cardFace), name: z.string(), dead: z.boolean() })),
  kitty: z.nullable(z.array(cardFace)),
  winners: z.array(z.string()),
  payments: z.array(z.object({ from: z.string(), to: z.string(), amount: z.number(), reason: z.string() })),
  paid: z.array(z.string()),
  delta: z.record(z.string(), z.number()),
  names: z.record(z.string(), z.string()),
  proof: z.nullable(
    z.object({ dealNo: z.number(), commitment: z.string(), serverSeed: z.string(), clientSeed: z.string() }),
  ),
});
const standings = z.object({
  title: z.string(),
  lines: z.array(z.object({ id: z.string(), name: z.string(), chips: z.number(), points: z.array(z.number()) })),
  pot: z.number(),
  reserve: z.number(),
  recap: z.array(z.string()),
});
const ruleValue = z.union([
  z.number(),
  z.string(),
  z.boolean(),
  z.null(),
  z.object({
    kind: z.enum(['pot', 'burn', 'percent']),
    amount: z.optional(z.number()),
    percent: z.optional(z.number()),
  }),
]);
const rules = z.object({
  for: z.enum(['lobby', 'next']),
  fields: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(['integer', 'choice', 'boolean', 'rank', 'match']),
      group: z.string(),
      label: z.string(),
      about: z.string(),
      min: z.nullable(z.number()),
      max: z.nullable(z.number()),
      nullable: z.boolean(),
      choices: z.array(z.object({ value: z.string(), label: z.string() })),
      value: ruleValue,
    }),
  ),
});
const table = z.object({
  tableId: z.number(),
  version: z.number(),
  dealNo: z.number(),
  variant: z.string(),
  phase: z.enum(['lobby', 'deal', 'between-deals', 'over']),
  host: z.string(),
  you: z.nullable(z.string()),
  seats: z.array(seat),
  maxSeats: z.number(),
  pot: z.number(),
  reserve: z.number(),
  board: z.array(z.object({ pos: z.string(), col: z.number(), row: z.number(), card: z.nullable(cardFace) })),
  awaiting,
  prompt: z.nullable(z.string()),
  yourHand: z.nullable(z.string()),
  yourOdds: z.nullable(z.string()),
  passed: z.nullable(z.string()),
  deadline: z.nullable(z.number()),
  countdownMs: z.nullable(z.number()),
  dropCost: z.number(),
  stopRequested: z.boolean(),
  fair: z.nullable(z.object({ commitment: z.string(), clientSeed: z.nullable(z.string()) })),
  showdown: z.nullable(showdown),
  standings: z.nullable(standings),
  watchers: z.array(watcher),
  rules: z.nullable(rules),
});
const serverFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('snapshot'),
    now: z.number(),
    locale: z.string(),
    strings: z.record(z.string(), z.string()),
    user: z.object({ id: z.string(), name: z.string() }),
    table: z.nullable(table),
  }),
  z.object({ type: z.literal('update'), now: z.number(), table: z.nullable(table) }),
  z.object({ type: z.literal('ack'), requestId: z.string() }),
  z.object({ type: z.literal('answer'), requestId: z.string(), ok: z.boolean(), text: z.nullable(z.string()) }),
]);

const reactionFrame = z.object({ type: z.literal('reaction'), from: z.string(), emote: z.number() });
const momentFrame = z.object({ type: z.literal('moment'), url: z.nullable(z.string()) });

/** A frame from the bot, or null for text that is not one (not JSON, or not a frame this page knows). */
export function parseServerFrame(text: string): ServerFrame | ReactionFrame | MomentFrame | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = serverFrame.safeParse(value);
  if (parsed.success) return parsed.data;
  const reaction = reactionFrame.safeParse(value);
  if (reaction.success) return reaction.data;
  const moment = momentFrame.safeParse(value);
  return moment.success ? moment.data : null;
}

/** Whether two types are the same, both ways. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// Fails to compile when the frames the bot sends and the schema part ways.
const sameFrame: Same<z.infer<typeof serverFrame>, ServerFrame> = true;
void sameFrame;
