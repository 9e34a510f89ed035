import { defaultOptions, listVariants } from '../rules/index.ts';
import { howToPlay } from './explain.ts';
import { defaultText, groupTitle, optionsIn, valuesText } from './option-help.ts';
import { seasonsSection } from './seasons-text.ts';

/**
 * The players' rule book, docs/RULES.md, written from the rules themselves: the prose
 * below, then every variant step by step (explain.ts) and every option (option-help.ts).
 * `guts rulebook` prints it; a test fails when docs/RULES.md differs, so it cannot drift.
 */

const INTRO = `# Guts: the rule book

Guts is a family of poker games with no betting rounds: everyone holds a few cards,
says **stay** or **drop**, and the stayers show down. The best hand takes the pot and
every other stayer *matches* it, so pots grow fast. This page is everything the bot
plays: how a game goes, how a deal is settled, every variant and every table option.

<!-- Written by \`guts rulebook\` from the rules catalogue (src/rules). Do not edit by hand:
     change the rules or their wording there, then run \`node bin/guts.js rulebook > docs/RULES.md\`. -->`;

const SECTIONS: readonly { title: string; body: string }[] = [
  {
    title: 'How every game goes',
    body: `A game is played at a table (one channel) by the players who joined. It is a
loop of deals:

1. **Ante.** When the pot is empty, every seated player antes into it. With
   *Everybody antes* on, everyone antes every deal (a player who just matched the pot
   is excused when *Loser skips the ante* is on).
2. **Deal.** Private cards to each player and, in layout games, community cards on the
   table, as the variant says.
3. **Declare.** Each player still in the deal stays or drops. By default everyone
   chooses at once and nobody sees a choice until everyone has chosen or the countdown
   ends; a player who has not chosen by then has dropped. With *How players declare:
   in turn*, players choose one after another from the dealer's left, each seeing the
   earlier choices. Some variants declare more than once, with cards dealt between.
4. **Showdown** among the players who stayed (and the kitty, if one plays).
5. **Settle** (below), then the next deal starts by itself, until the game ends.

The dealer moves one seat to the left after every deal.`,
  },
  {
    title: 'Who wins a showdown',
    body: `Cards speak: the bot finds each player's best legal hand, nobody has to name it.
Equal best hands tie; suits never break a tie. Aces are high, and where straights
count, A-2-3 is the lowest straight and Q-K-A the highest.

| cards | best to worst |
|---|---|
| 1 | the highest card |
| 2 | a pair, then high card (A-A best, 3-2 worst) |
| 3 (guts, the default) | three of a kind, straight flush, straight, flush, pair, high card |
| 3 (poker) | straight flush, three of a kind, straight, flush, pair, high card |
| 3 (pairs) | three of a kind, pair, high card |
| 4 | four of a kind, three of a kind, two pair, pair, high card |
| 5, or best 5 of more | standard poker; with wild cards, five of a kind on top |

A wild card becomes whatever card makes the best hand, even one the player already
holds. In layout games (Iron Cross, Tic Tac Toe…) a hand may use community cards from
one line only, as the variant says.`,
  },
  {
    title: 'Settling a deal',
    body: `Chips are whole numbers; nothing is ever split into fractions.

- **Nobody stayed:** by default the pot stays for the next deal (*When everyone drops*
  can make everyone ante again, or make the best dropped hand pay).
- **One player stayed** (and no kitty plays): they take the whole pot without showing
  their cards, and the game is over, unless the table plays legs.
- **Two or more stayed:** the best hand takes the pot, and every other stayer pays the
  pot's amount into the new pot. Tied best hands split it; a remainder that cannot be
  split stays in the pot. If everyone who stayed ties, they split it and the game is over.

Example: the pot is 10 and four players stay. The winner takes 10; the three others
pay 10 each, so the next pot is 30.

**Caps and the reserve.** With a *Cap*, no deal can win or cost more than the cap. After
the losers pay, whatever is over the cap goes to the table's reserve. When a pot is won
and the reserve is not empty, a new pot of up to the cap comes out of the reserve and
the game goes on. Example: pot 80, cap 100, four stay: the winner takes 80, the three
others pay 80 each (240), so the pot is 100 and the reserve 140. Won again without a
contest: pot 100 from the reserve, reserve 40; then pot 40, reserve 0; then the game
is over. With *Cap style: excess is not paid*, there is no reserve: the winner takes at
most the cap, losers pay at most the cap. A table without a cap still has the house's:
1,000,000,000 chips, the largest cap one can set, so a pot that every loser matches
(three times bigger each deal with three players who stay) never outgrows exact sums.

**Burns.** *What losers pay* can be a fixed burn (losers pay that many chips, or the
pot if it is smaller) or a percent of the pot (rounded down), instead of the pot.`,
  },
  {
    title: 'Who else must be beaten',
    body: `- **Kitty.** An extra hand dealt like a player's, never shown until the showdown. With
  *Kitty: always* it plays every showdown; with *only when one player stays* it plays
  only against a lone stayer. If the kitty's hand is best (ties go to the kitty), every
  stayer pays and nobody wins the pot. If everybody drops, everyone antes again.
- **The phantom** is Iron Cross's kitty: dealt after the last declaration, it plays its
  best line; a tie with it is a stand-off (nobody pays, the pot stays).
- **Legs.** With *Legs*, a player who stays alone (or all who tie for best) gets a leg
  instead of the pot; the first to reach the number of legs takes the pot and ends the game.
- **Compulsory first round.** On a game's first deal, and after a pot was emptied,
  nobody may drop.`,
  },
  {
    title: 'The end of a game',
    body: `A game ends when the pot is won without a showdown (one player stayed and beat the
kitty if one played), when everyone who stayed ties for the whole pot, when a player
reaches the number of legs, or when the host stops it with \`/guts stop\`. A stopped
game leaves its pot and reserve with the channel: the next game there plays for them.`,
  },
  {
    title: 'Settling up: the ledger and the house',
    body: `Every game's chips are kept in a ledger per server (or per group DM). \`/ledger settle\`
squares it up with the fewest payments between people. Computer players pay nobody and
nobody pays them: together they are *the house*. So people's balances seldom add up to
zero: what people won from the house, no person owes; what they lost to it, or left in
pots and reserves, no person is owed. That part is shared by the people on its side, in
proportion to their balances:

- People up together (they won from the house): the winners share it by what each won.
  A winner's share is the part of their winnings no person pays them.
- People down together (they lost to the house, or chips sit in pots and reserves): the
  losers share it by what each lost. A loser's share is the part of their loss they pay
  to no person.

A share is that amount × the player's balance ÷ the balances on that side together,
rounded down; the chips left by rounding go one each to the largest fractions (ties: the
larger balance, then the smaller Discord id). The rest is paid between people in full: a
player's payments plus their share are their balance.

Example: Ann +140, Cat +55, Ben −148, the house −47. Ann and Cat won the house's 47:
Ann's share is 47 × 140 ÷ 195 = 33.7, Cat's 13.3, so Ann 34 and Cat 13. Ben pays Ann
106 and Cat 42. Chips in a pot are nobody's winnings: the house's line says how much of
its loss people won and how much still sits in pots.`,
  },
  {
    title: 'Readings settled where the usual rules are silent',
    body: `- A countdown that ends in a round where nobody may drop counts everyone who has not
  chosen as staying.
- When several players drop in the same late Iron Cross round, each pays 10% of the pot
  as it stood when that round began (rounded half up); one's penalty does not raise another's.
- In Five-card draw and Two more inches, a player's draw (or two face-up cards) comes at
  once, before the next player is asked, so later players see how many cards earlier
  players took. A dealer who is the first to say in asks everyone again, once; with a
  kitty, the dealer does not.
- With a cap and a reserve, the pot is refilled from the reserve only when it is empty
  after a deal (won without a contest, or split by everyone who stayed); after a
  contested deal the losers' payments are the next pot, capped, the excess to the reserve.
- In Deadly 69s a player killed by a face-up card counts as a stayer who lost: they pay
  like any loser and can never win. If every stayer is killed, nobody wins: all of them
  pay and the pot grows.
- A lone stayer who plays the deck (Four-card draw, or *Lone stayer plays the deck*) must
  beat as many cards from the top of the deck as they hold; a tie goes to the deck.`,
  },
  {
    title: 'Deals that cannot complete',
    body: `If the deck runs out, the deal is void: its antes and penalties go back, and the bot
says why. A variant seats at most as many players as its deck can serve; the bot checks
this when players join.`,
  },
];

function variantSection(id: string): string {
  const v = listVariants().find((x) => x.id === id);
  if (!v) throw new Error(`no variant ${id}`);
  const how = howToPlay(v, defaultOptions(v.id));
  const lines = [
    `### ${v.name} (\`${v.id}\`)`,
    '',
    `${v.summary.replace('\n', ' ')} ${v.minPlayers} to ${v.maxPlayers} players.`,
    '',
    ...how.steps.map((s, i) => `${i + 1}. ${s}`),
    '',
    `**Money.** ${how.money.join(' ')}`,
  ];
  if (how.notes.length) lines.push('', ...how.notes.map((n) => `- ${n}`));
  return lines.join('\n');
}

const cell = (text: string): string => text.replace(/\|/g, '\\|');

function optionsSection(): string {
  const parts = [
    '## Table options',
    '',
    "The host changes them with the lobby's **Rules** button, or types them in `/guts start` (the",
    'common ones have fields of their own; `options:` takes the rest as `name=value` pairs, e.g.',
    '`ties=no-split match=burn:5`). A variant may use its own default (Iron Cross: a 10%',
    'late-drop penalty; Three-five-seven: 3 legs and losers paying the winner). An unknown',
    'option, or a value out of range, is refused with a message that names it.',
  ];
  for (const group of ['money', 'declaring', 'extras'] as const) {
    parts.push(
      '',
      `### ${groupTitle(group)}`,
      '',
      '| option | typed as | what it does | values | default |',
      '|---|---|---|---|---|',
    );
    for (const spec of optionsIn(group)) {
      parts.push(
        `| ${cell(spec.title)} | \`${spec.name}\` | ${cell(spec.about)} | ${cell(valuesText(spec))} | ${cell(defaultText(spec))} |`,
      );
    }
  }
  return parts.join('\n');
}

/** docs/RULES.md, whole. */
export function rulebook(): string {
  const variants = listVariants().filter((v) => v.available);
  return [
    INTRO,
    ...SECTIONS.map((s) => `## ${s.title}\n\n${s.body}`),
    `## The variants\n\n${variants.map((v) => `- [${v.name}](#${anchor(v.name, v.id)}) \`${v.id}\``).join('\n')}`,
    ...variants.map((v) => variantSection(v.id)),
    optionsSection(),
    seasonsSection(),
  ]
    .join('\n\n')
    .concat('\n');
}

/** GitHub's heading anchor for "### Name (`id`)". */
function anchor(name: string, id: string): string {
  return `${name} (${id})`
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');
}
