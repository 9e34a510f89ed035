import type { MessageComponentInteraction, ModalSubmitInteraction } from 'discord.js';
import type { BotContext } from '../context.ts';
import type { StepPlan } from '../step-pipeline.ts';

/**
 * One family of buttons or menus (Sapphire's interaction handlers): `parse` reads the
 * custom id and says whether the interaction is this family's (null: not mine), `run`
 * does it, or returns the game step it asks for, which the router hands to the step
 * pipeline (step-pipeline.ts). The router asks each handler in turn; the first that parses runs.
 */
export interface ComponentHandler<Parsed> {
  name: string;
  parse(interaction: MessageComponentInteraction): Parsed | null;
  run(interaction: MessageComponentInteraction, parsed: Parsed, ctx: BotContext): Promise<StepPlan | undefined>;
}

/** One family of modals: as a component handler, for the forms the bot opens. */
export interface ModalHandler<Parsed> {
  name: string;
  parse(interaction: ModalSubmitInteraction): Parsed | null;
  run(interaction: ModalSubmitInteraction, parsed: Parsed, ctx: BotContext): Promise<StepPlan | undefined>;
}
