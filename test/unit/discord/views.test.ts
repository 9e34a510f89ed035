import { interactiveComponents, textOf } from '@guts/local-discord';
import { checkComponentsV2 } from '@guts/local-discord/components-v2.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { formatCard, parseCards, prettyCard } from '../../../src/cards/card.ts';
import { cardEmojisFrom, useCardEmojis } from '../../../src/discord/card-emojis.ts';
import { parseButtonId } from '../../../src/discord/custom-id.ts';
import { cardsView, handPicture, privateAsks, privateSignature } from '../../../src/discord/views/cards.ts';
import { escapeName } from '../../../src/discord/views/format.ts';
import { lobbyView } from '../../../src/discord/views/lobby.ts';
import {
  showdownHands,
  showdownNeedsPicture,
  showdownRows,
  showdownView,
} from '../../../src/discord/views/showdown.ts';
import { tableView } from '../../../src/discord/views/table-card.ts';
import { boardCells } from '../../../src/discord/views/table-pieces.ts';
import { apply, createGame, type GameState, privateFacts, publicView, viewFor } from '../../../src/engine/index.ts';
import { handPreview } from '../../../src/engine/preview.ts';
import { cardEmojiSet, renderBoard, renderHand, renderShowdown } from '../../../src/render/index.ts';
import { nextDeadline } from '../../../src/table/deadline.ts';
import { run } from '../engine/driver.ts';

const target = { tableId: 7, dealNo: 12 };

function seated(variant: string, options: Record<string, unknown> = {}, names = ['Ann', 'Bob', 'Cat']): GameState {
  let s = createGame({ variant, options, rng: [1, 2, 3, 4], host: 'u0' });
  names.forEach((name, i) => {
    s = apply(s, { type: 'join', playerId: `u${i}`, name }).state;
  });
  return s;
}

const json = (v: unknown) => JSON.parse(JSON.stringify(v));
/** A V2 card's buttons in reading order (seat status accessories aside). */
function cardButtons(view: ReturnType<typeof tableView>): { custom_id: string; label: string; disabled?: boolean }[] {
  return interactiveComponents(json(view)).filter((c) => c.type === 2) as never;
}
/** What a player reads on the card. */
const cardText = (view: ReturnType<typeof tableView>) =>
  textOf({ components: json(view.components), embeds: [], content: '' } as never);
/** What Discord would answer the card with (no errors: accepted). */
const discordErrors = (view: ReturnType<typeof tableView>, kept: string[] = []) =>
  checkComponentsV2(json({ components: view.components }), new Set([...view.files.map((f) => f.name ?? ''), ...kept]));
const buttonIds = (components: unknown[]) =>
  json(components).flatMap(
    (row: { components: { type: number; custom_id: string; label: string; disabled?: boolean }[] }) =>
      row.components.filter((c) => c.type === 2),
  );
/** The select menus of a message's rows. */
const selects = (components: unknown[]) =>
  json(components).flatMap((row: { components: { type: number }[] }) => row.components.filter((c) => c.type === 3));

/** A sequential three-seat round where the first two drop and the last stays alone: the game is over. */
function lastOneStays(state: GameState): GameState {
  let s = state;
  for (let i = 0; i < 3 && publicView(s).awaiting.kind === 'declare'; i++) {
    const w = publicView(s).awaiting as { turn: string };
    ({ state: s } = run(s, { type: 'declare', playerId: w.turn, choice: i === 2 ? 'stay' : 'drop' }));
  }
  return s;
}

describe('lobby view', () => {
  it('shows variant, options, pot and players, with Join, Leave, Deal and Rules for the table', () => {
    const s = seated('iron-cross', { ante: 10, cap: 100 });
    const view = json(lobbyView(target, publicView({ ...s, pot: 40, reserve: 5 })));
    const embed = view.embeds[0];
    expect(embed.title).toContain('Iron Cross');
    const fields = Object.fromEntries(embed.fields.map((f: { name: string; value: string }) => [f.name, f.value]));
    expect(fields.Options).toContain('ante 10');
    expect(fields.Options).toContain('Cap: 100');
    expect(fields.Pot).toBe('40');
    expect(fields.Reserve).toBe('5');
    const players = embed.fields.find((f: { name: string }) => f.name.startsWith('Players')).value;
    expect(players).toContain('**Ann** (host)');
    expect(players).toContain('**Cat**');
    const buttons = buttonIds(view.components);
    expect(buttons.map((b: { label: string }) => b.label)).toEqual(['Join', 'Leave', 'Deal', 'Rules']);
    for (const b of buttons) expect(parseButtonId(b.custom_id)).toMatchObject({ tableId: '7', dealNo: 12 });
    const [menu] = selects(view.components);
    expect(menu.placeholder).toMatch(/^Add computer player/);
    expect(menu.options.map((o: { value: string }) => o.value)).toEqual(['cautious', 'balanced', 'bold']);
    expect(parseButtonId(menu.custom_id)).toMatchObject({ tableId: '7', action: 'computer' });
  });

  it('offers Remove computer player once one is seated, and names computer players as such', () => {
    let s = seated('iron-cross', {});
    ({ state: s } = run(s, { type: 'addComputer', by: 'u0', level: 'bold' }));
    const view = json(lobbyView(target, publicView(s)));
    const remove = buttonIds(view.components).find((b: { label: string }) => b.label === 'Remove computer player');
    expect(parseButtonId(remove.custom_id)).toMatchObject({ action: 'removeComputer' });
    const players = view.embeds[0].fields.find((f: { name: string }) => f.name.startsWith('Players')).value;
    expect(players).toContain('**🤖 Ada (bold)**'); // nothing escaped that Discord would show bare anyway
  });

  it('escapes in names only the markdown Discord would render, so they read as Discord shows them', () => {
    expect(escapeName('🤖 Ada (balanced)')).toBe('🤖 Ada (balanced)');
    expect(escapeName('Jean-Luc')).toBe('Jean-Luc');
    expect(escapeName('*star* _x_ ~~y~~ `z` ||s|| [l](u) a\\b')).toBe(
      '\\*star\\* \\_x\\_ \\~\\~y\\~\\~ \\`z\\` \\|\\|s\\|\\| \\[l\\](u) a\\\\b',
    );
    // A heading, quote or list only at the start of a line.
    expect(escapeName('# big')).toBe('\\# big');
    expect(escapeName('> q')).toBe('\\> q');
    expect(escapeName('- item')).toBe('\\- item');
    expect(escapeName('a # b > c')).toBe('a # b > c');
  });

  it('says the game is on while it is, and that it is over once it is: nothing stale', () => {
    let { state } = run(seated('three-card', { declare: 'sequential' }), { type: 'startDeal', by: 'u0' });
    expect(json(lobbyView(target, publicView(state))).embeds[0].footer.text).toBe('The game is on: deal 12 is below.');
    state = lastOneStays(state);
    const over = json(lobbyView(target, publicView(state)));
    expect(over.embeds[0].footer.text).toMatch(/^This game is over/);
    expect(over.components).toEqual([]);
  });
});

describe('table view', () => {
  /** The table card of `state` as the channel sees it: no countdown, no picture, unless `changes` says so. */
  const cardOf = (state: GameState, changes: Partial<Parameters<typeof tableView>[0]> = {}) =>
    tableView({
      target,
      view: publicView(state),
      deadline: null,
      restarted: false,
      picture: null,
      hasBoardImage: false,
      ...changes,
    });

  it('never tells which way a player chose before the reveal', () => {
    let { state } = run(seated('three-card'), { type: 'startDeal', by: 'u0' });
    ({ state } = run(state, { type: 'declare', playerId: 'u1', choice: 'drop' }));
    const view = cardOf(state, { deadline: 1_700_000_000_000 });
    expect(view.flags).toBe(1 << 15);
    expect(discordErrors(view)).toEqual([]);
    const text = cardText(view);
    // One line per seat: who has chosen, never which way; no status drawn as a button.
    const seats = text.split('\n').filter((line) => /\*\*(Ann|Bob|Cat)\*\*/.test(line));
    expect(seats).toEqual(['⏳ **Ann** · choosing', '✅ **Bob** · chosen', '⏳ **Cat** (dealer) · choosing']);
    expect(seats.join('\n')).not.toMatch(/drop|out|stay/i);
    expect(text).toContain('<t:1700000000:R>');
    expect(text).toContain('Dropping costs nothing.');
    expect(cardButtons(view).map((b) => b.label)).toEqual(['Stay', 'Drop', 'My cards', 'Join', 'Leave']);
    expect(cardButtons(view).some((b) => b.disabled)).toBe(false);
  });

  it('names whose turn it is in a sequential round, and leaves nothing stale once the game is over', () => {
    let { state } = run(seated('three-card', { declare: 'sequential' }), { type: 'startDeal', by: 'u0' });
    const turn = publicView(state).awaiting;
    const turnName = ['Ann', 'Bob', 'Cat'][Number((turn as { turn: string }).turn.slice(1))];
    const text = cardText(cardOf(state));
    expect(text).toContain(`**${turnName}** to act: stay or drop`);
    expect(text).toContain(`👉 **${turnName}**`);
    expect(text).not.toMatch(/your turn/i);
    state = lastOneStays(state);
    expect(state.phase).toBe('over');
    const over = cardText(cardOf(state));
    expect(over).toContain('Game over');
    expect(over).not.toMatch(/next deal|seated|choosing|to act/);
    expect(cardButtons(cardOf(state))).toEqual([]);
  });

  it('marks whose turn it is while a player draws in turn, and the others as waiting, not done', () => {
    let { state } = run(seated('five-card-draw'), { type: 'startDeal', by: 'u0' });
    const first = (publicView(state).awaiting as { turn: string }).turn;
    ({ state } = run(state, { type: 'declare', playerId: first, choice: 'stay' }));
    expect(publicView(state).awaiting).toMatchObject({ kind: 'draw', turn: first });
    const names = ['Ann', 'Bob', 'Cat'];
    const drawing = names[Number(first.slice(1))] as string;
    const seats = cardText(cardOf(state))
      .split('\n')
      .filter((line) => /^\S+ \*\*(Ann|Bob|Cat)\*\*/u.test(line));
    for (const line of seats) {
      if (line.includes(`**${drawing}**`)) expect(line).toMatch(/^👉 .* · to act$/);
      else expect(line).toMatch(/^⏳ .* · waiting$/);
    }
    expect(seats.length).toBe(3);
  });

  it('states the drop penalty on the Drop button in a later round, and shows the board picture in a gallery', () => {
    let { state } = run(seated('iron-cross', { ante: 10 }), { type: 'startDeal', by: 'u0' });
    ({ state } = run(
      state,
      ...['u0', 'u1', 'u2'].map((p) => ({ type: 'declare' as const, playerId: p, choice: 'stay' as const })),
    ));
    const picture = renderBoard(boardCells(publicView(state)));
    const view = cardOf(state, { restarted: true, picture });
    const drop = cardButtons(view).find((b) => b.custom_id.endsWith(':drop'));
    expect(drop?.label).toBe('Drop (costs 3)'); // 10% of 30, rounded half up
    expect(view.files).toHaveLength(1);
    expect(JSON.stringify(view.components)).toContain('"media":{"url":"attachment://board.png"}');
    expect(cardText(view)).toMatch(/restarted/);
    expect(discordErrors(view)).toEqual([]);
    // An edit that keeps the attached picture points at it again without re-uploading.
    const edit = cardOf(state, { hasBoardImage: true });
    expect(edit.files).toHaveLength(0);
    expect(JSON.stringify(edit.components)).toContain('"media":{"url":"attachment://board.png"}');
    expect(discordErrors(edit, ['board.png'])).toEqual([]);
    expect(discordErrors(edit)).not.toEqual([]);
  });

  it("fits a full table of 17 seats with long names within Discord's limits", () => {
    const names = Array.from({ length: 17 }, (_, i) => `P${i}`.padEnd(32, 'x'));
    const { state } = run(seated('three-card', {}, names), { type: 'startDeal', by: 'u0' });
    const view = cardOf(state);
    expect(discordErrors(view)).toEqual([]);
    const text = cardText(view);
    for (const name of names) expect(text).toContain(`**${name}**`);
  });

  it("shows a fair game's commitment and client seed, within Discord's limits at 17 seats and a 100-character phrase", () => {
    const names = Array.from({ length: 17 }, (_, i) => `P${i}`.padEnd(32, 'x'));
    const fair = { lastSeed: 'ab'.repeat(32), phrase: 'W'.repeat(100) };
    let s = createGame({ variant: 'three-card', options: {}, rng: [1, 2, 3, 4], host: 'u0', fair });
    names.forEach((name, i) => {
      s = apply(s, { type: 'join', playerId: `u${i}`, name, press: String(10n ** 19n + BigInt(i)) }).state;
    });
    const lobby = json(lobbyView(target, publicView(s)));
    const commitment = s.fair?.commitment as string;
    expect(lobby.embeds[0].fields.at(-1)).toEqual({
      name: 'Fair deals: commitment (SHA-256)',
      value: `\`${commitment}\``,
    });
    const { state } = run(s, { type: 'startDeal', by: 'u0', press: String(2n * 10n ** 19n) });
    const view = cardOf(state);
    expect(discordErrors(view)).toEqual([]);
    expect(cardText(view)).toContain(`commitment \`${commitment.slice(0, 16)}…\` · client seed 10000000000000000000-`);
    expect(cardText(view)).not.toContain(commitment);
  });

  it('tells players the bot could not reach privately to press My cards, during the deal only', () => {
    const { state } = run(seated('three-card'), { type: 'startDeal', by: 'u0' });
    const note = (view: ReturnType<typeof tableView>) => /Didn't get your cards[^\n]*/.exec(cardText(view))?.[0] ?? '';
    expect(note(cardOf(state, { unreached: ['u1', 'someone not dealt in'] }))).toBe(
      "Didn't get your cards, Bob? Press My cards.",
    );
    expect(note(cardOf(state, { unreached: [] }))).toBe('');
    const over = { ...state, phase: 'over' as const };
    expect(note(cardOf(over, { unreached: ['u1'] }))).toBe('');
    // The note is markdown: a name's own markdown is escaped there, as in the seats.
    const starred = run(seated('three-card', {}, ['Ann', '*Bo*', 'Cat']), { type: 'startDeal', by: 'u0' }).state;
    expect(note(cardOf(starred, { unreached: ['u1'] }))).toBe("Didn't get your cards, \\*Bo\\*? Press My cards.");
  });
});

describe('cards view', () => {
  it("fits Indian guts' list of everyone else's card in one message, naming how many more", () => {
    const names = Array.from({ length: 51 }, (_, i) => `${'_'.repeat(28)}${String(i).padStart(4, '0')}`);
    const { state } = run(seated('indian', {}, names), { type: 'startDeal', by: 'u0' });
    const view = cardsView(target, viewFor(state, 'u0'), 'u0', handPreview(state, 'u0'), null, null);
    expect(view.content.length).toBeLessThanOrEqual(2000);
    expect(view.content).toMatch(/\n…and \d+ more$/);
    expect(view.content).not.toContain(prettyCard(state.deal?.hands.u0?.[0] as number));
  });
});

/** A three-card deal of Ann, Bob and Cat where everyone stays: the state before the reveal and the reveal. */
function everyoneStays() {
  const before = run(seated('three-card', { ante: 10 }), { type: 'startDeal', by: 'u0' }).state;
  const result = run(
    before,
    ...['u0', 'u1', 'u2'].map((p) => ({ type: 'declare' as const, playerId: p, choice: 'stay' as const })),
  );
  return { before, result };
}

describe('showdown view', () => {
  it('names the winner, every payment, the new pot, and draws the hands', () => {
    const { before, result } = everyoneStays();
    const state = result.state;
    const rows = showdownRows(before, state, result.events);
    expect(rows.map((r) => r.name).sort()).toEqual(['Ann', 'Bob', 'Cat']);
    const view = showdownView(before, state, result.events, renderShowdown(rows));
    const embed = json(view.embeds)[0];
    const sd = result.events.find((e) => e.type === 'Showdown');
    if (sd?.type !== 'Showdown') throw new Error('no showdown');
    const winner = ['Ann', 'Bob', 'Cat'][Number(sd.winners[0]?.slice(1))] as string;
    expect(embed.description).toContain(`**${winner}**`);
    const text = JSON.stringify(embed.fields);
    expect(text).toContain('matches the pot');
    expect(embed.fields.find((f: { name: string }) => f.name === 'Pot').value).toBe(String(state.pot));
    expect(view.files).toHaveLength(1);
  });
});

describe('showdown with card emojis deployed', () => {
  afterEach(() => useCardEmojis(null));

  it('shows the hands as emoji rows and asks for no picture; without the emojis it asks for one', () => {
    const { before, result } = everyoneStays();
    const state = result.state;
    expect(showdownNeedsPicture(showdownHands(before, state, result.events, 'en-US', false))).toBe(true);
    useCardEmojis(cardEmojisFrom(cardEmojiSet().map((e, i) => ({ id: String(1000 + i), name: e.name }))));
    expect(showdownNeedsPicture(showdownHands(before, state, result.events, 'en-US', false))).toBe(false);
    const view = showdownView(before, state, result.events, null);
    expect(view.files).toHaveLength(0);
    expect(json(view.embeds)[0].description.match(/<:gc_\w+:\d+>/g)).toHaveLength(9);
  });
});

describe('showdown view of a lone stayer against the deck (loneVsDeck)', () => {
  it("shows the deck's hand as The deck, and who pays when it wins", () => {
    const stack = { cards: { u0: parseCards('Kh Kd 7c 4s') }, kitty: parseCards('2c 9h 9s 3d') };
    const before = run(seated('four-two-two', { loneVsDeck: true }), { type: 'startDeal', by: 'u0', stack }).state;
    const { state, events } = run(
      before,
      ...['u0', 'u1', 'u2'].map((p, i) => ({
        type: 'declare' as const,
        playerId: p,
        choice: i === 0 ? ('stay' as const) : ('drop' as const),
      })),
    );
    const rows = showdownRows(before, state, events);
    expect(rows.map((r) => [r.name, r.description, r.winner])).toEqual([
      ['Ann', 'Pair of kings, seven kicker', false],
      ['The deck', 'Three of a kind, nines, three kicker', true],
    ]);
    const embed = json(showdownView(before, state, events, null).embeds)[0];
    expect(embed.description).toBe('The deck wins: **Ann** pays.');
    expect(JSON.stringify(embed.fields)).toContain('The deck: Three of a kind, nines');
  });
});

describe('private cards view', () => {
  it('shows your cards with the hand name and a picture', () => {
    const { state } = run(seated('three-card', { odds: false }), { type: 'startDeal', by: 'u0' });
    const preview = handPreview(state, 'u1');
    const wanted = handPicture(viewFor(state, 'u1'), 'u1', preview);
    expect(wanted?.options.highlight).toEqual(preview.hand?.cards);
    const picture = wanted ? renderHand(wanted.cards, wanted.options) : null;
    const view = cardsView(target, viewFor(state, 'u1'), 'u1', preview, null, picture);
    for (const c of state.deal?.hands.u1 ?? []) expect(view.content).toContain(prettyCard(c));
    expect(view.content).toMatch(/Best hand now: /);
    expect(view.files).toHaveLength(1);
  });

  it("in Indian guts shows everyone's card but your own", () => {
    const { state } = run(seated('indian'), { type: 'startDeal', by: 'u0' });
    expect(handPicture(viewFor(state, 'u1'), 'u1', handPreview(state, 'u1'))).toBeNull();
    const view = cardsView(target, viewFor(state, 'u1'), 'u1', handPreview(state, 'u1'), null, null);
    const own = state.deal?.hands.u1?.[0] as number;
    expect(view.content).not.toContain(prettyCard(own));
    expect(view.content).toContain(prettyCard(state.deal?.hands.u0?.[0] as number));
    expect(formatCard(own)).toHaveLength(2);
  });

  it('offers Stay and Drop beside the cards while the choice is theirs, labelled as on the table, and nothing once made', () => {
    let { state } = run(seated('iron-cross', { ante: 10 }), { type: 'startDeal', by: 'u0' });
    const offered = (s: GameState, p: string) =>
      buttonIds(cardsView(target, viewFor(s, p), p, handPreview(s, p), null, null).components);
    expect(offered(state, 'u1').map((b: { label: string }) => b.label)).toEqual(['Stay', 'Drop']);
    expect(offered(state, 'u1').map((b: { custom_id: string }) => parseButtonId(b.custom_id))).toEqual([
      { tableId: '7', dealNo: 12, action: 'stay' },
      { tableId: '7', dealNo: 12, action: 'drop' },
    ]);
    const asked = privateSignature(privateFacts(state, 'u1'));
    ({ state } = run(state, { type: 'declare', playerId: 'u1', choice: 'stay' }));
    expect(offered(state, 'u1')).toEqual([]);
    expect(privateAsks(privateFacts(state, 'u1'))).toBe(false);
    expect(privateSignature(privateFacts(state, 'u1'))).not.toBe(asked);
    // Round 2: asked again, and Drop says what it costs now, as the table's button does.
    ({ state } = run(
      state,
      ...['u0', 'u2'].map((p) => ({ type: 'declare' as const, playerId: p, choice: 'stay' as const })),
    ));
    expect(privateAsks(privateFacts(state, 'u1'))).toBe(true);
    expect(offered(state, 'u1').map((b: { label: string }) => b.label)).toEqual(['Stay', 'Drop (costs 3)']);
  });

  it('refuses someone who is not in the deal', () => {
    const { state } = run(seated('three-card'), { type: 'startDeal', by: 'u0' });
    expect(() =>
      cardsView(target, viewFor(state, 'stranger'), 'stranger', handPreview(state, 'stranger'), null, null),
    ).toThrow(/not in this deal/);
  });
});

describe('countdowns', () => {
  it('start with a round, keep running through presses, restart on the next round, pause between deals', () => {
    const lobby = seated('iron-cross', { timer: 20 });
    const dealt = run(lobby, { type: 'startDeal', by: 'u0' }).state;
    expect(nextDeadline(lobby, dealt, null, 1_000, 5_000)).toBe(21_000);
    const pressed = run(dealt, { type: 'declare', playerId: 'u0', choice: 'stay' }).state;
    expect(nextDeadline(dealt, pressed, 21_000, 9_000, 5_000)).toBe(21_000);
    const round2 = run(
      pressed,
      ...['u1', 'u2'].map((p) => ({ type: 'declare' as const, playerId: p, choice: 'stay' as const })),
    ).state;
    expect(nextDeadline(pressed, round2, 21_000, 12_000, 5_000)).toBe(32_000);
    const between = run(round2, { type: 'timeout' }).state;
    expect(nextDeadline(round2, between, 32_000, 32_000, 5_000)).toBe(37_000);
    expect(nextDeadline(null, lobby, null, 0, 5_000)).toBeNull();
  });
});
