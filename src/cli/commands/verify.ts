import { formatCards } from '../../cards/card.ts';
import { CHAIN_LENGTH, fairDeck, isHexSeed, previousSeed, seedMatches } from '../../cards/fair-deck.ts';
import { readCommandLine, type Values as ValuesOf } from '../args.ts';

export const summary =
  'check a fair deal from its values alone: its seed against the commitment, and the cards it deals';

interface Checked {
  commitment: string;
  seed: string;
  clientSeed: string;
  dealNo: number;
}

export const syntax = {
  command: 'verify',
  usage: '--commitment HEX --seed HEX --client-seed TEXT --deal N',
  details: [
    summary,
    "It reads no database: the values are the ones a deal's Verify panel shows (docs/FAIRNESS.md).",
    'N is the deal\'s number in its game: the one after "of its game" in the Verify panel\'s title.',
    'Exit 0: the seed is the committed one, and the cards it deals are printed; 1: it is not; 2: a malformed value.',
  ],
  options: {
    commitment: { type: 'string' },
    seed: { type: 'string' },
    'client-seed': { type: 'string' },
    deal: { type: 'string' },
  },
  operands: [0, 0],
} as const;

/** The values as given, or the one line that names the bad one. */
function valuesOf(given: ValuesOf<typeof syntax.options>): Checked | string {
  const { commitment, seed, deal } = given;
  const clientSeed = given['client-seed'];
  if (commitment === undefined || seed === undefined || clientSeed === undefined || deal === undefined) {
    return 'give --commitment HEX --seed HEX --client-seed TEXT --deal N (docs/FAIRNESS.md)';
  }
  if (!isHexSeed(commitment)) return `--commitment "${commitment}" is not 64 lowercase hex digits`;
  if (!isHexSeed(seed)) return `--seed "${seed}" is not 64 lowercase hex digits`;
  if (!/^\d+$/.test(deal) || Number(deal) < 1 || Number(deal) > CHAIN_LENGTH) {
    return `--deal "${deal}" is not a deal number from 1 to ${CHAIN_LENGTH}`;
  }
  return { commitment, seed, clientSeed, dealNo: Number(deal) };
}

/**
 * Where the seed sits in the chain that ends at the commitment: the deal of its game it
 * is the seed of (SHA-256 applied that many times gives the commitment), or null.
 */
function chainPosition(seed: string, commitment: string): number | null {
  let hashed = seed;
  for (let times = 1; times <= CHAIN_LENGTH; times++) {
    hashed = previousSeed(hashed);
    if (hashed === commitment) return times;
  }
  return null;
}

/**
 * Exit 0: the seed is the committed one and the deck is printed; 1: the seed does not
 * hash to the commitment (the deck it would deal is printed all the same); 2: a bad value.
 */
export async function run(args: string[]): Promise<number> {
  const line = readCommandLine(syntax, args);
  if (typeof line === 'number') return line;
  const values = valuesOf(line.values);
  if (typeof values === 'string') {
    process.stderr.write(`guts verify: ${values}\n`);
    return 2;
  }
  const { commitment, seed, clientSeed, dealNo } = values;
  const matches = seedMatches(seed, dealNo, commitment);
  const deck = fairDeck(seed, clientSeed, dealNo);
  // The table's deal number (a result's title) given for the game's: say which one the seed is.
  const position = matches ? null : chainPosition(seed, commitment);
  const elsewhere = position
    ? [
        `             it is the committed seed of deal ${position} of its game: run again with --deal ${position}`,
        '             (the number after "of its game" in the Verify panel\'s title)',
      ]
    : [];
  process.stdout.write(
    [
      `commitment   ${commitment}`,
      `server seed  ${seed}`,
      `client seed  ${clientSeed}`,
      `deal         ${dealNo}`,
      matches
        ? `seed         matches the commitment (SHA-256 applied ${dealNo} time${dealNo === 1 ? '' : 's'})`
        : `seed         DOES NOT match the commitment: this is not the committed seed of deal ${dealNo}`,
      ...elsewhere,
      `cards dealt  ${formatCards(deck)}`,
      '',
    ].join('\n'),
  );
  return matches ? 0 : 1;
}
