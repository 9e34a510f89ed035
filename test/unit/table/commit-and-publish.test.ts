import { describe, expect, it, vi } from 'vitest';
import { CommitAndPublish } from '../../../src/table/commit-and-publish.ts';
import type { CheckedPress } from '../../../src/table/presses.ts';
import type { StepResult } from '../../../src/table/steps.ts';
import { UserFacingError } from '../../../src/table/user-facing-error.ts';
import { recordingListener } from './recording-listener.ts';
import { silentLog } from './tables-fixture.ts';

/**
 * The one way a step goes (table/commit-and-publish.ts): committed (told at once),
 * answered by whoever asked, then published once, even when answering failed; a commit
 * that fails publishes nothing.
 */

const stepOf = (version: number) => ({ record: { version } }) as unknown as StepResult;

function world(act: (...args: unknown[]) => Promise<StepResult | null> = async () => stepOf(2)) {
  const said: string[] = [];
  const published: StepResult[] = [];
  const tables = { act: vi.fn(act), inFlight: 3 };
  const commits = new CommitAndPublish({
    tables,
    listener: recordingListener(said, published),
    log: silentLog,
  });
  return { said, published, tables, commits };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('the one way a step goes', () => {
  it('tells the step committed, lets its asker answer, then publishes it once', async () => {
    const { said, commits } = world();
    const answered = await commits.run(
      async () => ({ step: stepOf(2), extra: 'lobby' }),
      async (committed) => {
        said.push('answer begins');
        const { extra } = await committed;
        said.push(`answered ${extra}`);
        return 'done';
      },
    );
    await settled();
    expect(answered).toBe('done');
    expect(said).toEqual(['answer begins', 'committed v2', 'answered lobby', 'publish v2']);
    expect(commits.inFlight).toBe(3);
  });

  it('publishes a committed step even when answering failed, and nothing when the commit failed', async () => {
    const { said, commits } = world();
    await expect(
      commits.run(
        async () => ({ step: stepOf(2) }),
        async (committed) => {
          await committed;
          throw new Error('interaction gone');
        },
      ),
    ).rejects.toThrow('interaction gone');
    await settled();
    expect(said).toEqual(['committed v2', 'publish v2']);
    said.length = 0;
    await expect(
      commits.run(
        async () => {
          throw new UserFacingError('refusal.gameOver');
        },
        async (committed) => void (await committed),
      ),
    ).rejects.toThrow(UserFacingError);
    await settled();
    expect(said).toEqual([]);
  });

  it('marks a step pressed in the Activity as such when it publishes it, and publishes one nobody answers', async () => {
    const { published, commits } = world();
    await commits.run(
      async () => ({ step: stepOf(2) }),
      async (c) => void (await c),
      { pressedInActivity: true },
    );
    await settled();
    expect(published[0]?.pressedInActivity).toBe(true);
    expect(await commits.unanswered(async () => ({ step: stepOf(3) }))).toEqual(stepOf(3));
    await settled();
    expect(published.map((s) => s.record.version)).toEqual([2, 3]);
    expect(published[1]?.pressedInActivity).toBeUndefined();
    expect(await commits.unanswered(async () => ({ step: null }))).toBeNull();
    await settled();
    expect(published).toHaveLength(2);
  });
});

describe('a surface that throws while it is told of a step', () => {
  it('is logged, the asker still answered and nothing left for the process to die of', async () => {
    const errors: string[] = [];
    const log = { ...silentLog, error: (_: unknown, message: string) => void errors.push(message) } as typeof silentLog;
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const broken = () => {
        throw new Error('a view that cannot be drawn');
      };
      const commits = new CommitAndPublish({
        tables: { act: vi.fn(), inFlight: 0 },
        listener: { committed: broken, publish: broken },
        log,
      });
      const answered = await commits.run(
        async () => ({ step: stepOf(2) }),
        async (committed) => (await committed).step?.record.version,
      );
      await settled();
      await settled();
      expect(answered).toBe(2);
      expect(errors).toEqual(["a step's committed listener failed", "a step's publish listener failed"]);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe("a checked press's commit", () => {
  const press = (more: Partial<CheckedPress> = {}): CheckedPress =>
    ({
      table: { record: { id: 7 } },
      action: { type: 'leave', playerId: '1' },
      member: { id: '1', name: 'Ann' },
      ...more,
    }) as CheckedPress;

  it('acts on the table under its key, with its dry run and the id Discord made', async () => {
    const { tables, commits } = world();
    const checked = press();
    expect(await commits.press(checked, 'key-1', 'launch-1')()).toEqual({ step: stepOf(2) });
    expect(tables.act).toHaveBeenCalledWith(7, 'key-1', checked.action, checked.member, undefined, 'launch-1');
  });

  it('commits nothing for a repeat, and takes a refusal that means the earlier press committed first as done', async () => {
    const { tables, commits } = world(async () => {
      throw new UserFacingError('refusal.dealOver');
    });
    expect(await commits.press(press({ action: null }), 'k')()).toEqual({ step: null });
    expect(tables.act).not.toHaveBeenCalled();
    expect(await commits.press(press({ repeated: () => true }), 'k')()).toEqual({ step: null });
    await expect(commits.press(press({ repeated: () => false }), 'k')()).rejects.toThrow(UserFacingError);
    await expect(commits.press(press(), 'k')()).rejects.toThrow(UserFacingError);
  });
});
