import type { Kysely } from 'kysely';
import type { RngState } from '../cards/rng.ts';
import type { GameOpened } from '../db/hand-history.ts';
import type { Database } from '../db/index.ts';
import { type Applied, apply, createGame, type GameState, isDiscordId, type Seat } from '../engine/index.ts';
import { ensureLanguages } from '../i18n/index.ts';
import { channelPotReserve } from '../ledger/index.ts';
import { getVariant, parseOptions } from '../rules/index.ts';
import { CarriedPotMovedError } from './commit.ts';
import type { RetryingWriter } from './db-retry.ts';
import { gameRecord } from './game-record.ts';
import type { HeldTable, Runtimes } from './runtimes.ts';
import type { StepResult, TableSteps } from './steps.ts';
import { NO_NOTES } from './table-notes.ts';
import { UserFacingError } from './user-facing-error.ts';

/** A player as the table knows them: their id and the name shown at the table and in /ledger. */
export interface Member {
  id: string;
  name: string;
}

/** How a table looks to the channel: its deck's colours and the language of its public messages. */
export interface TableLook {
  fourColour: boolean;
  /** A Discord locale: the server's, or in direct messages the host's (English when unsaid). */
  locale?: string;
}

/** Where a game is played: one table per server channel (or thread). */
export interface Place {
  guildId: string;
  channelId: string;
}

/** A game to open: where, who hosts it, what it plays, how it looks, and its first step's key. */
export interface GameOpening {
  place: Place;
  host: Member;
  variantId: string;
  options: Record<string, unknown>;
  look: TableLook;
  /** The first step's idempotency key (the interaction's id). */
  key: string;
  /** The host's words for the client seed (docs/FAIRNESS.md). */
  phrase?: string;
  /** Seats taken in the same first step (Play again: the last game's computers). */
  seats?: readonly Seat[];
  /** The people of the game before, asked back to take their seat (Play again: `TableNotes.returning`). */
  returning?: readonly Member[];
}

/** What opening a game needs of the table layer (see `Tables`). */
export interface GameOpenerDeps {
  db: Kysely<Database>;
  writer: RetryingWriter;
  runtimes: Runtimes;
  steps: TableSteps;
  /** Where each new game's shuffling starts. */
  newRngState: () => RngState;
  /**
   * The last seed of each new game's chain of server seeds (docs/FAIRNESS.md); null:
   * games are dealt by `newRngState` alone, the same cards every run (tests that need them).
   */
  newServerSeed: (() => string) | null;
}

/** `/guts start`: the checks it answers at once, and the game's first step. */
export class GameOpener {
  constructor(private readonly deps: GameOpenerDeps) {}

  /** The checks `/guts start` can answer at once, before anything is written. */
  check(place: Place, variantId: string, options: Record<string, unknown>): void {
    const variant = getVariant(variantId);
    if (!variant.available) throw new UserFacingError('refusal.notReady', { variant: variant.id });
    parseOptions(variantId, options); // a bad option is refused at once
    const known = this.deps.runtimes.runningIn(place.channelId);
    if (known) throw runningError(known.record.state);
  }

  /**
   * Opens a game in the channel with `host` seated. One game per channel: a running
   * one is refused. The new game plays for the channel's pot and reserve, and numbers
   * its deals on from the table's last one (see `TableNotes.dealBase`). Its deals are
   * provably fair (docs/FAIRNESS.md).
   */
  async open(opening: GameOpening): Promise<{ table: HeldTable; result: StepResult }> {
    const { place, host, variantId, options, look, key, phrase, seats = [], returning = [] } = opening;
    await ensureLanguages(look.locale); // the lobby speaks it as soon as the game is open
    this.check(place, variantId, options);
    const table = gameRecord(await this.deps.writer.createOrLoadTable(place.guildId, place.channelId));
    // No await between this check and taking the table's runtime: a second /guts start
    // racing this one sees the first's game here, or fails its commit on the version.
    const live = this.deps.runtimes.get(table.id)?.record;
    if (table.running || live?.running) throw runningError((live ?? table).state);
    this.deps.runtimes.track(table, {
      notes: {
        ...NO_NOTES,
        dealBase: table.dealNo,
        fourColour: look.fourColour,
        locale: look.locale ?? NO_NOTES.locale,
        returning,
      },
    });
    const carried = await channelPotReserve(this.deps.db, place.guildId, place.channelId);
    const fresh = seated(
      createGame({
        variant: variantId,
        options,
        ...carried,
        rng: this.deps.newRngState(),
        ...(this.deps.newServerSeed
          ? {
              fair: {
                lastSeed: this.deps.newServerSeed(),
                phrase: phrase ?? null,
                // The client seed takes only Discord's ids made after this press (docs/FAIRNESS.md).
                ...(isDiscordId(key) ? { after: key } : {}),
              },
            }
          : {}),
        host: host.id,
        hostName: host.name,
      }),
      seats,
    );
    const result = await this.deps.steps
      .run(table.id, key, (record) => {
        if (record.running) throw runningError(record.state);
        const opened: GameOpened = {
          type: 'GameOpened',
          variant: fresh.state.variant,
          options: fresh.state.options,
          firstDeal: table.dealNo + 1,
        };
        return {
          state: fresh.state,
          events: fresh.events,
          records: [opened],
          carried: { pot: fresh.state.pot, reserve: fresh.state.reserve },
          displayNames: Object.fromEntries(fresh.state.players.map((p) => [p.id, p.name])),
        };
      })
      .catch((err: unknown) => {
        if (!(err instanceof CarriedPotMovedError)) throw err;
        throw new UserFacingError('refusal.ledgerChanged');
      });
    if (!result) throw new UserFacingError('refusal.alreadyDone');
    return { table: this.deps.runtimes.track(result.record), result };
  }
}

/** A new game with `others` seated after its host, as their joins and the host's computers would seat them. */
function seated(game: GameState, others: readonly Seat[]): Applied {
  let applied: Applied = { state: game, events: [] };
  for (const seat of others) {
    if (seat.id === game.host) continue;
    const next = apply(
      applied.state,
      seat.computer
        ? { type: 'addComputer', by: game.host, level: seat.computer }
        : { type: 'join', playerId: seat.id, name: seat.name },
    );
    applied = { state: next.state, events: [...applied.events, ...next.events] };
  }
  return applied;
}

function runningError(state: GameState | null): UserFacingError {
  return new UserFacingError('refusal.running', { variant: state?.variant ?? 'guts' });
}
