import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    // End-to-end and database tests start servers and child processes; give them room.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Sums what each local Discord checked against Discord's spec: "spec checks: N requests, M responses, 0 violations".
    globalSetup: ['test/spec-report.ts'],
  },
});
