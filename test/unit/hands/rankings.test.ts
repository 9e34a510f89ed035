import { describe, expect, it } from 'vitest';
import { parseCards } from '../../../src/cards/card.ts';
import { compareHands, evaluateBest, type RankingId, scoreBest, type WildSpec } from '../../../src/hands/index.ts';

const ev = (text: string, ranking: RankingId, wild?: WildSpec) => evaluateBest(parseCards(text), ranking, wild);

/** Each hand beats the one before it (hands listed weakest first). */
function expectAscending(ranking: RankingId, hands: string[], wild?: WildSpec): void {
  for (let i = 1; i < hands.length; i++) {
    const lower = ev(hands[i - 1] as string, ranking, wild);
    const higher = ev(hands[i] as string, ranking, wild);
    expect(compareHands(higher, lower), `${hands[i]} should beat ${hands[i - 1]}`).toBeGreaterThan(0);
  }
}

function expectTie(ranking: RankingId, a: string, b: string, wild?: WildSpec): void {
  expect(ev(a, ranking, wild).value, `${a} ties ${b}`).toBe(ev(b, ranking, wild).value);
}

function expectHand(text: string, ranking: RankingId, category: string, description: string, wild?: WildSpec) {
  const result = ev(text, ranking, wild);
  expect(result.category).toBe(category);
  expect(result.description).toBe(description);
  return result;
}

describe('one card', () => {
  it('ranks by rank, aces high, suits never break ties', () => {
    expectAscending('one', ['2c', '3d', '9h', 'Ts', 'Jc', 'Qd', 'Kh', 'As']);
    expectTie('one', 'Ah', 'Ac');
    expectHand('Qd', 'one', 'high-card', 'Queen');
  });
  it('a wild card is an ace', () => {
    expectTie('one', '2c', 'As', { ranks: [0] });
  });
});

describe('two cards', () => {
  it('pair beats high card; A-A best, 3-2 worst', () => {
    expectAscending('two', ['3c 2d', '4c 2d', '4c 3d', 'Ac Kd', '2c 2d', '3c 3d', 'Ac Ad']);
    expectHand('8c 8h', 'two', 'pair', 'Pair of eights');
    expectHand('Kc 9h', 'two', 'high-card', 'King high, nine kicker');
  });
  it('ties ignore suits', () => {
    expectTie('two', 'Ac Kd', 'Ah Ks');
  });
  it('wild cards pair up with the highest card, or make aces', () => {
    expectHand('2c 9h', 'two', 'pair', 'Pair of nines', { ranks: [0] });
    expectHand('2c 2h', 'two', 'pair', 'Pair of aces', { ranks: [0] });
  });
});

describe('three cards, guts (default)', () => {
  const r = 'three-guts';
  it('orders every category: trips > straight flush > straight > flush > pair > high card', () => {
    expectAscending(r, [
      '5c 3d 2h',
      'Ac Kd Jh',
      '2c 2d 3h',
      'Ac Ad Kh',
      '2h 4h 6h',
      'Ah Kh Jh',
      '3c 2d Ah',
      'Qc Kd Ah',
      'Ah 2h 3h',
      'Qs Ks As',
      '2c 2d 2h',
      'Ac Ad Ah',
    ]);
  });
  it('describes each category', () => {
    expectHand('Qc Qd Qh', r, 'three-of-a-kind', 'Three of a kind, queens');
    expectHand('Jh Qh Kh', r, 'straight-flush', 'Straight flush, king high');
    expectHand('9c Td Jh', r, 'straight', 'Straight, jack high');
    expectHand('2h 9h Kh', r, 'flush', 'Flush, king high');
    expectHand('8c 8d Kh', r, 'pair', 'Pair of eights, king kicker');
    expectHand('Ac 7d 4h', r, 'high-card', 'Ace high, seven kicker');
  });
  it('the wheel A-2-3 is the lowest straight; Q-K-A the highest; K-A-2 is no straight', () => {
    expectHand('Ac 2d 3h', r, 'straight', 'Straight, three high');
    expectAscending(r, ['Ac 2d 3h', '2c 3d 4h', 'Qc Kd Ah']);
    expectHand('Kc Ad 2h', r, 'high-card', 'Ace high, king kicker');
  });
  it('breaks ties by the pair, then the kicker, then each card in turn', () => {
    expectAscending(r, ['9c 9d 2h', '9c 9d 3h', 'Tc Td 2h']);
    expectAscending(r, ['Ac Kd 2h', 'Ac Kd 3h', 'Ac Qd Kh']);
    expectAscending(r, ['Kh 9h 7h', 'Kh Th 2h', 'Ah 3h 2h']);
    expectTie(r, 'Ac Kd 2h', 'As Kh 2c');
    expectTie(r, 'Jh Qh Kh', 'Jc Qc Kc');
  });
  it('picks the best three of more cards', () => {
    expectHand('Ah Kh Qh 2c 2d', r, 'straight-flush', 'Straight flush, ace high');
    expectHand('Ah Kh Qh 2c 2d 2s', r, 'three-of-a-kind', 'Three of a kind, twos');
  });
});

describe('three cards, poker and pairs', () => {
  it('poker: straight flush beats three of a kind', () => {
    expectAscending('three-poker', [
      'Ac Kd Jh',
      '2c 2d 3h',
      '2h 4h 6h',
      'Qc Kd Ah',
      'Ac Ad Ah',
      'Ah 2h 3h',
      'Qs Ks As',
    ]);
  });
  it('pairs: no straights or flushes', () => {
    expectHand('Jh Qh Kh', 'three-pairs', 'high-card', 'King high, queen kicker');
    expectAscending('three-pairs', ['Jh Qh Kh', 'Ac Kd 2h', '2c 2d 3h', 'Ac Ad Kh', '2c 2d 2h']);
  });
});

describe('four cards', () => {
  const r = 'four';
  it('orders quads > trips > two pair > pair > high card, and ignores straights and flushes', () => {
    expectAscending(r, [
      '2h 3h 4h 5h',
      'Ac Kd Qh Js',
      '2c 2d 4h 3s',
      '3c 3d 2h 2s',
      'Ac Ad Kh Ks',
      '2c 2d 2h 3s',
      '2c 2d 2h As',
      'Ac Ad Ah Ks',
      '2c 2d 2h 2s',
      'Ac Ad Ah As',
    ]);
  });
  it('describes and breaks ties', () => {
    expectHand('Kc Kd 8h 8s', r, 'two-pair', 'Two pair, kings and eights');
    expectHand('9c 9d 9h 2s', r, 'three-of-a-kind', 'Three of a kind, nines, two kicker');
    expectHand('7c 7d 7h 7s', r, 'four-of-a-kind', 'Four of a kind, sevens');
    expectAscending(r, ['Kc Kd 8h 7s', 'Kc Kd 8h 9s', 'Kc Kd Th 2s']);
    expectTie(r, 'Kc Kd 8h 8s', 'Kh Ks 8c 8d');
  });
  it('wild fours make four of a kind from trips, two pair becomes trips', () => {
    expectHand('9c 9d 9h 4s', r, 'four-of-a-kind', 'Four of a kind, nines', { ranks: [2] });
    expectHand('9c 9d 3h 4s', r, 'three-of-a-kind', 'Three of a kind, nines, three kicker', { ranks: [2] });
  });
});

describe('five cards', () => {
  const r = 'five';
  it('orders every category', () => {
    expectAscending(r, [
      '7c 5d 4h 3s 2c',
      'Ac Kd Qh Js 9c',
      '2c 2d 3h 4s 6c',
      'Ac Ad Kh Qs Jc',
      '3c 3d 2h 2s 4c',
      'Ac Ad Kh Ks Qc',
      '2c 2d 2h 3s 4c',
      'Ac 2d 3h 4s 5c',
      'Tc Jd Qh Ks Ac',
      '2h 3h 4h 5h 7h',
      'Ah Kh Qh Jh 9h',
      '2c 2d 2h 3s 3c',
      'Ac Ad Ah Ks Kc',
      '2c 2d 2h 2s 3c',
      'Ac Ad Ah As Kc',
      'Ah 2h 3h 4h 5h',
      'Th Jh Qh Kh Ah',
    ]);
  });
  it('describes each category', () => {
    expectHand('Ts Js Qs Ks As', r, 'straight-flush', 'Royal flush');
    expectHand('9s Ts Js Qs Ks', r, 'straight-flush', 'Straight flush, king high');
    expectHand('Ac 2c 3c 4c 5c', r, 'straight-flush', 'Straight flush, five high');
    expectHand('Qc Qd Qh Qs 3c', r, 'four-of-a-kind', 'Four of a kind, queens, three kicker');
    expectHand('Kc Kd Kh 8s 8c', r, 'full-house', 'Full house, kings over eights');
    expectHand('Ah 9h 7h 4h 2h', r, 'flush', 'Flush, ace high');
    expectHand('Ac 2d 3h 4s 5c', r, 'straight', 'Straight, five high');
    expectHand('Qc Qd Qh 9s 3c', r, 'three-of-a-kind', 'Three of a kind, queens, nine kicker');
    expectHand('Kc Kd 8h 8s Ac', r, 'two-pair', 'Two pair, kings and eights, ace kicker');
    expectHand('8c 8d Kh 4s 2c', r, 'pair', 'Pair of eights, king kicker');
    expectHand('Ac Jd 8h 4s 2c', r, 'high-card', 'Ace high, jack kicker');
  });
  it('the wheel A-2-3-4-5 is the lowest straight and ace-high the highest', () => {
    expectAscending(r, ['Ac 2d 3h 4s 5c', '2c 3d 4h 5s 6c', 'Tc Jd Qh Ks Ac']);
    expectHand('Qc Kd Ah 2s 3c', r, 'high-card', 'Ace high, king kicker');
  });
  it('breaks ties with the cards that make the hand, then kickers, never suits', () => {
    expectAscending(r, ['Ah Kh Qh Jh 8h', 'Ah Kh Qh Jh 9h']);
    expectAscending(r, ['Kc Kd Kh 8s 8c', 'Kc Kd Kh 9s 9c', 'Ac Ad Ah 2s 2c']);
    expectAscending(r, ['Kc Kd 8h 8s 2c', 'Kc Kd 8h 8s 3c', 'Kc Kd 9h 9s 2c', 'Ac Ad 2h 2s 3c']);
    expectAscending(r, ['8c 8d Kh 4s 2c', '8c 8d Kh 4s 3c', '8c 8d Kh 5s 2c', '8c 8d Ah 3s 2c']);
    expectAscending(r, ['Ac Jd 8h 4s 2c', 'Ac Jd 8h 4s 3c', 'Ac Qd 4h 3s 2c']);
    expectTie(r, 'Ac Kd Qh Js 9c', 'Ah Ks Qd Jc 9h');
    expectTie(r, '9s Ts Js Qs Ks', '9h Th Jh Qh Kh');
  });
  it('takes the best five of six and seven', () => {
    expectHand('Ah Kh 2h 7h 9h Ac Ad', r, 'flush', 'Flush, ace high');
    expectHand('Ah Ac Ad Kh Kc Kd 2s', r, 'full-house', 'Full house, aces over kings');
    expectHand('9c Td Jh Qs Kc Ac', r, 'straight', 'Straight, ace high');
    expectHand('Kc Kd 8h 8s 3c 3d Qc', r, 'two-pair', 'Two pair, kings and eights, queen kicker');
    const best = ev('2c 3d 4h 5s 6c Ac Kd', r);
    expect(best.cards).toEqual(parseCards('6c 5s 4h 3d 2c'));
  });
});

describe('wild cards', () => {
  const deuces = { ranks: [0] };
  it('make five of a kind, above a straight flush', () => {
    const five = expectHand('Ac Ad Ah 2s 2c', 'five', 'five-of-a-kind', 'Five of a kind, aces', deuces);
    expect(five.cards).toEqual(parseCards('Ah Ad Ac 2s 2c'));
    expectAscending('five', ['Th Jh Qh Kh Ah', '3c 3d 3h 3s 2c', 'Kc Kd Kh 2s 2c'], deuces);
  });
  it('may copy a card already held', () => {
    expectHand('As 2d 2h 2c 2s', 'five', 'five-of-a-kind', 'Five of a kind, aces', deuces);
    expectHand('Kh Qh 7h 4h 2c', 'five', 'flush', 'Flush, ace high', deuces);
    expectAscending('five', ['Ah Qh 7h 4h 3h', 'Ah Kh 7h 4h 2c'], deuces);
  });
  it('fill straights and straight flushes', () => {
    expectHand('9c Td 2h Qs Kc', 'five', 'straight', 'Straight, king high', deuces);
    expectHand('Ac 3c 4c 5c 2d', 'five', 'straight-flush', 'Straight flush, five high', deuces);
    expectHand('Jh Kh 2c', 'three-guts', 'straight-flush', 'Straight flush, king high', deuces);
    expectHand('Jh Kh 2c', 'three-poker', 'straight-flush', 'Straight flush, king high', deuces);
    expectHand('Jh Kd 2c', 'three-guts', 'three-of-a-kind', 'Three of a kind, kings', { ranks: [0, 9] });
  });
  it('two wild ranks among seven cards', () => {
    const wild = { ranks: [0, 1] };
    expectHand('2c 3d 9h 9s Kc 7d 5h', 'five', 'four-of-a-kind', 'Four of a kind, nines, king kicker', wild);
    expectHand('2c 3d 9h Ts Kc 7d 5h', 'five', 'straight', 'Straight, king high', wild);
  });
  it('by exact card (Deadly 69s: only these cards)', () => {
    expectHand('6c 9d Kh', 'three-pairs', 'three-of-a-kind', 'Three of a kind, kings', {
      cards: parseCards('6c 9d'),
    });
    expectHand('6c 9d Kh', 'three-pairs', 'pair', 'Pair of kings, nine kicker', { cards: parseCards('6c') });
  });
  it('lowest card in hand: every card of the lowest natural rank', () => {
    const lowest = { lowestInHand: true };
    expectHand('4c 4d 9h Ks Kc', 'five', 'four-of-a-kind', 'Four of a kind, kings, nine kicker', lowest);
    expectHand('7h 7d 7c Ks Kc', 'five', 'five-of-a-kind', 'Five of a kind, kings', lowest);
    // With deuces wild too, the lowest natural rank is the lowest card that is not a deuce.
    expectHand('2c 5d 5h Ks Kc', 'five', 'five-of-a-kind', 'Five of a kind, kings', { ranks: [0], lowestInHand: true });
  });
  it('scoreBest agrees with evaluateBest', () => {
    const cards = parseCards('2c 3d 9h 9s Kc 7d 5h');
    expect(scoreBest(cards, 'five', { ranks: [0, 1] })).toBe(evaluateBest(cards, 'five', { ranks: [0, 1] }).value);
  });
});

describe('bad input', () => {
  it('refuses too few cards and unknown rankings', () => {
    expect(() => ev('Ac Kd', 'three-guts')).toThrow(RangeError);
    expect(() => ev('Ac', 'nine' as RankingId)).toThrow(RangeError);
  });
});
