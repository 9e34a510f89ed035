import { describe, expect, it } from 'vitest';
import { parseCards } from '../../../src/cards/card.ts';
import { evaluateBest, RANKING_IDS, scoreBest, tableBuilds } from '../../../src/hands/index.ts';

/**
 * The bot builds the hands' lookup tables a ranking at a time once it is first used
 * (bot.ts `wake`), not at start-up: one build per ranking, and hands score the same
 * whether their ranking's tables came that way or on first use.
 */
describe('the lookup tables, built a ranking a turn', () => {
  it('has a build for every ranking, and scores as the evaluator says after them', () => {
    const builds = tableBuilds();
    expect(builds).toHaveLength(RANKING_IDS.length);
    const before = scoreBest(parseCards('As Ks Qs Js Ts'), 'five');
    for (const build of builds) build();
    for (const build of builds) build(); // built once: again is a no-op
    const cards = parseCards('As Ks Qs Js Ts');
    expect(scoreBest(cards, 'five')).toBe(before);
    expect(scoreBest(cards, 'five')).toBe(evaluateBest(cards, 'five').value);
    const three = parseCards('2c 2d 2h');
    expect(scoreBest(three, 'three-guts')).toBe(evaluateBest(three, 'three-guts').value);
  });
});
