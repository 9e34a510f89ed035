import { interactiveComponents } from '@guts/local-discord';
import { describe, expect, it } from 'vitest';
import { parseButtonId } from '../../../src/discord/custom-id.ts';
import { lobbyView } from '../../../src/discord/views/lobby.ts';
import { tableView } from '../../../src/discord/views/table-card.ts';
import { apply, createGame, type GameState, publicView } from '../../../src/engine/index.ts';

const json = (v: unknown) => JSON.parse(JSON.stringify(v));

function seated(): GameState {
  let s = createGame({ variant: 'three-card', options: {}, rng: [1, 2, 3, 4], host: 'u0' });
  for (const [i, name] of ['Ann', 'Bob'].entries()) s = apply(s, { type: 'join', playerId: `u${i}`, name }).state;
  return s;
}

/** The buttons of a message, as `{ action, label }` from their custom ids. */
function buttons(components: unknown): { action: string | undefined; label: string }[] {
  return (interactiveComponents(json({ components })) as { type: number; custom_id: string; label: string }[])
    .filter((c) => c.type === 2)
    .map((c) => ({ action: parseButtonId(c.custom_id)?.action, label: c.label }));
}

describe('Open table', () => {
  const lobby = seated();
  const dealt = apply(lobby, { type: 'startDeal', by: 'u0' }).state;

  it('is offered on the lobby and the table card when the bot serves an Activity', () => {
    const target = { tableId: 7, dealNo: 1, openTable: true };
    expect(buttons(lobbyView(target, publicView(lobby)).components)).toContainEqual({
      action: 'open',
      label: 'Open table',
    });
    const card = tableView({
      target,
      view: publicView(dealt),
      deadline: null,
      restarted: false,
      picture: null,
      hasBoardImage: false,
    });
    expect(buttons(card.components)).toContainEqual({ action: 'open', label: 'Open table' });
  });

  it('is not offered when the bot serves none (ACTIVITY_PORT unset)', () => {
    const target = { tableId: 7, dealNo: 1 };
    expect(buttons(lobbyView(target, publicView(lobby)).components).map((b) => b.action)).not.toContain('open');
    const card = tableView({
      target,
      view: publicView(dealt),
      deadline: null,
      restarted: false,
      picture: null,
      hasBoardImage: false,
    });
    expect(buttons(card.components).map((b) => b.action)).not.toContain('open');
  });
});
