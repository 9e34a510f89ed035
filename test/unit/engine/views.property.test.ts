import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/cards/rng.ts';
import {
  apply,
  type GameState,
  type PlayerView,
  type PrivateFacts,
  privateFacts,
  publicView,
  viewFor,
} from '../../../src/engine/index.ts';
import { faceDownPositions, getVariant, listVariants, RuleError } from '../../../src/rules/index.ts';
import { equalTo, holds } from './cheap-checks.ts';
import { randomAction } from './driver.ts';
import { newGame } from './random-games.ts';

const RUNS = Math.max(20, Math.floor(Number(process.env.GUTS_PROPERTY_RUNS ?? 1000) / 10));

/** Every card a view shows: hands, face-up cards, board. */
function shown(view: PlayerView): Set<number> {
  const d = view.deal;
  if (!d) return new Set();
  const cards = [...Object.values(d.hands).flat(), ...Object.values(d.up).flat(), ...Object.values(d.board)];
  return new Set(cards.filter((c): c is number => c !== null));
}

/** What `viewer` (null: the channel) may not see, by the rule book: face-down cards not theirs, or in Indian guts their own. */
function hiddenFrom(s: GameState, viewer: string | null): number[] {
  const d = s.deal;
  if (!d) return [];
  const forehead = getVariant(s.variant).forehead;
  const hidden: number[] = [];
  for (const [owner, cards] of Object.entries(d.hands)) {
    const mine = owner === viewer;
    const visible = viewer !== null && (forehead ? !mine : mine);
    if (!visible) hidden.push(...cards.filter((c) => !(d.up[owner] ?? []).includes(c)));
  }
  for (const pos of faceDownPositions(getVariant(s.variant))) if (pos in d.board) hidden.push(d.board[pos] as number);
  return hidden;
}

/** What a private message depends on, read from the viewer's whole view. */
function factsInView(view: PlayerView, viewer: string): PrivateFacts {
  const d = view.deal;
  return {
    viewer,
    dealNo: view.dealNo,
    options: view.options,
    deal: d && {
      hand: d.hands[viewer],
      up: d.up[viewer],
      round: d.round,
      roundPot: d.roundPot,
      in: d.in.includes(viewer),
      dead: d.dead.includes(viewer),
      myChoice: d.myChoice,
    },
    awaiting: view.awaiting,
  };
}

/** Random play of a variant (up to 25 steps), each state after a step handed to `check`. */
function eachRandomState(variantId: string, check: (s: GameState, players: readonly string[]) => void): void {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 2, max: 5 }), (seed, playerCount) => {
      const game = newGame(variantId, seed, 0, playerCount);
      if (!game) return;
      let s = game.state;
      const rng = Rng.fromSeed(seed ^ 0x2545f491);
      for (let i = 0; i < 25 && s.phase !== 'over'; i++) {
        try {
          s = apply(s, randomAction(s, rng, game.players)).state;
        } catch (e) {
          if (!(e instanceof RuleError)) throw e;
        }
        check(s, game.players);
      }
    }),
    { numRuns: RUNS },
  );
}

const VARIANTS = listVariants()
  .filter((v) => v.available)
  .map((v) => v.id);

describe('what a private message depends on', () => {
  it.each(VARIANTS)("is what the player's view shows, and no hidden card (%s)", (variantId) => {
    eachRandomState(variantId, (s, players) => {
      for (const viewer of players) {
        const facts = privateFacts(s, viewer);
        equalTo(facts, factsInView(viewFor(s, viewer), viewer));
        const seen = new Set([...(facts.deal?.hand ?? []), ...(facts.deal?.up ?? [])]);
        equalTo(
          hiddenFrom(s, viewer).filter((c) => seen.has(c)),
          [],
        );
      }
    });
  });
});

describe('what a view shows', () => {
  it.each(VARIANTS)('never shows a card hidden from its viewer (%s)', (variantId) => {
    eachRandomState(variantId, (s, players) => {
      for (const viewer of [null, ...players]) {
        const view = viewer === null ? publicView(s) : viewFor(s, viewer);
        const seen = shown(view);
        equalTo(
          hiddenFrom(s, viewer).filter((c) => seen.has(c)),
          [],
        );
        const deal = view.deal ?? {};
        holds(!('rng' in view), () => expect(view).not.toHaveProperty('rng'));
        holds(!('deck' in deal), () => expect(deal).not.toHaveProperty('deck'));
        holds(!('kitty' in deal), () => expect(deal).not.toHaveProperty('kitty'));
      }
    });
  });
});
