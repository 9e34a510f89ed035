import { type Action, awaiting, type ComputerLevel, computerMove, type GameState } from '../../../src/engine/index.ts';
import { ANN, BOB, CAT, openTable, type TablesFixture } from './tables-fixture.ts';

/** One game of a history test: where, which variant, who sits beside Ann and Bob, how many deals. */
export interface PlayedGame {
  guild: string;
  variant: string;
  cat: boolean;
  computer: ComputerLevel | null;
  deals: number;
}

/**
 * Plays `g` on the table layer, every move the test's: Bob (and Cat) join Ann's table, a
 * computer if asked, then each seat plays as a computer of its level (people as balanced)
 * until `g.deals` are dealt and Ann stops the game. `beforeNextDeal(dealt)` runs between
 * deals (where a test moves its clock); `key` makes each step's unique key.
 */
export async function playGame(
  fx: TablesFixture,
  g: PlayedGame,
  key: (prefix: string) => string,
  beforeNextDeal: (dealt: number) => void = () => {},
): Promise<void> {
  const place = { guildId: g.guild, channelId: `c${g.guild}` };
  const { table } = await openTable(fx.tables, { place, variantId: g.variant, key: key('open') });
  const id = table.record.id;
  const act = (action: Action) => fx.tables.act(id, key('k'), action);
  await fx.tables.act(id, key('k'), { type: 'join', playerId: BOB.id, name: BOB.name }, BOB);
  if (g.cat) await fx.tables.act(id, key('k'), { type: 'join', playerId: CAT.id, name: CAT.name }, CAT);
  if (g.computer) await act({ type: 'addComputer', by: ANN.id, level: g.computer });
  await act({ type: 'startDeal', by: ANN.id });
  let dealt = 1;
  for (let moves = 0; moves < 400; moves++) {
    const state = (await fx.tables.tableIn(place))?.record.state as GameState;
    const waiting = awaiting(state);
    if (waiting.kind === 'over') break;
    if (waiting.kind === 'between-deals') {
      if (dealt >= g.deals) {
        await fx.tables.stopGame(place, { id: ANN.id, admin: false }, key('k'));
        break;
      }
      beforeNextDeal(dealt);
      dealt += 1;
      await act({ type: 'timeout' });
      continue;
    }
    const move = state.players.map((p) => computerMove(state, p.id, p.computer ?? 'balanced')).find((m) => m !== null);
    await act(move ?? { type: 'timeout' });
  }
  await fx.settled();
}
