import { formatNumber, SOURCE_LOCALE, type TextKey, t } from '../i18n/index.ts';
import type { Options } from '../rules/types.ts';

/**
 * A table's money rule in words, from its options (docs/RULES.md: Settling a deal): what losing stayers
 * pay and to whom, legs, antes, caps. `/guts rules` and the lobby show it, in the reader's
 * language (the message catalogue's `money` section), so players can see which rule a
 * table uses rather than assume "losers match the pot".
 */
export function describeMoney(o: Options, locale: string = SOURCE_LOCALE): string[] {
  const say = (key: TextKey, vars?: Record<string, unknown>) => t(locale, key, vars);
  const n = (x: number) => formatNumber(locale, x);
  const amount =
    o.match.kind === 'pot'
      ? say('money.amountPot')
      : o.match.kind === 'burn'
        ? say(o.progressiveBurn ? 'money.burnGrowing' : 'money.burn', { count: o.match.amount })
        : say('money.percent', { percent: o.match.percent });
  const who = o.losers === 'all' ? 'All' : 'Worst';
  const lines = [
    o.money === 'match'
      ? o.match.kind === 'pot'
        ? say(`money.matchPot${who}`)
        : say(`money.payIn${who}`, { amount })
      : say(`money.payWinner${who}`, { amount }),
  ];
  if (o.loneVsDeck)
    lines.push(o.match.kind === 'pot' ? say('money.loneDeckMatch') : say('money.loneDeckPay', { amount }));
  const deck = o.loneVsDeck ? 'Deck' : '';
  lines.push(o.legs !== null ? say(`money.legs${deck}`, { count: o.legs }) : say(`money.aloneEnds${deck}`));
  if (o.dropperAnte) lines.push(say('money.dropperAnte'));
  lines.push(say(`money.allDrop_${o.allDrop}`));
  lines.push(say(o.everybodyAntes ? 'money.anteEvery' : 'money.anteOpen', { ante: n(o.ante) }));
  if (o.cap !== null)
    lines.push(say(o.capStyle === 'reserve' ? 'money.capReserve' : 'money.capClip', { cap: n(o.cap) }));
  return lines;
}
