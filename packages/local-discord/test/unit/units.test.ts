import { describe, expect, it } from 'vitest';
import { compileFaultPattern, FaultInjector } from '../../src/faults.ts';
import { checkMessageLimits } from '../../src/limits.ts';
import { RateLimiter } from '../../src/ratelimit.ts';
import { SnowflakeFactory } from '../../src/snowflake.ts';

describe('snowflakes', () => {
  it('look like Discord ids and strictly increase even when the clock stalls', () => {
    const ids = new SnowflakeFactory(() => Date.UTC(2026, 0, 1));
    const made = Array.from({ length: 5000 }, () => ids.next());
    expect(made[0]).toMatch(/^\d{17,19}$/);
    for (let i = 1; i < made.length; i++) expect(BigInt(made[i] ?? 0) > BigInt(made[i - 1] ?? 0)).toBe(true);
    // The timestamp bits hold the clock's time.
    expect(Number((BigInt(made[0] ?? 0) >> 22n) + 1_420_070_400_000n)).toBe(Date.UTC(2026, 0, 1));
  });
});

describe('message limits', () => {
  it('accepts a full but legal message', () => {
    const row = {
      type: 1,
      components: [1, 2, 3, 4, 5].map((n) => ({ type: 2, style: 1, custom_id: `b${n}`, label: 'x'.repeat(80) })),
    };
    expect(checkMessageLimits({ content: 'x'.repeat(2000), components: [row] })).toEqual([]);
  });

  it('reports every violation with its path, under a prefix', () => {
    const problems = checkMessageLimits(
      {
        content: 'x'.repeat(2001),
        components: [
          {
            type: 1,
            components: [
              { type: 3, custom_id: 'pick', options: [] },
              { type: 2, style: 1, custom_id: 'b' },
            ],
          },
        ],
      },
      ['data'],
    );
    expect(problems.map((p) => [p.path.join('.'), p.code])).toEqual([
      ['data.content', 'BASE_TYPE_MAX_LENGTH'],
      ['data.components.0.components', 'COMPONENT_LAYOUT_WIDTH_EXCEEDED'],
      ['data.components.0.components.0.options', 'BASE_TYPE_BAD_LENGTH'],
    ]);
  });

  it('requires a url on link buttons and a custom id on the others', () => {
    const problems = checkMessageLimits({
      components: [
        {
          type: 1,
          components: [
            { type: 2, style: 5 },
            { type: 2, style: 2 },
          ],
        },
      ],
    });
    expect(problems.map((p) => p.path.at(-1))).toEqual(['url', 'custom_id']);
  });
});

describe('rate limiter', () => {
  it('counts per bucket and major parameter, and resets with its window', () => {
    let now = 1000;
    const limiter = new RateLimiter(
      {
        buckets: {
          'message-create': { limit: 2, windowMs: 100 },
          'message-edit': null,
          'message-delete': null,
          'message-read': null,
          webhook: null,
          'webhook-channel': null,
          'commands-write': null,
          default: null,
        },
        globalPerSecond: 3,
      },
      () => now,
    );
    expect(limiter.take('message-create', 'a', false).allowed).toBe(true);
    expect(limiter.take('message-create', 'a', false).headers['X-RateLimit-Remaining']).toBe('0');
    const refused = limiter.take('message-create', 'a', false);
    expect(refused).toMatchObject({ allowed: false, global: false, retryAfterMs: 100 });
    expect(limiter.take('message-create', 'b', true).allowed).toBe(true); // other channel, exempt from global
    expect(limiter.take('message-create', 'b', false)).toMatchObject({ allowed: false, global: true });
    now += 1000;
    expect(limiter.take('message-create', 'a', false).allowed).toBe(true);
  });
});

describe('fault patterns', () => {
  it('match method and path, a star standing for one segment', () => {
    const pattern = compileFaultPattern('POST /interactions/*/*/callback');
    expect(pattern.test('POST /interactions/123/abc/callback')).toBe(true);
    expect(pattern.test('POST /interactions/123/callback')).toBe(false);
    expect(pattern.test('GET /interactions/1/2/callback')).toBe(false);
    expect(compileFaultPattern('/channels/*').test('PATCH /channels/9')).toBe(true);
  });

  it('are used up after their count', () => {
    const faults = new FaultInjector();
    faults.add('/gateway/bot', 503, 2);
    expect(faults.take('GET', '/gateway/bot')?.status).toBe(503);
    expect(faults.take('GET', '/gateway/bot')?.status).toBe(503);
    expect(faults.take('GET', '/gateway/bot')).toBeNull();
  });
});
