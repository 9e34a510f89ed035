import { listVariants } from '../../../src/rules/index.ts';
import { describeRandomGames } from './random-games.ts';

describeRandomGames(
  listVariants()
    .map((v) => v.id)
    .slice(10),
);
