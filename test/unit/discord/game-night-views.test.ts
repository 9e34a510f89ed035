import { textOf } from '@guts/local-discord';
import { describe, expect, it } from 'vitest';
import { lobbyView } from '../../../src/discord/views/lobby.ts';
import { standingsEmbed } from '../../../src/discord/views/standings.ts';
import { tableView } from '../../../src/discord/views/table-card.ts';
import { apply, createGame, type GameState, publicView } from '../../../src/engine/index.ts';

/**
 * What a game night's players read around Play again and a fair game's table card
 * (issue 49): a lobby that ends as a lobby, the people asked back, and a host's phrase
 * shown as typed.
 */

const target = { tableId: 7, dealNo: 9 };
const json = (v: unknown) => JSON.parse(JSON.stringify(v));

function lobby(fair?: { lastSeed: string; phrase: string }): GameState {
  let s = createGame({
    variant: 'three-card',
    options: {},
    rng: [1, 2, 3, 4],
    host: 'u0',
    hostName: 'Ann',
    ...(fair && { fair }),
  });
  s = apply(s, { type: 'addComputer', by: 'u0', level: 'balanced' }).state;
  return s;
}

describe('a lobby stopped before any deal', () => {
  it('ends as a lobby: no "game is on", no "game over after 0 deals"', () => {
    const stopped = apply(lobby(), { type: 'stop', by: 'u0' }).state;
    expect(stopped.phase).toBe('over');
    const view = json(lobbyView(target, publicView(stopped)));
    expect(view.embeds[0].footer.text).toBe(
      'This lobby closed before any deal: nobody’s chips moved. /guts start opens a new game.',
    );
    expect(view.components).toEqual([]);
    const standings = standingsEmbed({ deals: 0, net: [], pot: 40, reserve: 0 }).toJSON();
    expect(standings.title).toBe('The lobby closed before any deal');
    expect(standingsEmbed({ deals: 2, net: [], pot: 0, reserve: 0 }).toJSON().title).toBe('Game over after 2 deals');
  });
});

describe("Play again's lobby", () => {
  const returning = [
    { id: 'u1', name: 'Ben' },
    { id: 'u2', name: 'Cat_' },
  ];

  it('asks the last game’s people back until each has taken a seat', () => {
    const asked = (s: GameState) =>
      json(lobbyView(target, publicView(s), 'en-US', returning)).embeds[0].fields.find(
        (f: { name: string }) => f.name === 'Back from the last game',
      )?.value;
    let s = lobby();
    expect(asked(s)).toBe(
      '**Ben**, **Cat\\_**: press Join to take your seat again (that press lets me send you your cards). Deal deals to everyone seated.',
    );
    s = apply(s, { type: 'join', playerId: 'u1', name: 'Ben' }).state;
    expect(asked(s)).toMatch(/^\*\*Cat\\_\*\*: press Join/);
    s = apply(s, { type: 'join', playerId: 'u2', name: 'Cat_' }).state;
    expect(asked(s)).toBeUndefined();
  });
});

describe("a fair game's table card", () => {
  it('shows the host’s phrase as typed: Markdown and mentions escaped, the bytes hashed', () => {
    const phrase = '*lucky* _7_ ~~s~~ `c` ``d`` <@123> @everyone ||x||';
    let s = lobby({ lastSeed: 'ab'.repeat(32), phrase });
    s = apply(s, { type: 'join', playerId: 'u1', name: 'Ben', press: '1000000000000000001' }).state;
    s = apply(s, { type: 'startDeal', by: 'u0', press: '1000000000000000002' }).state;
    const view = tableView({
      target,
      view: publicView(s),
      deadline: null,
      restarted: false,
      picture: null,
      hasBoardImage: false,
    });
    const line = /client seed (.*)$/m.exec(textOf(json(view)))?.[1] ?? '';
    expect(line).toBe(
      '1000000000000000001-1000000000000000002 \\*lucky\\* \\_7\\_ \\~\\~s\\~\\~ \\`c\\` \\`\\`d\\`\\` \\<\\@123> \\@everyone \\|\\|x\\|\\|',
    );
    // Discord drops each backslash before the character it escapes: it shows the client seed hashed.
    expect(line.replace(/\\(.)/g, '$1')).toBe(s.fair?.clientSeed);
  });
});
