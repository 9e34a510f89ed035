import { type Card, formatCard } from '../cards/card.ts';
import type { Options } from '../rules/options.ts';
import type { Answer, Scenario, ScenarioDeal } from './scenario.ts';
import type { DealProof, GameEvent, PlayerId } from './types.ts';

/** Hand histories out: one finished deal's events as a `guts replay` scenario that gives the same result. */

export interface RecordedDeal {
  variant: string;
  options: Options | Record<string, unknown>;
  /** The deal's events, from its `DealStarted` to its `DealEnded`. */
  events: readonly GameEvent[];
}

const texts = (cards: readonly Card[]): string[] => cards.map(formatCard);

function add<T>(map: Record<PlayerId, T[]>, id: PlayerId, items: readonly T[]): void {
  map[id] = [...(map[id] ?? []), ...items];
}

export function scenarioFromDeal(recorded: RecordedDeal): Scenario {
  const start = recorded.events.find((e) => e.type === 'DealStarted');
  if (start?.type !== 'DealStarted') throw new Error('the events hold no DealStarted');
  const cards: Record<PlayerId, string[]> = {};
  const board: Record<string, string> = {};
  const deal: ScenarioDeal = {};
  const rounds: Record<PlayerId, Answer[]>[] = [];
  const choose = (round: number, id: PlayerId, choice: Answer) => {
    const r = (rounds[round - 1] ??= {});
    add(r, id, [choice]);
  };
  let fair: DealProof | undefined;
  const picks = (kind: 'pass' | 'discard' | 'draw') => (deal[kind] ??= {}) as Record<PlayerId, string | string[]>;
  for (const e of recorded.events) {
    switch (e.type) {
      case 'Dealt':
        for (const [id, cs] of [...Object.entries(e.private), ...Object.entries(e.faceUp)]) add(cards, id, texts(cs));
        for (const [pos, c] of Object.entries(e.board)) board[pos] = formatCard(c);
        break;
      case 'Discarded':
      case 'Drew':
        add(cards, e.playerId, texts(e.received));
        picks(e.type === 'Drew' ? 'draw' : 'discard')[e.playerId] = texts(e.thrown);
        break;
      case 'TookCard':
        add(cards, e.playerId, texts(e.cards));
        break;
      case 'Passed':
        for (const p of e.passes) picks('pass')[p.from] = formatCard(p.card);
        break;
      case 'Declared':
        // Open (sequential) choices replay as made, timeouts included; the dealer's automatic "in" replays itself.
        if (e.choice !== null && e.auto !== 'dealer') choose(e.round, e.playerId, e.auto ?? e.choice);
        break;
      case 'Revealed':
        if (!recorded.events.some((x) => x.type === 'Declared' && x.round === e.round && x.choice !== null)) {
          for (const p of e.stayed) if (!e.timedOut.includes(p)) choose(e.round, p, 'stay');
          for (const p of e.dropped) if (!e.timedOut.includes(p)) choose(e.round, p, 'drop');
        }
        break;
      case 'Showdown':
        if (e.kittyCards) deal.kitty = texts(e.kittyCards);
        break;
      case 'StopRequested':
        deal.stop = true;
        break;
      case 'DealEnded':
        // A fair deal's seed, revealed with its result: the export can be checked (docs/FAIRNESS.md).
        if (e.proof) fair = { ...e.proof };
        break;
    }
  }
  deal.cards = cards;
  if (Object.keys(board).length > 0) deal.board = board;
  deal.declare = Array.from(rounds, (r) =>
    Object.fromEntries(Object.entries(r ?? {}).map(([id, cs]) => [id, cs.length === 1 ? (cs[0] as Answer) : cs])),
  );
  return {
    variant: recorded.variant,
    options: { ...recorded.options },
    players: [...start.players],
    table: {
      pot: start.pot,
      reserve: start.reserve,
      legs: { ...start.legs },
      compulsory: start.compulsory,
      reante: start.reante,
      excused: [...start.excused],
      dealNo: start.dealNo,
    },
    ...(fair ? { fair } : {}),
    deals: [deal],
  };
}
