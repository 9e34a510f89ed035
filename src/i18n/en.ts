/**
 * The message catalogue's source: every line a player reads in the Discord views, in
 * American English (British English shares it). Other locales translate these keys;
 * a key a locale lacks falls back to this text.
 */
export const en = {
  chips_one: '{{count, number}} chip',
  chips_other: '{{count, number}} chips',
  lobby: {
    title: 'Guts: {{variant}}',
    options: 'Options',
    pot: 'Pot',
    reserve: 'Reserve',
    players: 'Players ({{seated}}/{{max}}, at least {{min}})',
    host: '(host)',
    nobody: 'Nobody yet: press Join.',
    footer: 'Press Join to sit down. The host sets the Rules and presses Deal when everyone is in.',
    over: 'This game is over: its result and standings are below. /guts start opens a new one.',
    on: 'The game is on: deal {{deal}} is below.',
    ante: 'ante {{amount}}',
    timer: 'timer {{seconds}}s',
    computerPlaceholder: 'Add a computer player (host)',
    cautious: 'Cautious computer player',
    cautiousHint: 'Stays only with the edge on its side',
    balanced: 'Balanced computer player',
    balancedHint: 'Stays when staying is worth more than dropping',
    bold: 'Bold computer player',
    boldHint: 'Stays on a little less than an even chance',
  },
  button: {
    join: 'Join',
    leave: 'Leave',
    deal: 'Deal',
    rules: 'Rules',
    removeComputer: 'Remove computer player',
    stay: 'Stay',
    drop: 'Drop',
    dropCosts: 'Drop (costs {{amount}})',
    takeOne: 'Take a card',
    takeMany: 'Take {{count}}',
    myCards: 'My cards',
    keep: 'Keep my cards',
  },
  answer: {
    joinedNext: "You're in from the next deal. Your cards will show up here.",
    joined: "You're in. Your cards will show up here when the deal starts.",
    leaving: "You'll leave the table after this deal.",
    left: "You've left the table.",
    droppedAll: 'You drop. Everyone has chosen: the result is in the channel.',
    stayedAll: 'You stay. Everyone has chosen: the result is in the channel.',
    computerSits: '{{name}} sits down. It decides only from what its seat can see.',
    aComputer: 'A computer player',
    computerLeft: 'The computer player left the table.',
    passed: 'Card passed.',
    swapped_one: 'Swapped {{count, number}} card.',
    swapped_other: 'Swapped {{count, number}} cards.',
    kept: 'You keep your cards.',
    done: 'Done.',
    already: 'Already done.',
  },
  error: {
    generic: 'Something went wrong on my side. Nothing was changed; please try again.',
    missingPermissions: "I don't have permission to do that in this channel.",
    missingAccess: "I can't see or post in this channel.",
    unknownMessage: 'That message is gone. Try `/guts table` to post the table again.',
    unknownChannel: "I can't find this channel.",
    cannotMessage: "I can't message that user.",
  },
} as const;

/** A catalogue's shape: the same keys as the source, any text. */
export type Catalogue = DeepStrings<typeof en>;
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
