import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DealResult, dealResultOf, tableFrame } from '../../../src/activity/table-frame.ts';
import { Rng } from '../../../src/cards/rng.ts';
import { apply, type GameEvent, type GameState } from '../../../src/engine/index.ts';
import { listVariants, RuleError } from '../../../src/rules/index.ts';
import type { GameRecord } from '../../../src/table/game-record.ts';
import { NO_NOTES } from '../../../src/table/table-notes.ts';
import { codesIn, hiddenFrom, shownAtShowdown } from '../../support/hidden-cards.ts';
import { randomAction } from '../engine/driver.ts';
import { newGame } from '../engine/random-games.ts';

/**
 * Private means private on the WebSocket too: over random games of every variant, no
 * snapshot or update the Activity sends (a frame, for each seat and for a spectator)
 * ever holds a card hidden from its receiver. Frames are scanned as the JSON that goes
 * on the wire, so a card slipped into any field is found, not only in the fields meant for cards.
 */

const RUNS = Math.max(10, Math.floor(Number(process.env.GUTS_PROPERTY_RUNS ?? 1000) / 20));

const recordOf = (state: GameState, version: number): GameRecord => ({
  id: 1,
  guildId: '100',
  channelId: '200',
  version,
  running: state.phase !== 'over',
  state,
  deadline: 5_000,
  messages: NO_NOTES,
  dealNo: state.dealNo,
  updatedAt: 0,
});

const VARIANTS = listVariants()
  .filter((v) => v.available)
  .map((v) => v.id);

describe('what the Activity sends', () => {
  it.each(VARIANTS)('never holds a card hidden from its receiver (%s)', (variantId) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 2, max: 5 }), (seed, playerCount) => {
        const game = newGame(variantId, seed, 0, playerCount);
        if (!game) return;
        let s = game.state;
        let result: DealResult | null = null;
        const rng = Rng.fromSeed(seed ^ 0x5bd1e995);
        for (let i = 0; i < 30 && s.phase !== 'over'; i++) {
          let events: GameEvent[] = [];
          try {
            ({ state: s, events } = apply(s, randomAction(s, rng, game.players)));
          } catch (e) {
            if (!(e instanceof RuleError)) throw e;
          }
          result = dealResultOf(events, NO_NOTES, s) ?? result;
          for (const viewer of [...game.players, 'spectator']) {
            const frame = tableFrame({
              record: recordOf(s, i),
              notes: NO_NOTES,
              viewer,
              locale: 'en-US',
              result,
            });
            const { showdown, ...live } = frame ?? { showdown: null };
            const seat = game.players.includes(viewer) ? viewer : null;
            const hidden = hiddenFrom(s, seat);
            expect([...codesIn(JSON.stringify(live))].filter((c) => hidden.has(c))).toEqual([]);
            // A result shows only what its showdown showed everyone.
            const shown = result ? shownAtShowdown(result.events) : new Set<string>();
            expect([...codesIn(JSON.stringify(showdown))].filter((c) => !shown.has(c))).toEqual([]);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });
});
