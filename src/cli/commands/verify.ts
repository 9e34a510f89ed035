import { parseArgs } from 'node:util';
import { formatCards } from '../../cards/card.ts';
import { CHAIN_LENGTH, fairDeck, isHexSeed, seedMatches } from '../../cards/fair-deck.ts';

export const summary =
  'check a fair deal from its values alone: verify --commitment HEX --seed HEX --client-seed TEXT --deal N';

interface Values {
  commitment: string;
  seed: string;
  clientSeed: string;
  dealNo: number;
}

/** The values as given, or the one line that names the bad one. */
function valuesOf(args: string[]): Values | string {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (err) {
    return (err as Error).message;
  }
  const { commitment, seed, deal } = parsed.values;
  const clientSeed = parsed.values['client-seed'];
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

const parse = (args: string[]) =>
  parseArgs({
    args,
    options: {
      commitment: { type: 'string' },
      seed: { type: 'string' },
      'client-seed': { type: 'string' },
      deal: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });

/**
 * Exit 0: the seed is the committed one and the deck is printed; 1: the seed does not
 * hash to the commitment (the deck it would deal is printed all the same); 2: a bad value.
 */
export async function run(args: string[]): Promise<number> {
  const values = valuesOf(args);
  if (typeof values === 'string') {
    process.stderr.write(`guts verify: ${values}\n`);
    return 2;
  }
  const { commitment, seed, clientSeed, dealNo } = values;
  const matches = seedMatches(seed, dealNo, commitment);
  const deck = fairDeck(seed, clientSeed, dealNo);
  process.stdout.write(
    [
      `commitment   ${commitment}`,
      `server seed  ${seed}`,
      `client seed  ${clientSeed}`,
      `deal         ${dealNo}`,
      matches
        ? `seed         matches the commitment (SHA-256 applied ${dealNo} time${dealNo === 1 ? '' : 's'})`
        : `seed         DOES NOT match the commitment: this is not the committed seed of deal ${dealNo}`,
      `cards dealt  ${formatCards(deck)}`,
      '',
    ].join('\n'),
  );
  return matches ? 0 : 1;
}
