/**
 * Card pictures (PNG) and their text forms. Every render returns null instead of
 * throwing, so the caller can always fall back to the matching text function.
 */
export { renderBoard } from './board.ts';
export {
  type CardEmojiArt,
  cardEmojiName,
  cardEmojiPng,
  cardEmojiSet,
  type EmojiLook,
  GAP_EMOJI,
} from './emoji-art.ts';
export { renderHand } from './hand.ts';
export { clearPictureCache, onRenderError } from './picture.ts';
export { renderShowdown } from './showdown.ts';
export { boardText, cardText, ENGLISH_WORDS, handText, showdownRowText, showdownText, type TextWords } from './text.ts';
export type { BoardCell, BoardOptions, HandOptions, Picture, RenderOptions, ShowdownRow } from './types.ts';
