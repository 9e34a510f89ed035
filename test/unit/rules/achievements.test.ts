import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS, advance, type DealFacts, earnedBy, NO_PROGRESS } from '../../../src/rules/achievements.ts';

/** The achievements' rules on their own: one deal's facts and a player's history. */
const deal = (o: Partial<DealFacts> = {}): DealFacts => ({
  variant: 'three-card',
  won: false,
  stayed: true,
  potWon: 0,
  ante: 5,
  people: 3,
  computers: [],
  hand: null,
  rivalsShown: 0,
  killed: false,
  sweptLegs: false,
  ...o,
});
const ids = (d: DealFacts, p = advance(NO_PROGRESS, d, 1)) => earnedBy(d, p).map((a) => a.id);

describe('the achievements', () => {
  it('are about twenty, each with a distinct id', () => {
    expect(ACHIEVEMENTS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(ACHIEVEMENTS.map((a) => a.id)).size).toBe(ACHIEVEMENTS.length);
  });

  it('a first deal, a first win, a pot of 25 antes', () => {
    expect(ids(deal())).toEqual(['first-deal']);
    expect(ids(deal({ won: true, potWon: 125 }))).toEqual(['first-deal', 'first-win', 'pot-25-antes']);
  });

  it('a high card only wins a showdown against people, but not in one-card guts', () => {
    const hand = { ranking: 'three-guts', category: 'high-card' };
    expect(ids(deal({ won: true, hand, rivalsShown: 1 }))).toContain('high-card-hero');
    expect(ids(deal({ won: true, hand: { ...hand, ranking: 'one' }, rivalsShown: 1 }))).not.toContain('high-card-hero');
    // Against a computer it ranks nobody against people.
    expect(ids(deal({ won: true, hand, rivalsShown: 1, computers: ['balanced'] }))).not.toContain('high-card-hero');
  });

  it('beating a bold computer heads-up, and only heads-up', () => {
    const won = { won: true, hand: { ranking: 'two', category: 'pair' }, rivalsShown: 1, people: 1 };
    expect(ids(deal({ ...won, computers: ['bold'] }))).toContain('bold-slayer');
    expect(ids(deal({ ...won, computers: ['cautious'] }))).not.toContain('bold-slayer');
    expect(ids(deal({ ...won, people: 2, computers: ['bold'] }))).not.toContain('bold-slayer');
  });

  it('a Deadly 69s survived: stayed and not killed', () => {
    expect(ids(deal({ variant: 'deadly-69s' }))).toContain('deadly-survivor');
    expect(ids(deal({ variant: 'deadly-69s', killed: true }))).not.toContain('deadly-survivor');
    expect(ids(deal({ variant: 'deadly-69s', stayed: false }))).not.toContain('deadly-survivor');
  });

  it('a run of wins is at one table, and deals with computers neither grow nor break it', () => {
    let p = NO_PROGRESS;
    const win = deal({ won: true });
    p = advance(p, win, 1);
    p = advance(p, win, 1);
    p = advance(p, deal({ computers: ['bold'] }), 1);
    p = advance(p, win, 1);
    expect(p.streak).toBe(3);
    expect(earnedBy(win, p).map((a) => a.id)).toContain('hat-trick');
    expect(advance(p, win, 2).streak).toBe(1);
  });

  it('wins in ten variants against people', () => {
    let p = NO_PROGRESS;
    const variants = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];
    for (const variant of variants) p = advance(p, deal({ variant, won: true }), 1);
    expect(p.peopleVariants).toEqual(variants);
    expect(earnedBy(deal({ variant: 'j', won: true }), p).map((a) => a.id)).toContain('ten-variants');
    // A win against a computer in an eleventh does not add it.
    expect(advance(p, deal({ variant: 'k', won: true, computers: ['bold'] }), 1).peopleVariants).toHaveLength(10);
  });
});
