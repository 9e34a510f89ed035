import { checkMessageLimits } from '@guts/local-discord/limits.ts';
import { describe, expect, it } from 'vitest';
import { PHRASE_MAX } from '../../../src/cards/fair-deck.ts';
import { EARNED_MAX, earnedField } from '../../../src/discord/views/achievements.ts';
import { HELP_PAGES, helpView, rulesEmbed } from '../../../src/discord/views/rules.ts';
import { rulesMenu } from '../../../src/discord/views/rules-form.ts';
import { seasonEmbed } from '../../../src/discord/views/season.ts';
import { standingsEmbed } from '../../../src/discord/views/standings.ts';
import { globalBoardEmbed, leaderboardEmbed, statsEmbed } from '../../../src/discord/views/stats.ts';
import { verifyPanel } from '../../../src/discord/views/verify.ts';
import { catalogues } from '../../../src/i18n/index.ts';
import { ACHIEVEMENT_IDS } from '../../../src/rules/achievements.ts';
import { defaultOptions, listVariants, parseOptions } from '../../../src/rules/index.ts';

/** Every catalogue, each language loaded (the bot loads them one by one, as players need them). */
const CATALOGUES = await catalogues();

/**
 * Every view not drawn from a game, in every language with a catalogue, held against
 * the local Discord's own limits (the ones it refuses a message over, as Discord does:
 * content 2,000, an embed's title 256, description 4,096, a field 1,024, 6,000 in all,
 * a button's label 80), with the longest realistic values: 32-character names, 9-digit
 * amounts, 17 seats.
 */
const LONG_NAME = 'W'.repeat(32);
const BIG = 999_999_999;
const json = (v: unknown) => JSON.parse(JSON.stringify(v));
const target = { tableId: 123_456_789, dealNo: 987_654 };
/** Options far from the defaults, so the lobby line and the money rule say the most. */
const LOUD = {
  ante: BIG,
  cap: BIG,
  capStyle: 'clip',
  match: { kind: 'burn', amount: BIG },
  progressiveBurn: true,
  ties: 'no-split',
  losers: 'worst-only',
  wimpAmount: BIG,
  legs: 100,
  compulsoryFirst: true,
  everybodyAntes: true,
  loserSkipsAnte: true,
  threeCardRanking: 'pairs',
  pass: 'alternate',
  dropPenalty: 100,
  odds: false,
  discard: 3,
  timer: 300,
};

describe.each(Object.keys(CATALOGUES))('%s: views within what Discord takes', (locale) => {
  it('/guts help', () => {
    for (const page of HELP_PAGES) expect(checkMessageLimits(json(helpView(locale, page))), page).toEqual([]);
  });

  it('/guts rules, the list and every variant', () => {
    expect(checkMessageLimits({ embeds: [rulesEmbed(null, locale)] })).toEqual([]);
    for (const { id } of listVariants()) {
      expect(checkMessageLimits({ embeds: [rulesEmbed(id, locale)] }), id).toEqual([]);
    }
  });

  it("the Rules form's menu for every variant, with every option changed", () => {
    for (const { id } of listVariants()) {
      const loud = Object.fromEntries(
        Object.entries(LOUD).filter(([name]) => {
          try {
            parseOptions(id, { [name]: LOUD[name as keyof typeof LOUD] });
            return true;
          } catch {
            return false;
          }
        }),
      );
      const options = { ...defaultOptions(id), ...loud } as never;
      const said = 'x'.repeat(300);
      expect(checkMessageLimits(json(rulesMenu(target, id, options, locale, said))), id).toEqual([]);
    }
  });

  it('the final standings of 17 players, the stats of every variant, a 25-player leaderboard', () => {
    const net = Array.from({ length: 17 }, (_, i) => ({ playerId: `${i}`, name: LONG_NAME, chips: -BIG }));
    const hand = { ranking: 'five' as const, value: 1, description: 'Straight flush, ace high' };
    const recap = {
      biggestPot: { playerId: '1', chips: BIG, dealNo: BIG },
      bestHand: { playerId: '2', hand: { ...hand, value: 2 }, dealNo: BIG },
      longestRun: { playerId: '3', deals: BIG },
      boldestStay: { playerId: '4', hand, dealNo: BIG },
      mostDrops: { playerId: '5', drops: BIG, deals: BIG },
    };
    const standings = { deals: BIG, net, pot: BIG, reserve: BIG, recap };
    expect(checkMessageLimits({ embeds: [json(standingsEmbed(standings, undefined, locale))] })).toEqual([]);
    const season = { number: BIG, start: 0, end: 4_102_444_800_000, length: 'quarter' as const };
    const rows10 = Array.from({ length: 10 }, () => ({ name: LONG_NAME, points: BIG, won: BIG, deals: BIG }));
    const champions = Array.from({ length: 5 }, () => ({ seasonNo: BIG, name: LONG_NAME, points: BIG }));
    const seasonBoard = { season, rows: rows10, unranked: BIG, minDeals: 10, champions };
    expect(checkMessageLimits({ embeds: [json(seasonEmbed(seasonBoard, locale))] })).toEqual([]);
    expect(checkMessageLimits({ embeds: [json(globalBoardEmbed(rows10, 'none', locale))] })).toEqual([]);
    // What 17 seats' first deal earned, on a result: clipped to its share of the message.
    const earned = net.flatMap((p) => ACHIEVEMENT_IDS.map((achievement) => ({ userId: p.playerId, achievement })));
    const field = earnedField(earned, () => LONG_NAME, locale);
    expect(field.value.length).toBeLessThanOrEqual(EARNED_MAX);
    expect(checkMessageLimits({ embeds: [{ title: 't', fields: [field] }] })).toEqual([]);
    const rows = listVariants().map((v) => ({
      variant: v.id,
      deals: BIG,
      won: BIG,
      stayed: BIG,
      net: -BIG,
      biggestPot: BIG,
      bestHand: 'Straight flush, ace high',
    }));
    expect(checkMessageLimits({ embeds: [json(statsEmbed(LONG_NAME, rows, locale))] })).toEqual([]);
    const board = Array.from({ length: 25 }, (_, i) => ({
      userId: `${i}`,
      name: LONG_NAME,
      net: -BIG,
      won: BIG,
      deals: BIG,
    }));
    for (const period of ['week', 'month', 'all'] as const) {
      expect(checkMessageLimits({ embeds: [json(leaderboardEmbed(period, board, locale))] })).toEqual([]);
    }
  });

  it("a deal's Verify panel with the longest client seed (17 presses and a 100-character phrase), and without a proof", () => {
    const presses = Array.from({ length: 18 }, () => '9'.repeat(20));
    const deck = Array.from({ length: 52 }, (_, i) => i);
    // A phrase of backticks is shown escaped: twice its length.
    for (const phrase of ['W'.repeat(PHRASE_MAX), '`'.repeat(PHRASE_MAX)]) {
      const proof = {
        dealNo: 1024,
        commitment: 'a'.repeat(64),
        serverSeed: 'b'.repeat(64),
        clientSeed: `${presses.join('-')} ${phrase}`,
      };
      const opponent = { kind: 'phantom', cards: deck.slice(0, 4) } as const;
      const found = { kind: 'proof', proof, deck, seedMatches: false, cardsMatch: false, opponent } as const;
      const url = `https://example.com/${'p'.repeat(200)}`;
      expect(checkMessageLimits(json(verifyPanel(found, BIG, locale, url)))).toEqual([]);
    }
    for (const kind of ['none', 'pruned'] as const) {
      expect(checkMessageLimits(json(verifyPanel({ kind }, BIG, locale))), kind).toEqual([]);
    }
  });
});

it('finds a view over a limit', () => {
  expect(checkMessageLimits({ content: 'x'.repeat(2001) })).not.toEqual([]);
  expect(checkMessageLimits({ embeds: [{ title: 'x'.repeat(257) }] })).not.toEqual([]);
});
