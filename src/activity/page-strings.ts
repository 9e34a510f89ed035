import { type TextKey, t } from '../i18n/index.ts';
import type { PageStrings } from './frames.ts';

/**
 * The words the Activity's page shows, from the same catalogues as the chat
 * (`locales/`), in the receiver's language. A text with values keeps its `{{name}}`
 * places for the page to fill: numbers are formatted there, in that language.
 */
const PAGE_TEXTS = {
  'button.join': {},
  'button.leave': {},
  'button.deal': {},
  'button.stay': {},
  'button.drop': {},
  'button.dropCosts': { amount: '{{amount}}' },
  'button.takeOne': {},
  'button.takeMany': { count: '{{count}}' },
  'button.keep': {},
  'button.verify': {},
  'button.removeComputer': {},
  'button.playAgain': {},
  'lobby.title': { variant: '{{variant}}' },
  'lobby.host': {},
  'lobby.cautious': {},
  'lobby.balanced': {},
  'lobby.bold': {},
  'lobby.commitment': {},
  'table.heading': { variant: '{{variant}}', deal: '{{deal}}' },
  'table.pot': { amount: '{{amount}}' },
  'table.reserve': { amount: '{{amount}}' },
  'table.nobody': {},
  'table.stopping': {},
  'turn.round': { round: '{{round}}' },
  'turn.soon': {},
  'turn.dropCosts': { amount: '{{amount}}' },
  'turn.dropFree': {},
  'turn.noDrop': {},
  'seat.dealer': {},
  'seat.chosen': {},
  'seat.choosing': {},
  'seat.toAct': {},
  'seat.waiting': {},
  'seat.in': {},
  'seat.out': {},
  'seat.killed': {},
  'seat.leaving': {},
  'seat.done': {},
  'seat.joinsNext': {},
  'standings.potLeft': {},
  'standings.reserveLeft': {},
  'standings.chartAlt': { players: '{{players}}' },
  'picture.faceDown': {},
  'result.hands': {},
  'result.payments': {},
  'result.wins': { names: '{{names}}' },
  'verify.commitment': {},
  'verify.seed': {},
  'verify.clientSeed': {},
  'verify.titleInGame': { deal: '{{deal}}', gameDeal: '{{gameDeal}}' },
  'verify.howTo': {},
  'verify.kitty': {},
  'activity.yourCards': {},
  'activity.watching': { join: '' },
  'activity.timeLeft': {},
  'activity.swap': {},
  'activity.pass': {},
  'activity.board': {},
  'activity.seats': {},
  'social.invite': {},
  'social.shareLink': {},
  'social.linkMessage': {},
  'social.speaking': {},
  'social.react': {},
  'social.emote.clap': {},
  'social.emote.laugh': {},
  'social.emote.wow': {},
  'social.emote.fire': {},
  'social.emote.sad': {},
  'social.shareMoment': {},
  'social.copyLink': {},
  'social.copied': {},
  'social.momentFailed': {},
  'activity.watchers': {},
  'activity.badge': { name: '{{name}}' },
  'recap.title': {},
  // The host's rules panel (page/rules-panel.ts): the options' own words come in its frame.
  'button.rules': {},
  'value.none': {},
  'form.matchPot': {},
  'form.matchBurn': {},
  'form.matchPercent': {},
  'form.amountLabel': {},
  'activity.saveRules': {},
  'activity.closeRules': {},
  'activity.nextRules': {},
} satisfies Partial<Record<TextKey, Record<string, string>>>;

export type PageKey = keyof typeof PAGE_TEXTS;

export function pageStrings(locale: string): PageStrings {
  const out: PageStrings = {};
  // A `count` left as its place is a string: i18next then reads the text as it is, not as a plural.
  for (const [key, vars] of Object.entries(PAGE_TEXTS))
    out[key] = t(locale, key as TextKey, vars as Readonly<Record<string, unknown>>);
  // The sentence that names a button names it as the button reads.
  out['activity.watching'] = t(locale, 'activity.watching', { join: t(locale, 'button.join') });
  return out;
}
