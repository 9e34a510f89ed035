import fc from 'fast-check';
import { describe, it } from 'vitest';
import { apply, awaiting } from '../../../src/engine/index.ts';
import { listVariants } from '../../../src/rules/index.ts';
import { equalTo } from './cheap-checks.ts';
import { describeRandomGames, newGame } from './random-games.ts';

// The other half of the variants runs in properties-more.test.ts, so two workers share them.
describeRandomGames(
  listVariants()
    .map((v) => v.id)
    .slice(0, 10),
);

describe('simultaneous declarations', () => {
  it('give the same result in any order, with timeouts for the undecided', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.constantFrom('two-card', 'three-card', 'one-card', 'iron-cross', 'tic-tac-toe'),
        fc.array(fc.constantFrom('stay', 'drop', 'none'), { minLength: 7, maxLength: 7 }),
        fc.infiniteStream(fc.nat()),
        (seed, variantId, plan, shuffles) => {
          const game = newGame(variantId, seed, 0, 5);
          if (!game) return;
          const started = apply(game.state, { type: 'startDeal', by: 'ann' }).state;
          const w = awaiting(started);
          if (w.kind !== 'declare') return;
          const moves = w.pending
            .map((p, i) => ({ p, choice: plan[i] as 'stay' | 'drop' | 'none' }))
            .filter((m) => m.choice !== 'none');
          const play = (order: typeof moves) => {
            let s = started;
            for (const m of order) s = apply(s, { type: 'declare', playerId: m.p, choice: m.choice as 'stay' }).state;
            if (awaiting(s).kind === 'declare' && s.deal?.round === 1) s = apply(s, { type: 'timeout' }).state;
            return s;
          };
          const shuffled = [...moves];
          const it = shuffles[Symbol.iterator]();
          for (let i = shuffled.length - 1; i > 0; i--) {
            const j = (it.next().value as number) % (i + 1);
            [shuffled[i], shuffled[j]] = [shuffled[j] as (typeof moves)[0], shuffled[i] as (typeof moves)[0]];
          }
          equalTo(play(shuffled), play(moves));
        },
      ),
      { numRuns: 300 },
    );
  });
});
