import { RESTJSONErrorCodes, type ResponseLike } from 'discord.js';
import { isInteractionCallback } from './callback-first-dispatcher.ts';

/** discord.js's request function (RESTOptions.makeRequest). */
export type MakeRequest = (url: string, init: RequestInit) => Promise<ResponseLike>;

/** Callbacks remembered as failed at once, at most (each is forgotten at its next attempt). */
const REMEMBERED = 1_000;

/**
 * An interaction's answer that Discord applied but reported as failed (a 5xx, or the
 * connection lost on the way back) is sent again by discord.js, and Discord refuses the
 * repeat: "Interaction has already been acknowledged" (40060). The answer Discord holds
 * is this very one, so the repeat is taken as done, answered as Discord answers a
 * callback (204): discord.js marks the interaction answered and the step goes on (a
 * deferred answer is edited) instead of failing with its press committed and nothing
 * shown. A 40060 with no failed attempt before it is an answer given twice: it stays an
 * error. A callback asking for its response (`with_response`) is left as it is.
 */
export function appliedCallbacks(makeRequest: MakeRequest): MakeRequest {
  const failed = new Set<string>();
  const remember = (url: string) => {
    failed.add(url);
    const oldest = failed.values().next().value;
    if (failed.size > REMEMBERED && oldest !== undefined) failed.delete(oldest);
  };
  return async (url, init) => {
    const { pathname, searchParams } = new URL(url);
    if (!isInteractionCallback(pathname) || searchParams.get('with_response') === 'true') {
      return makeRequest(url, init);
    }
    let response: ResponseLike;
    try {
      response = await makeRequest(url, init);
    } catch (err) {
      remember(url);
      throw err;
    }
    if (response.status >= 500) {
      remember(url);
      return response;
    }
    if (!failed.delete(url) || response.status !== 400) return response;
    const text = await response.text();
    if (errorCode(text) === RESTJSONErrorCodes.InteractionHasAlreadyBeenAcknowledged) {
      return new Response(null, { status: 204 });
    }
    // Any other refusal, as it came (its body read here, so given anew).
    return new Response(text, { status: response.status, headers: response.headers });
  };
}

function errorCode(body: string): unknown {
  try {
    return (JSON.parse(body) as { code?: unknown }).code;
  } catch {
    return undefined;
  }
}
