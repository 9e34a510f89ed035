import { describe, expect, it } from 'vitest';
import { appliedCallbacks, type MakeRequest } from '../../../src/discord/applied-callbacks.ts';

/**
 * discord.js's request function wrapped so that an interaction answer Discord applied but
 * reported as failed is not failed: each fake below answers a URL's attempts in turn.
 */

const CALLBACK = 'https://discord.com/api/v10/interactions/1/tok/callback';
const acknowledged = () =>
  new Response(JSON.stringify({ code: 40060, message: 'Interaction has already been acknowledged.' }), {
    status: 400,
    headers: { 'content-type': 'application/json' },
  });

/** A request function that answers with `answers` one after another, writing down each URL. */
function scripted(...answers: (() => Response | Error)[]) {
  const asked: string[] = [];
  const makeRequest: MakeRequest = async (url) => {
    asked.push(url);
    const next = answers.shift();
    if (!next) throw new Error('no answer left');
    const answer = next();
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { asked, wrapped: appliedCallbacks(makeRequest) };
}

describe('an interaction callback Discord applied but reported as failed', () => {
  it('takes "already acknowledged" after a 5xx as the answer it was', async () => {
    const { wrapped, asked } = scripted(() => new Response('', { status: 500 }), acknowledged);
    expect((await wrapped(CALLBACK, {})).status).toBe(500);
    expect((await wrapped(CALLBACK, {})).status).toBe(204);
    expect(asked).toEqual([CALLBACK, CALLBACK]);
  });

  it('and after a connection lost on the way back', async () => {
    const { wrapped } = scripted(() => new Error('socket hang up'), acknowledged);
    await expect(wrapped(CALLBACK, {})).rejects.toThrow('socket hang up');
    expect((await wrapped(CALLBACK, {})).status).toBe(204);
  });

  it('leaves an answer given twice an error: no failure came before it', async () => {
    const { wrapped } = scripted(acknowledged);
    const response = await wrapped(CALLBACK, {});
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 40060 });
  });

  it('gives another refusal after a 5xx back whole, and forgets the failure once retried', async () => {
    const { wrapped } = scripted(
      () => new Response('', { status: 502 }),
      () => new Response(JSON.stringify({ code: 10062, message: 'Unknown interaction' }), { status: 404 }),
      () => new Response('', { status: 503 }),
      () => new Response(JSON.stringify({ code: 50035, message: 'Invalid Form Body' }), { status: 400 }),
      acknowledged,
    );
    await wrapped(CALLBACK, {});
    expect((await wrapped(CALLBACK, {})).status).toBe(404);
    await wrapped(CALLBACK, {});
    const refused = await wrapped(CALLBACK, {});
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 50035 });
    // The failure was spent on the retry that came back: a later 40060 is a second answer.
    expect((await wrapped(CALLBACK, {})).status).toBe(400);
  });

  it('touches no other route, and no callback that asks for its response', async () => {
    const { wrapped } = scripted(
      () => new Response('', { status: 500 }),
      acknowledged,
      () => new Response('', { status: 500 }),
      acknowledged,
    );
    const webhook = 'https://discord.com/api/v10/webhooks/1/tok/messages/@original';
    await wrapped(webhook, {});
    expect((await wrapped(webhook, {})).status).toBe(400);
    const withResponse = `${CALLBACK}?with_response=true`;
    await wrapped(withResponse, {});
    expect((await wrapped(withResponse, {})).status).toBe(400);
  });

  it('remembers a bounded number of failed callbacks', async () => {
    const failures = Array.from({ length: 1_001 }, () => () => new Response('', { status: 500 }));
    const { wrapped } = scripted(...failures, acknowledged, acknowledged);
    for (let i = 0; i <= 1_000; i++) await wrapped(`https://discord.com/api/v10/interactions/${i}/tok/callback`, {});
    // The oldest was let go to keep the memory flat; the newest is still known.
    expect((await wrapped('https://discord.com/api/v10/interactions/0/tok/callback', {})).status).toBe(400);
    expect((await wrapped('https://discord.com/api/v10/interactions/1000/tok/callback', {})).status).toBe(204);
  });
});
