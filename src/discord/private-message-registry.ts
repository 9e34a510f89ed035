import type { ReplyTokens, TokenHandle } from './tokens.ts';

/** Where a player's private message of one deal lives, and what it shows now. */
export interface PrivateMessage {
  /** The table-wide deal number (a new deal gets a new message). */
  dealNo: number;
  /** The interaction whose token posted it: only that token may edit it, for 15 minutes. */
  via: TokenHandle;
  /**
   * Its id, or '@original' where it is that interaction's own reply; null while it is
   * being posted (a press meanwhile is answered quietly: the table's queue edits it after).
   */
  messageId: string | null;
  /** What it shows (see `privateSignature`): an edit is sent only when this changes. */
  signature: string;
  /** It carries buttons or a picker (`privateAsks`): they are taken off when the deal ends without them used. */
  asks: boolean;
  /**
   * The table's version it shows (or is being redrawn to): steps are published in the
   * order their presses were answered, so an older step's news must not undo it.
   */
  version: number;
}

/**
 * One private message per player per deal: their cards, odds, their own choice and the
 * next round's card all live in it, edited in place through the token that posted it.
 * A player sees a new one only when that token has run out, or when they press My cards.
 */
export class PrivateMessageRegistry {
  private readonly byTable = new Map<number, Map<string, PrivateMessage>>();

  constructor(private readonly tokens: ReplyTokens) {}

  remember(tableId: number, playerId: string, message: PrivateMessage): void {
    let players = this.byTable.get(tableId);
    if (!players) this.byTable.set(tableId, (players = new Map()));
    players.set(playerId, message);
  }

  /** The player's message of this deal, while its token can still edit it. */
  live(tableId: number, playerId: string, dealNo: number): PrivateMessage | null {
    const message = this.byTable.get(tableId)?.get(playerId);
    return message && message.dealNo === dealNo && this.tokens.alive(message.via) ? message : null;
  }

  /** Forgets one player's message if it is still this one (its posting failed). */
  drop(tableId: number, playerId: string, message: PrivateMessage): void {
    const players = this.byTable.get(tableId);
    if (players?.get(playerId) === message) players.delete(playerId);
  }

  /** Forgets a table's messages of deals up to `dealNo` (a game that ended; a new one may have begun). */
  forget(tableId: number, dealNo: number): void {
    const players = this.byTable.get(tableId);
    if (!players) return;
    for (const [playerId, message] of players) if (message.dealNo <= dealNo) players.delete(playerId);
    if (players.size === 0) this.byTable.delete(tableId);
  }

  /** How many tables hold private messages (a bounded cache: a table that ends forgets its own). */
  get size(): number {
    return this.byTable.size;
  }
}
