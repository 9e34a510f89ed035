import { helpMenuHandler } from './help.ts';
import { myCardsHandler } from './my-cards.ts';
import { openTableHandler } from './open-table.ts';
import { playAgainHandler } from './play-again.ts';
import { rulesButtonHandler, rulesFormHandler } from './rules.ts';
import { computerHandler, dealHandler, declareHandler, passHandler, seatHandler, swapHandler } from './table-press.ts';
import type { ComponentHandler, ModalHandler } from './types.ts';
import { verifyHandler } from './verify.ts';

/** Every button and menu family the bot answers, asked in this order. */
export const COMPONENT_HANDLERS: readonly ComponentHandler<unknown>[] = [
  seatHandler,
  computerHandler,
  dealHandler,
  declareHandler,
  myCardsHandler,
  passHandler,
  swapHandler,
  rulesButtonHandler,
  verifyHandler,
  helpMenuHandler,
  playAgainHandler,
  openTableHandler,
];

/** Every modal the bot opens and answers. */
export const MODAL_HANDLERS: readonly ModalHandler<unknown>[] = [rulesFormHandler];
