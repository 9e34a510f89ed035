import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { profileThisThread } from '../../../src/load/profile.ts';

describe('profileThisThread', () => {
  const saved = process.env.LOAD_CPU_PROF;
  afterEach(() => {
    if (saved === undefined) delete process.env.LOAD_CPU_PROF;
    else process.env.LOAD_CPU_PROF = saved;
  });

  it('writes a CPU profile of the work between start and stop where LOAD_CPU_PROF says', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guts-profile-'));
    try {
      process.env.LOAD_CPU_PROF = dir;
      const stop = await profileThisThread();
      const until = Date.now() + 50;
      let spin = 0;
      while (Date.now() < until) spin++;
      await stop();
      const files = readdirSync(dir);
      expect(spin).toBeGreaterThan(0);
      expect(files).toHaveLength(1);
      const profile = JSON.parse(readFileSync(join(dir, files[0] as string), 'utf8')) as { samples: number[] };
      expect(profile.samples.length).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
