import { type InteractionHandle, interactiveComponents } from '@guts/local-discord';
import { type APIMessage, InteractionResponseType } from 'discord-api-types/v10';
import { expect } from 'vitest';
import { awaiting, type GameState, isComputerId } from '../../src/engine/index.ts';
import { asTableNotes, tableDealNo } from '../../src/table/table-notes.ts';
import type { World } from './world.ts';

function findButton(message: APIMessage, action: string): string | undefined {
  for (const c of interactiveComponents(message) as { custom_id?: string }[]) {
    if (c.custom_id?.endsWith(`:${action}`)) return c.custom_id;
  }
  return undefined;
}

/** The message has this button (by its whole custom id). */
const hasButton = (message: APIMessage, customId: string): boolean =>
  (interactiveComponents(message) as { custom_id?: string }[]).some((c) => c.custom_id === customId);

/** The custom id of the message's button for an action (labels change: "Drop (costs 3)"). */
export function buttonId(message: APIMessage, action: string): string {
  const id = findButton(message, action);
  if (!id) throw new Error(`no ${action} button on message ${message.id}`);
  return id;
}

export type Decide = (ctx: { dealNo: number; round: number; player: string; state: GameState }) => 'stay' | 'drop';

/**
 * Plays the running game through the channel until it is over, as people would:
 * each pending person (computers play for themselves) presses Stay or Drop (Take a card, where a variant deals face
 * up) on the live table message. Returns the number of deals played.
 */
export async function playToEnd(world: World, decide: Decide, maxDeals = 12): Promise<number> {
  for (let guard = 0; guard < 200; guard++) {
    const record = await world.tableRecord();
    const state = record.state as GameState;
    const w = awaiting(state);
    if (w.kind === 'over') return state.dealNo;
    if (state.dealNo > maxDeals) throw new Error(`the game is still going after ${maxDeals} deals`);
    // Messages number the table's deals (they run on across games), the state its game's.
    const tableDeal = tableDealNo(asTableNotes(record.messages), state.dealNo);
    const answers: string[] = [];
    if (w.kind === 'declare' || w.kind === 'take') {
      const movers = 'turn' in w && w.turn ? [w.turn] : w.pending;
      // Computers play for themselves.
      for (const id of movers.filter((p) => !isComputerId(p))) {
        const player = world.nameOf(id);
        const choice = decide({ dealNo: state.dealNo, round: w.kind === 'declare' ? w.round : 0, player, state });
        const action = choice === 'drop' ? 'drop' : w.kind === 'take' ? 'take' : 'stay';
        // The table message is edited shortly after each step: wait for the version that
        // offers the move (its button names the deal: found so in any language).
        const move = `g:${record.id}:${tableDeal}:${action}`;
        const table = await world.waitFor((m) => hasButton(m, move));
        const press = world.press(player, table, move);
        // Answered by the player's private message (new, or edited in place: then the
        // press only acknowledges the table message it came from): never a public one.
        if (!(await answeredQuietly(press))) {
          let answer = await press.response();
          expect(answer.flags, `${player}'s answer is private`).toBe(64);
          // Cards the deal never showed this player (a restored bot has no token) come first,
          // with the move on them: nobody chooses blind. The move pressed there counts.
          if (hasButton(answer, move)) answer = await world.press(player, answer, move).response();
          answers.push(`${player}: ${answer.content}`);
        }
      }
    }
    if (w.kind === 'pass' || w.kind === 'discard' || w.kind === 'draw') {
      const table = await world.waitForTitle(new RegExp(`: deal ${tableDeal}$`));
      for (const id of w.pending) {
        const player = world.nameOf(id);
        // My cards answers privately with the picker: pass the first card, or keep them all.
        const mine = await world.press(player, table, 'My cards').response();
        const answer =
          w.kind === 'pass'
            ? await world.discord
                .selectOptions(world.user(player), mine, buttonId(mine, 'pass'), [
                  String(state.deal?.hands[id]?.[0] ?? ''),
                ])
                .response()
            : await world.press(player, mine, 'Keep my cards').response();
        // The pick redraws the private message its menu was on: the cards, the picker gone
        // (or, where the pick ended the deal, a line saying what was done).
        expect(answer.id).toBe(mine.id);
        expect(answer.content).toMatch(/\*\*Your cards\*\*|passed|keep|Swapped/);
        expect(JSON.stringify(answer.components ?? [])).not.toMatch(/:(pass|swap|keep)"/);
      }
    }
    await world
      .until((s) => JSON.stringify(s) !== JSON.stringify(state) || awaiting(s).kind === 'over')
      .catch((error: Error) => {
        // A press refused (a stale message, a rule) is answered privately too: say what each said.
        throw new Error(`${error.message}; the presses were answered ${JSON.stringify(answers)}`);
      });
    if (w.kind === 'between-deals') await world.until((s) => s.dealNo !== state.dealNo || s.phase === 'over');
  }
  throw new Error('the game did not finish');
}

/** Deal 1: everyone stays (a real showdown). Later deals: the host alone stays, takes the pot, game over. */
export const showdownThenHostAlone =
  (host: string): Decide =>
  ({ dealNo, player }) =>
    dealNo === 1 || player === host ? 'stay' : 'drop';

/** Pressed and acknowledged with a deferred update of the message it is on (type 6): nothing new is posted. */
export async function answeredQuietly(handle: InteractionHandle): Promise<boolean> {
  return (await handle.acknowledged()).type === InteractionResponseType.DeferredMessageUpdate;
}

/**
 * A choice is answered quietly (the press acknowledges the table message, and the
 * player's private message is edited to show it) or, where that message cannot be
 * edited any more, by a new private message: either way the player reads `shown` there.
 */
export async function choiceShown(world: World, player: string, handle: InteractionHandle, shown: RegExp) {
  if (!(await answeredQuietly(handle))) {
    const answer = await handle.response();
    expect(answer.flags ?? 0, `${player}'s answer is private`).toBe(64);
    expect(answer.content).toMatch(shown);
    return answer;
  }
  return world.waitFor((m) => (m.flags ?? 0) === 64 && shown.test(m.content ?? ''), player);
}

/** A private answer (only its user sees it), checked to be one. */
export async function privately(answer: Promise<APIMessage>): Promise<APIMessage> {
  const message = await answer;
  expect(message.flags ?? 0).toBe(64);
  return message;
}

/** The channel routes the bot called since the counts were reset: none where it rides interaction tokens only. */
export function channelCalls(world: World): string[] {
  return Object.keys(world.discord.requestCounts().byRoute).filter((r) => r.includes('/channels/'));
}

/**
 * Each player's cards reached them alone: in private messages (flag 64) nobody else
 * sees, and never in a public one. Messages in `earlier` (another game's) are left out.
 */
export function expectCardsPrivate(world: World, names: string[], earlier: ReadonlySet<string> = new Set()): void {
  const cards = (m: APIMessage) => !earlier.has(m.id) && /\*\*Your cards\*\*/.test(m.content ?? '');
  expect(world.messages().filter(cards), 'no cards in public').toEqual([]);
  for (const name of names) {
    const mine = world.messages(name).filter(cards);
    expect(mine.length, `${name} got private cards`).toBeGreaterThan(0);
    expect(mine.every((m) => (m.flags ?? 0) & 64)).toBe(true);
    for (const other of names.filter((o) => o !== name)) {
      const ids = new Set(world.messages(other).map((m) => m.id));
      expect(
        mine.some((m) => ids.has(m.id)),
        `${other} does not see ${name}'s cards`,
      ).toBe(false);
    }
  }
}

/** The presets Discord's autocomplete offers `as`, typing `typed` into /guts start's preset option. */
export function presetsOffered(world: World, as: string, typed: string) {
  const typing = { subcommand: 'start', options: { preset: typed } };
  return world.discord.autocomplete(world.user(as), world.channel, 'guts', typing, 'preset').choices();
}

/** Ann opens a table of `variant` (ante 5), the others sit down, Ann deals: resolves to the lobby message. */
export async function openAndDeal(
  world: World,
  variant: string,
  others: string[] = ['bob', 'cat'],
): Promise<APIMessage> {
  const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant, ante: 5 } });
  for (const name of others) await world.press(name, lobby, 'Join').response();
  await world.press('ann', lobby, 'Deal').acknowledged();
  return lobby;
}
