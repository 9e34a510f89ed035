import { describe, expect, it } from 'vitest';
import { EditCoalescer } from '../../../src/discord/coalescer.ts';

describe('coalesced edits', () => {
  it('turns a burst of requests into one edit with the latest content', async () => {
    const sent: string[] = [];
    const editor = new EditCoalescer<string>(
      async (key, payload) => {
        sent.push(`${key}=${payload}`);
      },
      () => {},
      5,
    );
    for (let i = 1; i <= 10; i++) editor.request('t1', () => `v${i}`);
    editor.request('t2', () => 'only');
    await editor.idle();
    expect(sent.sort()).toEqual(['t1=v10', 't2=only']);
  });

  it('sends a request made during an edit once that edit finishes, never two at once', async () => {
    const sent: string[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    let release: () => void = () => {};
    const editor = new EditCoalescer<string>(
      async (_key, payload) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        sent.push(payload);
        if (payload === 'first') await new Promise<void>((r) => (release = r));
        inFlight--;
      },
      () => {},
      1,
    );
    editor.request('t', () => 'first');
    await new Promise((r) => setTimeout(r, 20));
    editor.request('t', () => 'second');
    editor.request('t', () => 'third');
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toEqual(['first']);
    release();
    await editor.idle();
    expect(sent).toEqual(['first', 'third']);
    expect(maxInFlight).toBe(1);
  });

  it('reports a failed edit and carries on', async () => {
    const errors: string[] = [];
    const sent: string[] = [];
    const editor = new EditCoalescer<string>(
      async (_key, payload) => {
        if (payload === 'bad') throw new Error('boom');
        sent.push(payload);
      },
      (key, err) => errors.push(`${key}:${(err as Error).message}`),
      1,
    );
    editor.request('t', () => 'bad');
    await editor.idle();
    editor.request('t', () => 'good');
    await editor.idle();
    expect(errors).toEqual(['t:boom']);
    expect(sent).toEqual(['good']);
  });

  it("tells when one table's edits are done, while another's are still held up", async () => {
    let releaseB: () => void = () => {};
    let startedB: () => void = () => {};
    const bStarted = new Promise<void>((r) => (startedB = r));
    const sent: string[] = [];
    const editor = new EditCoalescer<string>(
      async (key) => {
        sent.push(key);
        if (!key.startsWith('2:')) return;
        startedB();
        await new Promise<void>((r) => (releaseB = r));
      },
      () => {},
      1,
    );
    editor.request('1:a', () => 'x');
    editor.request('1:b', () => 'y');
    editor.request('2:a', () => 'z');
    let tableOneDone = false;
    const one = editor
      .idleFor((k) => k.startsWith('1:'))
      .then(() => {
        tableOneDone = sent.includes('1:a') && sent.includes('1:b');
      });
    await Promise.all([one, bStarted]);
    expect(tableOneDone).toBe(true);
    expect(editor.size).toBe(1); // table 2's edit is still in flight
    releaseB();
    await editor.idle();
    expect(editor.size).toBe(0);
    await editor.idleFor(() => true); // nothing held: at once
  });
});
