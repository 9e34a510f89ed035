import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { buildChain, type FairChain, isFairChain } from '../../src/cards/fair-deck.ts';
import { FairChains } from '../../src/table/fair-chains.ts';

/** A builder whose answers the test hands out: what was asked, and a way to answer or fail each ask. */
function heldBuilder() {
  const asks: { count: number; answer: (chains: FairChain[]) => void; fail: (err: Error) => void }[] = [];
  let made = 0;
  const chainsOf = (count: number) =>
    Array.from({ length: count }, () => buildChain((++made).toString(16).padStart(64, '0')));
  const build = (count: number) => new Promise<FairChain[]>((answer, fail) => asks.push({ count, answer, fail }));
  return { asks, build, chainsOf };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

function logged() {
  const lines: { msg: string }[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line) as { msg: string }) });
  return { log, lines };
}

describe('fair chains built ahead', () => {
  it('builds nothing before the first game, then one here, and asks for the rest in batches, one ask at a time', async () => {
    const b = heldBuilder();
    const chains = new FairChains(b.build, logged().log, 6);
    expect(b.asks).toHaveLength(0); // an idle bot builds none
    const first = chains.take(); // none ready: built here, at once
    expect(isFairChain(first)).toBe(true);
    expect(b.asks.map((a) => a.count)).toEqual([4]);
    chains.take(); // still asking: built here again, no second ask
    expect(b.asks).toHaveLength(1);
    b.asks[0]?.answer(b.chainsOf(4));
    await settle();
    expect(chains.readyCount).toBe(4);
    expect(b.asks.map((a) => a.count)).toEqual([4, 2]); // then up to the six kept
    b.asks[1]?.answer(b.chainsOf(2));
    await settle();
    expect(chains.readyCount).toBe(6);
    expect(b.asks).toHaveLength(2);
  });

  it('hands out the chains built ahead, each once, oldest first', async () => {
    const b = heldBuilder();
    const chains = new FairChains(b.build, logged().log, 4);
    chains.take();
    const ahead = b.chainsOf(4);
    b.asks[0]?.answer(ahead);
    await settle();
    const taken = [chains.take(), chains.take(), chains.take(), chains.take()];
    expect(taken).toEqual(ahead);
    expect(new Set(taken.map((c) => c.commitment)).size).toBe(4);
  });

  it('logs a failed ask and goes on building here; the next game asks again', async () => {
    const b = heldBuilder();
    const { log, lines } = logged();
    const chains = new FairChains(b.build, log, 4);
    chains.take();
    b.asks[0]?.fail(new Error('writer thread gone'));
    await settle();
    expect(lines.map((l) => l.msg)).toEqual(['cannot build fair chains ahead: games open with one built then']);
    expect(isFairChain(chains.take())).toBe(true);
    expect(b.asks).toHaveLength(2);
  });
});
