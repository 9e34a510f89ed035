import { describe, expect, it } from 'vitest';
import { parseCards } from '../../../src/cards/card.ts';
import { standingsEmbed } from '../../../src/discord/views/standings.ts';
import type { GameEvent } from '../../../src/engine/index.ts';
import { evaluateBest } from '../../../src/hands/index.ts';
import { ensureLanguages } from '../../../src/i18n/index.ts';
import { nightRecap } from '../../../src/table/night-recap.ts';
import type { Standings } from '../../../src/table/standings.ts';

/** One settled deal of two-card guts among `dealt`: who stayed (and the cards they showed), who won, what they took. */
function deal(
  dealNo: number,
  dealt: string[],
  shown: Record<string, string>,
  winner: string | null,
  took: number,
): { dealNo: number; lines: GameEvent[] } {
  const stayed = Object.keys(shown);
  const hands = stayed.map((playerId) => ({
    playerId,
    hand: evaluateBest(parseCards(shown[playerId] as string), 'two'),
    dead: false,
  }));
  const lines: GameEvent[] = [
    {
      type: 'DealStarted',
      dealNo,
      dealer: dealt[0] as string,
      players: dealt,
      compulsory: false,
      pot: 0,
      reserve: 0,
      legs: {},
      reante: false,
      excused: [],
    },
  ];
  if (stayed.length > 1) {
    lines.push({
      type: 'Showdown',
      hands,
      kitty: null,
      kittyCards: null,
      opponent: null,
      winners: winner ? [winner] : [],
      losers: stayed.filter((p) => p !== winner),
      kittyWins: false,
      standOff: false,
    });
  }
  if (winner) {
    lines.push({
      type: 'PotWon',
      winners: [winner],
      transfers: [{ from: { kind: 'pot' }, to: { kind: 'player', id: winner }, amount: took, reason: 'win' }],
    });
  }
  const delta = Object.fromEntries(dealt.map((p) => [p, p === winner ? took : 0]));
  lines.push({ type: 'DealEnded', dealNo, stayed, winners: winner ? [winner] : [], delta, pot: 0, reserve: 0 });
  return { dealNo, lines };
}

describe("the night's recap", () => {
  const night = [
    deal(1, ['1', '2', '3'], { '1': 'AS AH', '2': 'KS KH' }, '1', 6),
    deal(2, ['1', '2', '3'], { '1': '3S 2H', '3': '3C 2D' }, null, 0),
    deal(3, ['1', '2', '3'], { '2': '4S 2H', '3': '3D 2C' }, '2', 12),
    deal(4, ['1', '2', '3'], { '2': 'QS 9H', '1': 'JS 9D' }, '2', 30),
    deal(5, ['1', '2', '3'], { '2': '7S 5H' }, '2', 9),
  ];

  it('names the biggest pot, the best hand, the longest run, the boldest stay and the most drops', () => {
    const recap = nightRecap(night);
    expect(recap.biggestPot).toEqual({ playerId: '2', chips: 30, dealNo: 4 });
    expect(recap.bestHand).toMatchObject({ playerId: '1', dealNo: 1, hand: { description: 'Pair of aces' } });
    // Deals 3, 4 and 5: a lone stayer's win counts for the run, though no hand was shown.
    expect(recap.longestRun).toEqual({ playerId: '2', deals: 3 });
    // 4-2 beat 3-2 in deal 3: the weakest hand that won a showdown.
    expect(recap.boldestStay).toMatchObject({
      playerId: '2',
      dealNo: 3,
      hand: { description: 'Four high, two kicker' },
    });
    expect(recap.mostDrops).toEqual({ playerId: '3', drops: 3, deals: 5 });
  });

  it('a game with no pot taken and nobody dropping has nothing to tell but what it had', () => {
    const recap = nightRecap([deal(1, ['1', '2'], { '1': 'AS AH', '2': 'AC AD' }, null, 0)]);
    expect(recap).toEqual({ bestHand: expect.objectContaining({ playerId: '1' }) });
  });

  it('is said in the final standings, in the table’s language, one line each', async () => {
    await ensureLanguages('de');
    const standings: Standings = {
      deals: 5,
      net: [
        { playerId: '2', name: 'Ben', chips: 51 },
        { playerId: '1', name: 'Ann', chips: 6 },
        { playerId: '3', name: 'Cat', chips: 0 },
      ],
      recap: nightRecap(night),
      pot: 0,
      reserve: 0,
    };
    const field = standingsEmbed(standings, undefined, 'de').data.fields?.find((f) => f.name === 'Der Abend');
    expect(field?.value.split('\n')).toEqual([
      '💰 Größter Pot: **Ben**, 30 Chips',
      '🃏 Beste Hand: **Ann**, Paar Asse',
      '🔥 Längste Siegesserie: **Ben**, 3 in Folge',
      '🎲 Mutigstes Bleiben: **Ben**, Sieg mit Vier hoch, Kicker Zwei',
      '🏳️ Am häufigsten ausgestiegen: **Cat**, 3/5',
    ]);
  });
});
