import { Locale } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { parseCards } from '../../../src/cards/card.ts';
import { evaluateBest } from '../../../src/hands/index.ts';
import { ensureLanguages, LANGUAGES, t } from '../../../src/i18n/index.ts';
import { handName } from '../../../src/words/hand-names.ts';

await ensureLanguages(...LANGUAGES);

const five = (cards: string) => evaluateBest(parseCards(cards), 'five');
const three = (cards: string) => evaluateBest(parseCards(cards), 'three-guts');

describe("hand names in the reader's language", () => {
  it("keeps the engine's English name, kicker and all, for English and for a language Discord does not send", () => {
    const hand = five('As Ah Kd 7c 2s');
    expect(handName(hand, Locale.EnglishUS)).toBe(hand.description);
    expect(handName(hand, Locale.EnglishGB)).toBe(hand.description);
    expect(handName(hand, 'xx')).toBe(hand.description);
  });

  it('names the top kicker as the English name does, where the hand has one', () => {
    expect(handName(five('As Ah Kd 7c 2s'), Locale.German)).toBe('Paar Asse, Kicker König');
    expect(handName(five('Ks Kh Kd Tc Ts'), Locale.German)).toBe('Full House, Könige über Zehnen');
    expect(handName(five('As Ah Kd 7c 2s'), Locale.Japanese)).toMatch(/キッカー/);
  });

  it('names Two more inches in German, as the page and the chat title it', () => {
    expect(t(Locale.German, 'variant.two-more-inches.name')).toBe('Zwei Zoll mehr');
  });

  it('names hands as players of each language say them', () => {
    expect(handName(five('As Ah Kd 7c 2s'), Locale.German)).toBe('Paar Asse, Kicker König');
    expect(handName(five('Ks Kh Kd Tc Ts'), Locale.German)).toBe('Full House, Könige über Zehnen');
    expect(handName(five('Ks Kh Kd Tc Ts'), Locale.French)).toBe('Full : rois par les dix');
    expect(handName(five('Qs Qh 9d 9c 2s'), Locale.SpanishES)).toBe('Doble pareja, damas y nueves, kicker: dos');
    expect(handName(five('Ts Js Qs Ks As'), Locale.PortugueseBR)).toBe('Royal flush');
    expect(handName(five('9s Ts Js Qs Ks'), Locale.Japanese)).toBe('Kハイのストレートフラッシュ');
    expect(handName(three('Ah Kd 7c'), Locale.German)).toBe('Ass hoch, Kicker König');
    expect(handName(three('7h 7d 7c'), Locale.SpanishES)).toBe('Trío de sietes');
  });
});

/** Languages whose rank words change with their case keep them grammatical: genitive after "par", nominative after a colon. */
describe('hand names in the languages that inflect rank words', () => {
  it('puts the ranks in the case the hand name needs', () => {
    expect(handName(five('As Ah Kd 7c 2s'), Locale.Czech)).toBe('Pár es, kicker: král');
    expect(handName(five('Qs Qh 9d 9c 2s'), Locale.Czech)).toBe('Pár dam a pár devítek, kicker: dvojka');
    expect(handName(five('Ks Kh Kd Tc Ts'), Locale.Croatian)).toBe('Full house, tris kraljeva i par desetki');
    expect(handName(five('As Ah Kd 7c 2s'), Locale.Lithuanian)).toBe('Pora: tūzai, spyris: karalius');
    expect(handName(five('8h 8d 8c 8s 2d'), Locale.Hungarian)).toBe('Póker: nyolcasok, kicker: kettes');
    expect(handName(three('Ah Kd 7c'), Locale.Finnish)).toBe('Ässä hai, potkuri: kuningas');
    expect(handName(five('Qs Qh 9d 9c 2s'), Locale.Romanian)).toBe('Două perechi, dame și nouă, kicker: doi');
    expect(handName(five('As Ah Kd 7c 2s'), Locale.Bulgarian)).toBe('Чифт аса, кикър поп');
  });

  it('names hands with the words players of each language use', () => {
    expect(handName(five('Ks Kh Kd Tc Ts'), Locale.SpanishLATAM)).toBe('Full house, reyes y dieces');
    expect(handName(five('Ks Kh Kd Tc Ts'), Locale.Vietnamese)).toBe('Cù lũ, ba già hai mười');
    expect(handName(five('As Ah Kd 7c 2s'), Locale.Thai)).toBe('คู่เอซ (คิกเกอร์ คิง)');
    expect(handName(five('8h 8d 8c 8s 2d'), Locale.Greek)).toBe('Καρέ, οχτάρια, κίκερ: δυάρι');
    expect(handName(five('As Ah Kd 7c 2s'), Locale.Hindi)).toBe('पेयर: इक्के, किकर: बादशाह');
    expect(handName(five('As Ah Kd 7c 2s'), Locale.Indonesian)).toBe('Pair as, kicker: king');
  });
});
