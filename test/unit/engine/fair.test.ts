import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildChain, type FairChain, fairDeck, seedMatches, seedOfDeal } from '../../../src/cards/fair-deck.ts';
import { Rng } from '../../../src/cards/rng.ts';
import {
  apply,
  createGame,
  type GameEvent,
  type GameState,
  publicView,
  seatState,
  viewFor,
} from '../../../src/engine/index.ts';
import { cardsDrawn, checkProof } from '../../../src/engine/proof.ts';
import type { FairState } from '../../../src/engine/types.ts';
import { getVariant, listVariants, RuleError } from '../../../src/rules/index.ts';
import { equalTo, lacks, sameAs } from './cheap-checks.ts';
import { OPTION_SETS, randomAction, refusal } from './driver.ts';
import { newGame } from './random-games.ts';

/** Provably fair games (docs/FAIRNESS.md) in the engine: every card from the committed seeds, nothing leaked early. */

const RUNS = Math.max(5, Math.floor(Number(process.env.GUTS_PROPERTY_RUNS ?? 1000) / 100));
const VARIANTS = listVariants()
  .filter((v) => v.available)
  .map((v) => v.id);
const hexSeed = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));

/** `map`'s value for `key`, made the first time it is asked for. */
function cached<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  const found = map.get(key);
  if (found !== undefined) return found;
  const made = make();
  map.set(key, made);
  return made;
}

/** Every card a deal's events show drawn from the deck, in the order they were drawn. */
function drawnInOrder(variantId: string, events: readonly GameEvent[]): number[] {
  const boardSteps = getVariant(variantId).steps.flatMap((st) => (st.kind === 'board' ? [st.positions] : []));
  const drawn: number[] = [];
  let kittyShown = false;
  for (const e of events) {
    if (e.type === 'Dealt') {
      // One card at a time round the table (flow.ts dealPrivate); board positions in order.
      const hands = Object.values({ ...e.private, ...e.faceUp });
      const count = Math.max(0, ...hands.map((h) => h.length));
      for (let i = 0; i < count; i++) for (const h of hands) if (h[i] !== undefined) drawn.push(h[i] as number);
      // Board cards in the order the variant's step lists the positions (not the event's key order).
      const positions = Object.keys(e.board);
      const order = boardSteps.find((p) => p.length === positions.length && p.every((x) => positions.includes(x)));
      drawn.push(...(order ?? positions).map((pos) => e.board[pos] as number));
    } else if (e.type === 'Discarded' || e.type === 'Drew') {
      drawn.push(...e.received);
    } else if (e.type === 'TookCard') {
      drawn.push(...e.cards);
    } else if (e.type === 'Showdown' && e.kittyCards && !kittyShown) {
      // The kitty is drawn once, at the first showdown that needs it.
      kittyShown = true;
      drawn.push(...e.kittyCards);
    }
  }
  return drawn;
}

/** The seeds a fair state keeps, in order, in hex (each kept as 44 base64 characters). */
const seedsOf = (checkpoints: FairState['checkpoints'] | undefined): string[] =>
  typeof checkpoints === 'string'
    ? (checkpoints.match(/.{44}/g) ?? []).map((seed) => Buffer.from(seed, 'base64').toString('hex'))
    : [];

/** The unrevealed seeds of a game whose next deal to show is `from`: its own and the next few deals'. */
function secretsFrom(from: number, chain: FairChain): string[] {
  return [from, from + 1, from + 2].map((n) => seedOfDeal(chain.checkpoints, n));
}

describe('a fair game deals every card from its committed seeds', () => {
  it.each(VARIANTS)('the cards dealt are exactly the seeds’ deck, and nothing shows a seed early (%s)', (variantId) => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 0, max: OPTION_SETS.length - 1 }),
        fc.integer({ min: 2, max: 7 }),
        hexSeed,
        (seed, optionSet, playerCount, lastSeed) => {
          const game = newGame(variantId, seed, optionSet, playerCount, lastSeed);
          if (!game) return;
          let s = game.state;
          const chain = buildChain(lastSeed);
          const { commitment } = chain;
          expect(s.fair?.commitment).toBe(commitment);
          const rng = Rng.fromSeed(seed ^ 0x2545f491);
          // What each step checks against, worked out once: a deal's deck, the seeds not yet shown.
          const decks = new Map<string, number[]>();
          const secrets = new Map<number, string[]>();
          const kept = new Map<FairState['checkpoints'] | undefined, string[]>();
          let dealEvents: GameEvent[] = [];
          for (let i = 0; i < 60 && s.phase !== 'over'; i++) {
            let events: GameEvent[];
            try {
              ({ state: s, events } = apply(s, randomAction(s, rng, game.players)));
            } catch (e) {
              if (!(e instanceof RuleError)) throw e;
              continue;
            }
            // One commitment for the whole game.
            sameAs(s.fair?.commitment, commitment);
            sameAs(publicView(s).fair?.commitment, commitment);
            for (const e of events) {
              if (e.type === 'DealStarted') dealEvents = [];
              dealEvents.push(e);
              if (e.type !== 'DealEnded') continue;
              const proof = e.proof;
              if (!proof) throw new Error('a fair deal ended without its proof');
              expect(proof.commitment).toBe(commitment);
              expect(proof.dealNo).toBe(e.dealNo);
              expect(proof.serverSeed).toBe(seedOfDeal(chain.checkpoints, e.dealNo));
              expect(seedMatches(proof.serverSeed, proof.dealNo, commitment)).toBe(true);
              expect(proof.clientSeed).toBe(s.fair?.clientSeed);
              const drawn = drawnInOrder(variantId, dealEvents);
              expect(drawn).toEqual(fairDeck(proof.serverSeed, proof.clientSeed, proof.dealNo).slice(0, drawn.length));
              // What the Verify panel checks, from the same history: the proof holds.
              expect(checkProof(proof, cardsDrawn(dealEvents))).toBeNull();
            }
            const clientSeed = s.fair?.clientSeed;
            if (s.deal && clientSeed) {
              // What is left of the deck is the rest of the seeds' deck, in order.
              const { dealNo } = s;
              const deck = cached(decks, `${dealNo} ${clientSeed}`, () =>
                fairDeck(seedOfDeal(chain.checkpoints, dealNo), clientSeed, dealNo),
              );
              equalTo(s.deal.deck, deck.slice(52 - s.deal.deck.length));
            }
            const from = s.phase === 'deal' ? s.dealNo : s.dealNo + 1;
            const unshown = cached(secrets, from, () => secretsFrom(from, chain));
            const checkpoints = s.fair?.checkpoints;
            // Each seed kept, in hex and in base64.
            const stored = cached(kept, checkpoints, () =>
              seedsOf(checkpoints).flatMap((hex) => [hex, Buffer.from(hex, 'hex').toString('base64')]),
            );
            const seen = [publicView(s), ...game.players.flatMap((p) => [viewFor(s, p), seatState(s, p)])];
            for (const view of seen) {
              const text = JSON.stringify(view);
              for (const secret of unshown) lacks(text, secret);
              for (const secret of stored) lacks(text, secret);
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('a fair game’s client seed', () => {
  const lastSeed = 'ab'.repeat(32);
  const open = (phrase?: string) =>
    createGame({
      variant: 'three-card',
      rng: [1, 2, 3, 4],
      host: 'ann',
      hostName: 'Ann',
      fair: { lastSeed, ...(phrase === undefined ? {} : { phrase }) },
    });

  it('is the lobby’s press ids and the phrase, fixed as the first deal is dealt', () => {
    let s = open('  lucky sevens ');
    s = apply(s, { type: 'join', playerId: 'bob', name: 'Bob', press: '1300000000000000001' }).state;
    expect(s.fair?.clientSeed).toBeNull();
    s = apply(s, { type: 'startDeal', by: 'ann', press: '1300000000000000002' }).state;
    const clientSeed = '1300000000000000001-1300000000000000002 lucky sevens';
    expect(s.fair?.clientSeed).toBe(clientSeed);
    // A press after the first deal changes nothing.
    s = apply(s, { type: 'join', playerId: 'cat', name: 'Cat', press: '1300000000000000003' }).state;
    expect(s.fair?.presses).toEqual(['1300000000000000001', '1300000000000000002']);
    expect(publicView(s).fair).toMatchObject({ clientSeed, phrase: 'lucky sevens', revealed: null });
    expect(s.deal?.deck).toEqual(fairDeck(seedOfDeal(buildChain(lastSeed).checkpoints, 1), clientSeed, 1).slice(6));
  });

  it('refuses a press that is not a snowflake, a bad phrase, and a stacked deck', () => {
    expect(refusal(open(), { type: 'join', playerId: 'bob', name: 'Bob', press: 'k1' }).code).toBe('bad-press');
    expect(() => open('x'.repeat(101))).toThrow(RuleError);
    expect(() => open('a\u0007b')).toThrow(/control character/);
    let s = apply(open(), { type: 'join', playerId: 'bob', name: 'Bob' }).state;
    expect(refusal(s, { type: 'startDeal', by: 'ann', stack: { kitty: [0] } }).code).toBe('stacked-fair');
    s = apply(s, { type: 'startDeal', by: 'ann' }).state;
    expect(s.fair?.clientSeed).toBe('');
  });

  it('reveals the deal’s seed with its result', () => {
    let s = apply(open(), { type: 'join', playerId: 'bob', name: 'Bob', press: '1300000000000000001' }).state;
    const seed = seedOfDeal(buildChain(lastSeed).checkpoints, 1);
    s = apply(s, { type: 'startDeal', by: 'ann' }).state;
    expect(s.deal?.serverSeed).toBe(seed);
    expect(s.fair?.revealed).toBeNull();
    const ended: GameEvent[] = [];
    while (s.phase === 'deal') {
      const r = apply(s, { type: 'timeout' });
      s = r.state;
      ended.push(...r.events.filter((e) => e.type === 'DealEnded'));
    }
    const proof = {
      dealNo: 1,
      commitment: buildChain(lastSeed).commitment,
      serverSeed: seed,
      clientSeed: '1300000000000000001',
    };
    expect(ended).toMatchObject([{ type: 'DealEnded', proof }]);
    expect(s.fair?.revealed).toEqual(proof);
    expect(publicView(s).fair?.revealed).toEqual(proof);
  });

  it('carries on a game saved when its checkpoints were a record by deal number', () => {
    const lobby = apply(open(), { type: 'join', playerId: 'bob', name: 'Bob' }).state;
    const chain = buildChain(lastSeed);
    const record = Object.fromEntries(seedsOf(chain.checkpoints).map((seed, i) => [String(32 * (i + 1)), seed]));
    const saved = JSON.parse(JSON.stringify({ ...lobby, dealNo: 40 })) as GameState;
    if (saved.fair) saved.fair.checkpoints = record;
    const s = apply(saved, { type: 'startDeal', by: 'ann' }).state;
    expect(s.deal?.serverSeed).toBe(seedOfDeal(chain.checkpoints, 41));
    expect(s.fair?.checkpoints).toBe(chain.checkpoints.slice(44));
  });

  it('deals each deal from its place in the chain, keeps only the checkpoints still needed, and stops at its end', () => {
    const lobby = apply(open(), { type: 'join', playerId: 'bob', name: 'Bob' }).state;
    const chain = buildChain(lastSeed);
    for (const [deal, lowest] of [
      [1, 32],
      [32, 32],
      [33, 64],
      [100, 128],
      [1024, 1024],
    ] as const) {
      const s = apply({ ...lobby, dealNo: deal - 1 }, { type: 'startDeal', by: 'ann' }).state;
      expect(s.deal?.serverSeed).toBe(seedOfDeal(chain.checkpoints, deal));
      const kept = seedsOf(s.fair?.checkpoints);
      expect(kept[0]).toBe(seedOfDeal(chain.checkpoints, lowest));
      expect(kept).toHaveLength((1024 - lowest) / 32 + 1);
      expect(s.stopRequested).toBe(deal === 1024);
    }
  });
});
