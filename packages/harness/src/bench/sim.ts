import { simulate } from 'guts/src/engine/sim.ts';
import type { Bench } from './types.ts';

/** Three-card guts, six bots of mixed strategies, cap 100: deals played per second on one core. */
const DEALS = 400_000;

export const benches: Bench[] = [
  {
    name: 'sim-three-card',
    async run() {
      // A short warm-up so the measured run is compiled code, not the interpreter.
      simulate({
        variant: 'three-card',
        players: 6,
        deals: 20_000,
        strategies: ['threshold'],
        seed: 1,
        options: { cap: 100 },
      });
      const started = process.hrtime.bigint();
      const result = simulate({
        variant: 'three-card',
        players: 6,
        deals: DEALS,
        strategies: ['threshold', 'random', 'always'],
        seed: 2,
        options: { cap: 100 },
      });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      return {
        name: 'sim-three-card',
        perSecond: Math.round(result.deals / (ms / 1000)),
        ms: Math.round(ms),
        deals: result.deals,
        players: 6,
        target: 200_000,
      };
    },
  },
];
