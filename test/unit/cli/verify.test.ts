import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run } from '../../../src/cli/commands/verify.ts';
import { captureOutput } from '../../support/captured-output.ts';

/** `guts verify`: docs/FAIRNESS.md's vector 2, checked from the values alone. */
const COMMITMENT = 'b1d9cbc9b25b33c4319fe17a4570d649eaa801b5a7c167648af937d307720496';
const SEED_2 = '66ce793296b920ed41f3bc9d7ec4cfc756ab3363c6945f9d9b516a686f5830f4';
const CLIENT = '1234567890123456789-1234567890123456790 café ♠';
const DECK_2 =
  'Ts 4h 8h Kd Js Qd 3s 2c 6c 4s 8d Tc 6s 7c 8s 5d 2h Jd 4c Qs 4d 5h 9c Th 9d Kc Qh 6h 5s 3d As Qc 6d 9s 9h Ad 3c Ks Jh Td 3h 2d 8c Kh 2s 7s Jc Ah 7h Ac 5c 7d';

const args = (values: Record<string, string>) => Object.entries(values).flatMap(([k, v]) => [`--${k}`, v]);
const good = { commitment: COMMITMENT, seed: SEED_2, 'client-seed': CLIENT, deal: '2' };

describe('guts verify', () => {
  afterEach(() => vi.restoreAllMocks());

  it('exits 0 and prints the cards dealt in order when the seed is the committed one', async () => {
    const io = captureOutput();
    expect(await run(args(good))).toBe(0);
    expect(io.out()).toContain('matches the commitment (SHA-256 applied 2 times)');
    expect(io.out()).toContain(`cards dealt  ${DECK_2}`);
    expect(io.err()).toBe('');
  });

  it('exits 1 and says so when the seed does not hash to the commitment', async () => {
    const io = captureOutput();
    expect(await run(args({ ...good, deal: '3' }))).toBe(1);
    expect(io.out()).toContain('DOES NOT match the commitment: this is not the committed seed of deal 3');
    // The seed is deal 2's of its game (a table's deal 3, say): the answer names the number to give.
    expect(io.out()).toContain('it is the committed seed of deal 2 of its game: run again with --deal 2');
    expect(await run(args({ ...good, seed: COMMITMENT, deal: '1' }))).toBe(1);
  });

  it.each([
    [{ ...good, seed: 'xyz' }, '--seed "xyz" is not 64 lowercase hex digits'],
    [{ ...good, commitment: COMMITMENT.toUpperCase() }, `--commitment "${COMMITMENT.toUpperCase()}" is not 64`],
    [{ ...good, deal: '0' }, '--deal "0" is not a deal number from 1 to 1024'],
    [{ ...good, deal: 'two' }, '--deal "two" is not a deal number'],
    [
      { commitment: COMMITMENT, seed: SEED_2, deal: '2' },
      'give --commitment HEX --seed HEX --client-seed TEXT --deal N',
    ],
    [{ ...good, colour: 'red' }, "Unknown option '--colour'"],
  ])('exits 2 with one line naming a malformed value (%#)', async (values, message) => {
    const io = captureOutput();
    expect(await run(args(values))).toBe(2);
    expect(io.err()).toContain(message);
    expect(io.err().trim().split('\n')).toHaveLength(1);
    expect(io.out()).toBe('');
  });

  it('runs from the command line with no database', () => {
    const bin = resolve(__dirname, '../../../bin/guts.js');
    const ok = spawnSync(process.execPath, [bin, 'verify', ...args(good)], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain(DECK_2);
    const bad = spawnSync(process.execPath, [bin, 'verify', ...args({ ...good, deal: '5' })], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
  });
});
