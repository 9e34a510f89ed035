import { parseCard } from '../cards/card.ts';
import { answerStep } from '../table/acknowledge.ts';
import type { Commit, CommitAndPublish } from '../table/commit-and-publish.ts';
import { checkPress, type PressRequest } from '../table/presses.ts';
import type { Member, Place, Tables } from '../table/tables.ts';
import { UserFacingError } from '../table/user-facing-error.ts';
import type { PressMessage } from './frames.ts';
import type { ActivityIdentity } from './identity.ts';
import { pageRulesCommit } from './page-rules.ts';
import { playAgainCommit } from './play-again.ts';

/** What a press needs of the page that sent it: who, where, and the table it shows (null: none). */
export interface PressingPage {
  readonly who: Pick<ActivityIdentity, 'instanceId' | 'userId' | 'launchId'>;
  readonly place: Place;
  readonly member: Member;
  readonly tableId: number | null;
}

/**
 * A page's press checked as a button's (table/presses.ts), as the commit of its step:
 * the hub runs it, answers the page, and the step is published as any other. Play again
 * opens the next game as the chat's button does (play-again.ts), and the host's rules
 * change as the chat's Rules form changes them (page-rules.ts).
 */
export async function pagePressCommit(
  deps: {
    tables: Pick<Tables, 'pressTarget' | 'endedGame' | 'openGame'>;
    commits: Pick<CommitAndPublish, 'press'>;
  },
  page: PressingPage,
  message: PressMessage,
): Promise<Commit> {
  if (page.tableId === null) throw new UserFacingError('refusal.noGame');
  // The page's request id names the step: the same request sent twice is one step.
  const key = `activity:${page.who.instanceId}:${page.who.userId}:${message.requestId}`;
  const target = { tableId: page.tableId, dealNo: message.dealNo };
  if (message.press === 'again') {
    return playAgainCommit(deps.tables, target, page.place, page.member, key, message.options ?? {});
  }
  if (message.press === 'rules') return pageRulesCommit(deps, target, page, message.options ?? {}, key);
  const request: PressRequest = {
    tableId: page.tableId,
    dealNo: message.dealNo,
    kind: message.press,
    cards: (message.cards ?? []).map(parseCard),
    ...(message.level !== undefined ? { level: message.level } : {}),
    ...(message.round !== undefined ? { round: message.round } : {}),
  };
  const checked = await checkPress(deps.tables, request, page.place, page.member);
  // Discord's value for a fair game's client seed: the instance's launch id (docs/FAIRNESS.md).
  return deps.commits.press(checked, key, page.who.launchId);
}

/**
 * Runs a page's checked press as its step and answers the page as a button's interaction
 * is answered (table/acknowledge.ts): acknowledged at once when the database is busy, or
 * once the step has taken ACK_BUDGET_MS, and answered when committed. A refusal after an
 * acknowledgement still reaches the page, as its answer.
 */
export async function runPagePress(
  commits: Pick<CommitAndPublish, 'run' | 'inFlight'>,
  commit: Commit,
  answer: { ack(): void; done(): void },
): Promise<void> {
  await answerStep(
    commits,
    commit,
    {
      ack: async () => answer.ack(),
      prepare: (committed) => committed,
      answer: async () => answer.done(),
    },
    { pressedInActivity: true },
  );
}
