import { describe, expect, it } from 'vitest';
import { asChatNotes, NO_CHAT } from '../../../src/discord/chat-notes.ts';

/** The `chat` column read as where the chat shows a table: each field checked on its own, nothing cast. */

describe("the chat's notes of a table as stored", () => {
  it('reads every field of notes as saved', () => {
    const saved = { lobby: '11', table: '22', tableDeal: 3, board: 'sig', cardsShown: { deal: 3, to: ['1', '2'] } };
    expect(asChatNotes(JSON.parse(JSON.stringify(saved)))).toEqual(saved);
  });

  it('reads what is not notes, or a field of the wrong kind, as never noted; the rest still stand', () => {
    for (const value of [null, undefined, 'x', 42, [], true]) expect(asChatNotes(value)).toEqual(NO_CHAT);
    expect(
      asChatNotes({ lobby: 'abc', table: 22, tableDeal: 1.5, board: 7, cardsShown: { deal: 'x', to: [] } }),
    ).toEqual(NO_CHAT);
    expect(asChatNotes({ table: '22', tableDeal: 2 ** 60, cardsShown: { deal: 1, to: 'everyone' } })).toEqual({
      ...NO_CHAT,
      table: '22',
    });
  });

  it("keeps the ids that read as ids of a deal's private messages: the others are shown their cards again", () => {
    expect(asChatNotes({ cardsShown: { deal: 4, to: ['1', 2, null, '3'] } }).cardsShown).toEqual({
      deal: 4,
      to: ['1', '3'],
    });
  });

  it('gives a fresh object each time: the chat changes its notes in place', () => {
    const a = asChatNotes('not notes');
    a.lobby = '5';
    expect(asChatNotes('not notes').lobby).toBeNull();
    expect(NO_CHAT.lobby).toBeNull();
  });
});
