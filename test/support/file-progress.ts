import type { Reporter, TestModule } from 'vitest/node';

/**
 * The e2e and browser run's live output in `npm test` (test/run-layers.js): a line a file
 * as it ends, and nothing else. The report of every layer, failures in full and the
 * counts, comes once both runs are done; vitest's own reporters would each add a summary
 * of this run alone before it.
 */
export default class FileProgress implements Reporter {
  onTestModuleEnd(module: TestModule): void {
    // The tests that ran: under `-t`, a file's others are skipped.
    const tests = [...module.children.allTests()].filter((test) => test.result().state !== 'skipped');
    const failed = tests.filter((test) => test.result().state === 'failed').length;
    const mark = module.ok() ? '✓' : '×';
    // Its tests and hooks, as vitest's own line says: the file's import is not in it.
    const seconds = (module.diagnostic().duration / 1000).toFixed(1);
    const counts =
      failed > 0 ? `${failed} of ${tests.length} tests failed` : `${tests.length} test${tests.length === 1 ? '' : 's'}`;
    console.log(` ${mark} ${module.project.name} ${module.relativeModuleId} (${counts}) ${seconds} s`);
  }
}
