import { describe, expect, it } from 'vitest';
import { Signer } from '../../../src/activity/signed.ts';

/** Tokens the server signs and reads back (signed.ts): its own, unexpired, untouched, for their purpose only. */

describe('a signed token', () => {
  const signer = new Signer('client-secret', 'ticket');

  it('reads back what it signed until it expires', () => {
    const token = signer.sign({ user: '1' }, 2_000);
    expect(signer.read<{ user: string }>(token, 1_999)).toEqual({ user: '1', exp: 2_000 });
    expect(signer.read(token, 2_000)).toBeNull();
  });

  it("refuses another key's or purpose's token, a changed payload, and what is not a token", () => {
    const token = signer.sign({ user: '1' }, 2_000);
    expect(new Signer('another secret', 'ticket').read(token, 0)).toBeNull();
    expect(new Signer('client-secret', 'session').read(token, 0)).toBeNull();
    const [, mac] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ user: '2', exp: 2_000 })).toString('base64url')}.${mac}`;
    expect(signer.read(forged, 0)).toBeNull();
    for (const bad of ['', 'abc', `${token}.x`, '.', `${token.split('.')[0]}.`, `x.${mac}`]) {
      expect(signer.read(bad, 0)).toBeNull();
    }
  });
});
