import type { MessageComponentInteraction, ModalSubmitInteraction } from 'discord.js';
import type { BotContext } from '../context.ts';
import { type ButtonAction, type ButtonId, isOneOf, parseButtonId } from '../custom-id.ts';
import type { ComponentPlan, FormPlan } from '../step-pipeline.ts';

/** What every parsed interaction says: the table it points at, if any (for its log lines, and a table waiting for a press). */
export interface Parsed {
  tableId: string | null;
}

/**
 * One family of interactions (Sapphire's interaction handlers): `parse` reads the
 * custom id and says whether the interaction is this family's (null: not mine), `run`
 * does it, or returns the game step it asks for, which the router hands to the step
 * pipeline (step-pipeline.ts). The router asks each handler in turn; the first that parses runs.
 */
interface Handler<I, P extends Parsed, Plan> {
  name: string;
  parse(interaction: I): P | null;
  run(interaction: I, parsed: P, ctx: BotContext): Promise<Plan | undefined>;
}

/** One family of buttons or menus. */
export type ComponentHandler<P extends Parsed> = Handler<MessageComponentInteraction, P, ComponentPlan>;

/**
 * A family of the bot's own buttons and menus (`g:<tableId>:<dealNo>:<action>`,
 * custom-id.ts): the presses whose action is one of `actions`.
 */
export function buttonHandler<A extends ButtonAction>(
  name: string,
  actions: readonly A[],
  run: ComponentHandler<ButtonId<A>>['run'],
): ComponentHandler<ButtonId<A>> {
  return {
    name,
    parse(interaction) {
      const id = parseButtonId(interaction.customId);
      if (!id) return null;
      const { action } = id;
      return isOneOf(actions, action) ? { ...id, action } : null;
    },
    run,
  };
}

/** One family of modals: as a component handler, for the forms the bot opens. */
export type ModalHandler<P extends Parsed> = Handler<ModalSubmitInteraction, P, FormPlan>;

/** An interaction a handler parsed as its own, ready to run with what it parsed. */
export interface Claimed<Plan> {
  tableId: string | null;
  run(ctx: BotContext): Promise<Plan | undefined>;
}

/**
 * A handler as the router holds it, whatever it parses: its parsed value never leaves
 * it, so only its own `run` gets what its own `parse` made (no handler list of
 * `unknown`s to cast back).
 */
export interface RoutedHandler<I, Plan> {
  name: string;
  claim(interaction: I): Claimed<Plan> | null;
}

export function routed<I, P extends Parsed, Plan>(handler: Handler<I, P, Plan>): RoutedHandler<I, Plan> {
  return {
    name: handler.name,
    claim(interaction) {
      const parsed = handler.parse(interaction);
      if (parsed === null) return null;
      return { tableId: parsed.tableId, run: (ctx) => handler.run(interaction, parsed, ctx) };
    },
  };
}
