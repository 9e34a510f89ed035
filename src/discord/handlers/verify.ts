import { MessageFlags } from 'discord.js';
import { fairDeck, seedMatches } from '../../cards/fair-deck.ts';
import { dealHistory, gameEvents } from '../../db/hand-history.ts';
import { dealWasSettled } from '../../db/prune-history.ts';
import { loadTable } from '../../db/table-store.ts';
import type { Db } from '../../db/transaction.ts';
import { cardsDrawn, checkProof } from '../../engine/index.ts';
import { UserFacingError } from '../../table/user-facing-error.ts';
import { placeOf } from '../interaction-place.ts';
import { type DealProofFound, verifyPanel } from '../views/verify.ts';
import { buttonHandler } from './types.ts';

/**
 * A result's **Verify** button: the deal's proof, privately, from its hand history.
 * Read-only, no game step: the proof is in the deal's `DealEnded`, written when its
 * result was; a deal still under way has none, so nothing secret can be asked for.
 */

/** Deal `dealNo`'s proof as the hand history holds it, checked. */
export async function findDealProof(db: Db, tableId: number, dealNo: number): Promise<DealProofFound> {
  const events = gameEvents(await dealHistory(db, tableId, dealNo));
  const ended = events.find((e) => e.type === 'DealEnded');
  if (!ended) return (await dealWasSettled(db, tableId, dealNo)) ? { kind: 'pruned' } : { kind: 'none' };
  const proof = ended.type === 'DealEnded' ? ended.proof : undefined;
  if (!proof) return { kind: 'none' };
  const matches = seedMatches(proof.serverSeed, proof.dealNo, proof.commitment);
  const problem = checkProof(proof, cardsDrawn(events));
  const showdown = events.find((e) => e.type === 'Showdown' && e.kittyCards !== null);
  return {
    kind: 'proof',
    proof,
    deck: fairDeck(proof.serverSeed, proof.clientSeed, proof.dealNo),
    seedMatches: matches,
    cardsMatch: matches && problem === null,
    opponent:
      showdown?.type === 'Showdown' && showdown.kittyCards && showdown.opponent
        ? { kind: showdown.opponent, cards: showdown.kittyCards }
        : null,
  };
}

export const verifyHandler = buttonHandler('verify', ['verify'], async (interaction, id, ctx) => {
  const place = placeOf(interaction);
  const tableId = Number(id.tableId);
  const table = await loadTable(ctx.db, tableId);
  // A finished game's results stay checkable: only the place is held to the press.
  if (!table || table.guildId !== place.guildId || table.channelId !== place.channelId) {
    throw new UserFacingError('refusal.tableGone');
  }
  const found = await findDealProof(ctx.db, tableId, id.dealNo);
  const panel = verifyPanel(found, id.dealNo, interaction.locale, ctx.fairnessUrl);
  await interaction.reply({ ...panel, flags: MessageFlags.Ephemeral });
  return undefined;
});
