import type { Commit, CommitAndPublish } from '../table/commit-and-publish.ts';
import { checkOptions, optionsTarget } from '../table/presses.ts';
import type { Member, Place, Tables } from '../table/tables.ts';
import type { OptionChanges } from './option-changes.ts';

/**
 * The host's rules changed on the page in the lobby: the chat's Rules form's one way
 * (discord/handlers/rules.ts). `optionsTarget` finds the table the page shows, still live
 * and in its lobby, and has the engine refuse anyone but its host; `checkOptions` dry-runs
 * the changes as one `setOptions` step. Unlike the chat's form, whose fields are typed
 * one at a time, the page's panel is sent whole: a change the rule book refuses (a cap
 * below the ante, a table too full for its new rules) refuses it all, with why, and the
 * panel keeps what the host typed.
 */
export async function pageRulesCommit(
  deps: { tables: Pick<Tables, 'pressTarget'>; commits: Pick<CommitAndPublish, 'press'> },
  target: { tableId: number; dealNo: number },
  page: { place: Place; member: Member },
  changes: OptionChanges,
  key: string,
): Promise<Commit> {
  const table = await optionsTarget(deps.tables, target, page.place, page.member);
  const checked = checkOptions(table, page.member, changes);
  const [refused] = checked.refused;
  if (refused) throw refused.err;
  return deps.commits.press(checked.press, key);
}
