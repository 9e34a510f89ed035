import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { KeptGuilds } from '../../../src/discord/guild-cache.ts';

describe("discord.js's cache warning", () => {
  it('becomes a debug line, and every other warning still reaches the process', async () => {
    const log = pino({ level: 'silent' });
    const debug = vi.spyOn(log, 'debug');
    const seen: string[] = [];
    const listener = (w: Error) => seen.push(w.name);
    process.on('warning', listener);
    try {
      KeptGuilds.quietCacheWarning(log);
      KeptGuilds.quietCacheWarning(log); // once per process, however many bots
      process.emitWarning(
        'Overriding the cache handling for RoleManager is unsupported',
        'UnsupportedCacheOverwriteWarning',
      );
      process.emitWarning('something else', 'SomeOtherWarning');
      process.emitWarning('with options', { type: 'UnsupportedCacheOverwriteWarning' });
      await new Promise((r) => setImmediate(r));
      expect(seen).toEqual(['SomeOtherWarning']);
      expect(debug).toHaveBeenCalledTimes(2);
    } finally {
      process.off('warning', listener);
    }
  });
});
