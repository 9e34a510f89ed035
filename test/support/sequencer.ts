import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first (seconds on a quiet run of this machine, to
 * reorder when they change a lot). On a fresh clone vitest knows no file's duration and
 * starts the largest files first: the soak bench's test (two minutes then) started a
 * third of the way into the e2e files and ended last. Started first, the longest files run
 * beside the many short ones instead of after them.
 */
export const LONGEST_FILES = [
  'packages/harness/test/e2e/bench-soak.test.ts', // 75 (its three runs one after the other)
  'test/e2e/sharded.test.ts', // 69
  'test/e2e/restart.test.ts', // 37
  'test/e2e/private-cards.test.ts', // 37
  'packages/harness/test/browser/playground.test.ts', // 28
  'packages/harness/test/e2e/bench-base.test.ts', // 27
  'packages/harness/test/browser/game-night.test.ts', // 26
  'test/browser/activity-social.test.ts', // 25
  'test/e2e/computer-players.test.ts', // 23
  'test/e2e/anywhere-variants.test.ts', // 23
  'test/unit/ledger/crash.test.ts', // 23
  'test/e2e/load.test.ts', // 22 (36 with its presses over 20 s)
  'test/e2e/play-anywhere.test.ts', // 22
  'test/e2e/interaction-tokens.test.ts', // 21
  'test/e2e/core-variants.test.ts', // 20
  'packages/harness/test/e2e/playground/stable-ids.test.ts', // 19
  'test/e2e/shutdown.test.ts', // 19
  'test/e2e/sqlite-faults.test.ts', // 19 (the clock moved past the countdown)
  'test/e2e/more-variants.test.ts', // 18
  'test/e2e/activity/floods.test.ts', // 17
  'test/e2e/activity/page-load.test.ts', // 16
  'test/browser/activity-games.test.ts', // 16
  'packages/harness/test/browser/playground-activity.test.ts', // 15
  'test/browser/activity-page.test.ts', // 15
  'test/browser/activity-evening.test.ts', // 15
  'test/browser/activity-gallery.test.ts', // 14
  'test/unit/engine/computer.test.ts', // 11
  'test/e2e/step-faults.test.ts', // 10 (the clock ends its countdowns)
  'test/unit/db/shared-database.test.ts', // 10
  'test/e2e/activity/linked-roles.test.ts', // 8 (the clock fires the rounds)
  'test/unit/table/step-writer.test.ts', // 8
];

/**
 * vitest's order (projects by `sequence.groupOrder`, then what its cache knows), with the
 * files `LONGEST_FILES` names first in each group, longest first: what keeps a group's
 * workers busy to the end. A name that no longer names a file fails the run, so the list
 * cannot go stale by a rename.
 *
 * The e2e and browser files are mixed in their group, though each switch between the two
 * projects starts a worker (vitest keeps one only for a file of its own project). The
 * browser files as one block switched less and took about 20 s off a run, but put the
 * heaviest pages side by side: the playground's "Open table" then timed out in one run
 * of four (docs/ARCHITECTURE.md).
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const missing = LONGEST_FILES.filter((file) => !existsSync(`${root}/${file}`));
    if (missing.length > 0)
      throw new Error(`test/support/sequencer.ts names files that are gone: ${missing.join(', ')}`);
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = LONGEST_FILES.indexOf(relative(root, spec.moduleId));
      return at === -1 ? LONGEST_FILES.length : at;
    };
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    return sorted
      .map((spec, at) => ({ spec, at }))
      .sort((a, b) => group(a.spec) - group(b.spec) || rank(a.spec) - rank(b.spec) || a.at - b.at)
      .map(({ spec }) => spec);
  }
}
