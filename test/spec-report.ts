import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { specReportDirVariable } from '@guts/local-discord/spec/checker.ts';

/**
 * Vitest global setup: every local Discord started by a test checks its REST traffic
 * against Discord's spec and, when it stops, appends what it checked to a file of its
 * process in one directory; at the end of the run this prints the sum as one line and
 * fails the run if any violation was left (each also failed its own test's `stop()`).
 * Each vitest project runs it; the first one's directory serves the whole run, and
 * only that one prints.
 */
export function setup(): () => void {
  if (process.env[specReportDirVariable]) return () => {};
  const dir = mkdtempSync(join(tmpdir(), 'guts-spec-checks-'));
  process.env[specReportDirVariable] = dir;
  return () => {
    const sum = { requests: 0, responses: 0, violations: 0 };
    for (const file of readdirSync(dir)) {
      for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
        if (!line) continue;
        const counts = JSON.parse(line) as typeof sum;
        sum.requests += counts.requests;
        sum.responses += counts.responses;
        sum.violations += counts.violations;
      }
    }
    rmSync(dir, { recursive: true, force: true });
    delete process.env[specReportDirVariable];
    console.log(`spec checks: ${sum.requests} requests, ${sum.responses} responses, ${sum.violations} violations`);
    if (sum.violations > 0) {
      // A throw here is only logged by vitest; the exit code is what fails CI.
      process.exitCode = 1;
      console.error(`${sum.violations} REST calls broke Discord's spec (see the failed tests)`);
    }
  };
}
