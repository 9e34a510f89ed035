import { dialectOf } from '../db/dialect.ts';
import { type Db, inTransaction } from '../db/transaction.ts';
import { type PostResult, postEntry } from './journal.ts';

export interface Adjustment {
  guildId: string;
  /** The player who paid cash: their balance goes up (they owe less / are owed more). */
  payer: string;
  /** The player who received it: their balance goes down. */
  payee: string;
  amount: number;
  key: string;
  memo?: string | null;
  at?: number;
}

/** Records cash paid between two players outside the game, as an `adjust` journal entry. */
export async function adjust(db: Db, a: Adjustment): Promise<PostResult> {
  if (!Number.isSafeInteger(a.amount) || a.amount <= 0) {
    throw new RangeError(`adjustment amount must be a positive integer, got ${a.amount}`);
  }
  if (a.payer === a.payee) throw new RangeError('an adjustment needs two different players');
  return postEntry(db, {
    guildId: a.guildId,
    key: a.key,
    kind: 'adjust',
    memo: a.memo ?? null,
    at: a.at,
    lines: [
      { account: { kind: 'player', owner: a.payer }, amount: a.amount, reason: 'cash-paid' },
      { account: { kind: 'player', owner: a.payee }, amount: -a.amount, reason: 'cash-received' },
    ],
  });
}

/** A reset would zero the pot of a game in progress, which the game's state still counts. */
export class GameRunningError extends Error {
  constructor(readonly guildId: string) {
    super('a game is running in this server; stop it before resetting the ledger');
    this.name = 'GameRunningError';
  }
}

export interface Reset {
  guildId: string;
  key: string;
  memo?: string | null;
  at?: number;
}

/**
 * Zeroes every account of a guild (players, pots, reserves) with one `reset` entry
 * whose postings are minus each old balance: the entry is the archive of what the
 * balances were, and nothing is deleted. Refuses while a game runs in the guild.
 */
export async function reset(db: Db, r: Reset): Promise<PostResult> {
  return inTransaction(db, async (trx) => {
    // Postgres: lock the guild's tables first. A game opening right now holds its row
    // until it commits, so this waits and then sees it running; one that opens after
    // this waits for the reset and finds its carried pot gone (CarriedPotMovedError).
    // SQLite runs one writer at a time, so the order is already total there.
    if (dialectOf(trx) === 'postgres') {
      await trx.selectFrom('game_tables').select('id').where('guild_id', '=', r.guildId).forUpdate().execute();
    }
    const running = await trx
      .selectFrom('game_tables')
      .select('id')
      .where('guild_id', '=', r.guildId)
      .where('running', '=', 1)
      .executeTakeFirst();
    if (running) throw new GameRunningError(r.guildId);
    // Postgres: lock the balances so no concurrent entry slips in between read and zeroing.
    const accounts = await trx
      .selectFrom('ledger_accounts')
      .select(['kind', 'owner', 'balance'])
      .where('guild_id', '=', r.guildId)
      .where('balance', '<>', 0)
      .$if(dialectOf(trx) === 'postgres', (q) => q.forUpdate())
      .execute();
    return postEntry(trx, {
      guildId: r.guildId,
      key: r.key,
      kind: 'reset',
      memo: r.memo ?? null,
      at: r.at,
      lines: accounts.map((a) => ({ account: { kind: a.kind, owner: a.owner }, amount: -a.balance, reason: 'reset' })),
    });
  });
}
