import { afterEach, describe, expect, it } from 'vitest';
import { parseCards } from '../../../src/cards/card.ts';
import type { OpenDatabase } from '../../../src/db/index.ts';
import { verifyPanel } from '../../../src/discord/views/verify.ts';
import { ensureLanguages } from '../../../src/i18n/index.ts';
import { findDealProof } from '../../../src/table/deal-proofs.ts';
import { backends } from '../../support/backends.ts';

/** docs/FAIRNESS.md's known-answer vectors: the chain whose deal-1024 seed is 00…01. */
const COMMITMENT = 'b1d9cbc9b25b33c4319fe17a4570d649eaa801b5a7c167648af937d307720496';
const SEED_1 = 'aa9313f7c3d04950c79a980bb03233cc79e0470da2d122ffcccbabac9299e8d6';
const SEED_2 = '66ce793296b920ed41f3bc9d7ec4cfc756ab3363c6945f9d9b516a686f5830f4';
const CLIENT_SEED = '1234567890123456789-1234567890123456790';
/** Vector 1's deck begins Kc Ad Qd Qs 3s As. */
const FIRST_SIX = parseCards('Kc Ad Qd Qs 3s As');

const [sqlite] = backends;

describe("a result's Verify panel", () => {
  let database: OpenDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  /** A table whose deal 5 (the game's deal 1) dealt `cards` two by two to two players and ended with `proof`. */
  async function dealRecorded(cards: number[], proof: Record<string, unknown> | undefined, more: object[] = []) {
    database = await (sqlite as NonNullable<typeof sqlite>).fresh();
    const { db } = database;
    const { id } = await db
      .insertInto('game_tables')
      .values({ guild_id: 'g', channel_id: 'c', running: 0, deal_no: 5, updated_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const events = [
      { type: 'Dealt', private: { a: cards.slice(0, 3), b: cards.slice(3) }, faceUp: {}, board: {} },
      ...more,
      { type: 'DealEnded', dealNo: 1, stayed: [], winners: [], delta: {}, pot: 0, reserve: 0, ...(proof && { proof }) },
    ];
    await db
      .insertInto('game_steps')
      .values({ table_id: id, key: 'k', deal_no: 5, version: 1, events: JSON.stringify(events), created_at: 0 })
      .execute();
    return { db, tableId: Number(id) };
  }

  const proof = (serverSeed: string) => ({ dealNo: 1, commitment: COMMITMENT, serverSeed, clientSeed: CLIENT_SEED });

  it('shows the proof and says it holds when the seed is the committed one and the cards its deck’s first', async () => {
    const { db, tableId } = await dealRecorded(FIRST_SIX, proof(SEED_1));
    const found = await findDealProof(db, tableId, 5);
    expect(found).toMatchObject({ kind: 'proof', seedMatches: true, cardsMatch: true });
    const [embed] = verifyPanel(found, 5).embeds;
    // One deal, both its numbers named: the table's (its result's title) and its game's, which the proof counts.
    expect(embed?.title).toBe('Proof of deal 5: deal 1 of its game');
    expect(embed?.description).toMatch(/^✅/);
    expect(embed?.fields?.map((f) => f.value)).toEqual([
      `\`\` ${COMMITMENT} \`\``,
      `\`\` ${SEED_1} \`\``,
      `\`\` ${CLIENT_SEED} \`\``,
      expect.stringMatching(/^```\nKc Ad Qd Qs 3s As Js 6c .* 8h\n```$/),
    ]);
    // What was checked and that anyone can check it again, in words a player reads: no file path.
    expect(embed?.footer?.text).not.toMatch(/FAIRNESS\.md|guts verify/);
    expect(embed?.description).not.toMatch(/\]\(/);
  });

  it('links the host’s page on checking a deal (FAIRNESS_URL) when one is set', async () => {
    const { db, tableId } = await dealRecorded(FIRST_SIX, proof(SEED_1));
    const found = await findDealProof(db, tableId, 5);
    const [embed] = verifyPanel(found, 5, 'en-US', 'https://example.com/fair').embeds;
    expect(embed?.description).toMatch(/^✅.*\n\[How to check a deal yourself\]\(https:\/\/example\.com\/fair\)$/);
  });

  it('shows the kitty’s whole hand where one played (Iron Cross’s phantom)', async () => {
    const kitty = parseCards('Js 6c Qh Kh');
    const showdown = { type: 'Showdown', hands: [], kitty: null, kittyCards: kitty, opponent: 'phantom' };
    const { db, tableId } = await dealRecorded(FIRST_SIX, proof(SEED_1), [showdown]);
    const found = await findDealProof(db, tableId, 5);
    expect(found).toMatchObject({ opponent: { kind: 'phantom', cards: kitty } });
    const fields = verifyPanel(found, 5).embeds[0]?.fields ?? [];
    expect(fields.at(-1)).toEqual({ name: 'The kitty’s whole hand', value: '```\nJs 6c Qh Kh\n```' });
  });

  it('shows a phrase as typed, even one with two backticks in a row that would close its code span', async () => {
    const phrase = '``x`` *b* <@1> @everyone';
    const { db, tableId } = await dealRecorded(FIRST_SIX, { ...proof(SEED_1), clientSeed: `${CLIENT_SEED} ${phrase}` });
    const found = await findDealProof(db, tableId, 5);
    const shown = verifyPanel(found, 5).embeds[0]?.fields?.[2]?.value ?? '';
    expect(shown).toBe(`${CLIENT_SEED} \\\`\\\`x\\\`\\\` \\*b\\* \\<\\@1> \\@everyone`);
    // Discord drops each backslash before the character it escapes: what it shows is what was hashed.
    expect(shown.replace(/\\(.)/g, '$1')).toBe(`${CLIENT_SEED} ${phrase}`);
  });

  it('says when the cards dealt are not the deck’s first, and when the seed is not the committed one', async () => {
    const swapped = [...FIRST_SIX.slice(0, 5), parseCards('2c')[0] as number];
    const first = await dealRecorded(swapped, proof(SEED_1));
    const cards = await findDealProof(first.db, first.tableId, 5);
    expect(cards).toMatchObject({ kind: 'proof', seedMatches: true, cardsMatch: false });
    expect(verifyPanel(cards, 5).embeds[0]?.description).toMatch(/^❌ The seed is the committed one, but/);
    await database?.close();
    // Deal 2's seed shown as deal 1's: it hashes to the commitment twice, not once.
    const second = await dealRecorded(FIRST_SIX, proof(SEED_2));
    const seed = await findDealProof(second.db, second.tableId, 5);
    expect(seed).toMatchObject({ kind: 'proof', seedMatches: false, cardsMatch: false });
    expect(verifyPanel(seed, 5).embeds[0]?.description).toMatch(/^❌ The seed does not hash to the commitment/);
  });

  it('says a deal has no proof when its end carries none, and in the reader’s language', async () => {
    const { db, tableId } = await dealRecorded(FIRST_SIX, undefined);
    const found = await findDealProof(db, tableId, 5);
    expect(found).toEqual({ kind: 'none' });
    await ensureLanguages('de');
    expect(verifyPanel(found, 5, 'de').embeds[0]?.description).toBe(
      'Deal 5 hat keinen Nachweis: Er wurde gegeben, bevor Deals nachweisbar fair waren.',
    );
  });
});
