import { type KeyUnder, SOURCE_LOCALE, t } from '../../i18n/index.ts';
import {
  type BoardCell,
  boardText,
  type HandOptions,
  handText,
  type ShowdownRow,
  showdownText,
  type TextWords,
} from '../../render/index.ts';
import { clip } from './format.ts';

/**
 * Words in the pictures' captions, written here from what each picture shows: the
 * renderer's own lines are English, and a caption is read in the reader's language.
 */
const words = new Map<string, TextWords>();

export function textWords(locale: string = SOURCE_LOCALE): TextWords {
  let known = words.get(locale);
  if (!known) {
    const say = (key: KeyUnder<'picture'>, values?: Record<string, unknown>) => t(locale, `picture.${key}`, values);
    known = {
      faceDownCards: (count) => say('faceDownCards', { count }),
      noCards: say('noCards'),
      using: (cards) => say('using', { cards }),
      faceDown: say('faceDown'),
      emptyBoard: say('emptyBoard'),
      winner: (name) => say('winner', { name }),
      folded: say('folded'),
      nobodyShowed: say('nobodyShowed'),
    };
    words.set(locale, known);
  }
  return known;
}

/** Discord's limit on an attachment's or a media item's description. */
const CAPTION_MAX = 1024;

export const handCaption = (cards: readonly number[], options: HandOptions, locale: string): string =>
  clip(t(locale, 'picture.cards', { cards: handText(cards, options, textWords(locale)) }), CAPTION_MAX);

export const boardCaption = (cells: readonly BoardCell[], locale: string): string =>
  clip(t(locale, 'picture.board', { cards: boardText(cells, textWords(locale)) }), CAPTION_MAX);

export const showdownCaption = (rows: readonly ShowdownRow[], locale: string): string =>
  clip(
    t(locale, 'picture.showdown', { hands: showdownText(rows, textWords(locale)).replaceAll('\n', '. ') }),
    CAPTION_MAX,
  );
