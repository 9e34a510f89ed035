import type { StepListener, StepResult } from '../../../src/table/steps.ts';

/**
 * The part of a step listener that CommitAndPublish tells, written down: `committed vN`
 * and `publish vN` in `said` in the order they came, each published step kept.
 */
export function recordingListener(
  said: string[],
  published: StepResult[],
): Pick<StepListener, 'committed' | 'publish'> {
  return {
    committed: (step) => said.push(`committed v${step.record.version}`),
    publish: (step) => {
      said.push(`publish v${step.record.version}`);
      published.push(step);
    },
  };
}
