import type { MessageComponentInteraction, ModalSubmitInteraction } from 'discord.js';
import type { ComponentPlan, FormPlan } from '../step-pipeline.ts';
import { helpMenuHandler } from './help.ts';
import { myCardsHandler } from './my-cards.ts';
import { openTableHandler } from './open-table.ts';
import { playAgainHandler } from './play-again.ts';
import { rulesButtonHandler, rulesFormHandler } from './rules.ts';
import { tablePressHandler } from './table-press.ts';
import { type RoutedHandler, routed } from './types.ts';
import { verifyHandler } from './verify.ts';

/** Every button and menu family the bot answers, asked in this order. */
export const COMPONENT_HANDLERS: readonly RoutedHandler<MessageComponentInteraction, ComponentPlan>[] = [
  routed(tablePressHandler),
  routed(myCardsHandler),
  routed(rulesButtonHandler),
  routed(verifyHandler),
  routed(helpMenuHandler),
  routed(playAgainHandler),
  routed(openTableHandler),
];

/** Every modal the bot opens and answers. */
export const MODAL_HANDLERS: readonly RoutedHandler<ModalSubmitInteraction, FormPlan>[] = [routed(rulesFormHandler)];
