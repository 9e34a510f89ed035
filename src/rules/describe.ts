import type { Options } from './types.ts';

/**
 * A table's money rule in words, from its options (docs/RULES.md: Settling a deal): what losing stayers
 * pay and to whom, legs, antes, caps. `/guts rules` and the lobby show it, so players
 * can see which rule a table uses rather than assume "losers match the pot".
 */
const ALL_DROP: Record<Options['allDrop'], string> = {
  carry: 'If everyone drops, the pot carries to the next deal.',
  reante: 'If everyone drops, everyone antes again.',
  wimp: 'If everyone drops, the best dropped hand pays the pot.',
  'wimp-wild': 'If everyone drops, the best dropped hand and every player holding a wild card pay the pot.',
};

export function describeMoney(o: Options): string[] {
  const amount =
    o.match.kind === 'pot'
      ? "the pot's amount"
      : o.match.kind === 'burn'
        ? `${o.match.amount} chip${o.match.amount === 1 ? '' : 's'}${o.progressiveBurn ? ' (doubling each deal nobody wins)' : ''}`
        : `${o.match.percent}% of the pot`;
  const who = o.losers === 'all' ? 'Stayers who lose' : 'The worst losing hand';
  const lines = [
    o.money === 'match'
      ? `${who} ${o.match.kind === 'pot' ? (o.losers === 'all' ? 'match' : 'matches') + ' the pot' : `pay${o.losers === 'all' ? '' : 's'} ${amount} into it`}; the best hand takes the pot.`
      : `${who} pay${o.losers === 'all' ? '' : 's'} ${amount} to the winner (to each winner when several tie).`,
  ];
  if (o.loneVsDeck) {
    const pays = o.match.kind === 'pot' ? 'they match the pot' : `they pay ${amount} into the pot`;
    lines.push(
      `A player who stays alone plays the cards they were dealt against as many from the top of the deck (ties go to the deck); if the deck wins, ${pays}.`,
    );
  }
  const alone = o.loneVsDeck ? 'A player who stays alone and beats the deck' : 'A player who stays alone';
  if (o.legs !== null) {
    lines.push(`${alone} wins a leg; ${o.legs} leg${o.legs === 1 ? '' : 's'} take the pot.`);
  } else {
    lines.push(`${alone} takes the pot, and the game ends.`);
  }
  if (o.dropperAnte) lines.push('Players who drop pay a new ante into the pot.');
  lines.push(ALL_DROP[o.allDrop]);
  lines.push(o.everybodyAntes ? `Everyone antes ${o.ante} every deal.` : `Everyone antes ${o.ante} to open the pot.`);
  if (o.cap !== null) {
    lines.push(
      o.capStyle === 'reserve'
        ? `No payment over ${o.cap}: the excess goes to a reserve that refills the pot.`
        : `No payment over ${o.cap}: the excess is not paid.`,
    );
  }
  return lines;
}
