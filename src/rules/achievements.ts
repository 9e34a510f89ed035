/**
 * The achievements a player earns at a place (a server, or a group DM), as data: each
 * an id (its name and description are `achievement.<id>.name` and `.about` in every
 * catalogue) and a rule over one settled deal and the player's history at the place
 * up to and including it. docs/RULES.md says how each is counted.
 *
 * `versus: 'people'`: it ranks people against each other, so a deal with a computer
 * player never earns it (and the history it counts leaves those deals out).
 */

/** One player's part in one settled deal, as the hand history tells it. */
export interface DealFacts {
  variant: string;
  won: boolean;
  stayed: boolean;
  /** Chips the player took from the pot or the losers. */
  potWon: number;
  /** The table's ante (chips a seat puts in to open a pot). */
  ante: number;
  /** People dealt in, the player too. */
  people: number;
  /** The computer players dealt in, by level ('unknown' for an old seat that did not say). */
  computers: readonly string[];
  /** The player's best live hand at the showdown, if they showed one. */
  hand: { ranking: string; category: string } | null;
  /** Other stayers whose hands were live at the showdown. */
  rivalsShown: number;
  /** Killed at the showdown (Deadly 69s' face-up 6 or 9). */
  killed: boolean;
  /** Three-five-seven: took the pot with every leg of the game theirs. */
  sweptLegs: boolean;
}

/** What the player has done at the place so far, this deal included. */
export interface Progress {
  deals: number;
  wins: number;
  /** Deals won with no computer player dealt in. */
  peopleWins: number;
  /** Variants won in, with no computer player dealt in. */
  peopleVariants: string[];
  /** The run of deals won in a row at one table, and that table. */
  streak: number;
  streakTable: number;
}

export const NO_PROGRESS: Progress = {
  deals: 0,
  wins: 0,
  peopleWins: 0,
  peopleVariants: [],
  streak: 0,
  streakTable: 0,
};

export interface Achievement {
  id: string;
  versus: 'people' | 'anyone';
  earned(deal: DealFacts, progress: Progress): boolean;
}

/** A showdown won against at least one other live hand. */
const wonShowdown = (d: DealFacts) => d.won && d.hand !== null && d.rivalsShown > 0;
const antes = (d: DealFacts, n: number) => d.won && d.ante > 0 && d.potWon >= n * d.ante;

export const ACHIEVEMENTS: readonly Achievement[] = [
  { id: 'first-deal', versus: 'anyone', earned: (_d, p) => p.deals >= 1 },
  { id: 'first-win', versus: 'anyone', earned: (d) => d.won },
  { id: 'regular', versus: 'anyone', earned: (_d, p) => p.deals >= 100 },
  { id: 'veteran', versus: 'anyone', earned: (_d, p) => p.deals >= 1000 },
  { id: 'ten-wins', versus: 'people', earned: (_d, p) => p.peopleWins >= 10 },
  { id: 'hundred-wins', versus: 'people', earned: (_d, p) => p.peopleWins >= 100 },
  { id: 'hat-trick', versus: 'people', earned: (_d, p) => p.streak >= 3 },
  { id: 'unstoppable', versus: 'people', earned: (_d, p) => p.streak >= 5 },
  { id: 'pot-25-antes', versus: 'people', earned: (d) => antes(d, 25) },
  { id: 'pot-100-antes', versus: 'people', earned: (d) => antes(d, 100) },
  { id: 'five-variants', versus: 'people', earned: (_d, p) => p.peopleVariants.length >= 5 },
  { id: 'ten-variants', versus: 'people', earned: (_d, p) => p.peopleVariants.length >= 10 },
  { id: 'clean-sweep', versus: 'people', earned: (d) => d.variant === 'three-five-seven' && d.sweptLegs },
  {
    id: 'bold-slayer',
    versus: 'anyone',
    earned: (d) => wonShowdown(d) && d.people === 1 && d.computers.length === 1 && d.computers[0] === 'bold',
  },
  { id: 'deadly-survivor', versus: 'anyone', earned: (d) => d.variant === 'deadly-69s' && d.stayed && !d.killed },
  {
    id: 'high-card-hero',
    versus: 'people',
    earned: (d) => wonShowdown(d) && d.hand?.category === 'high-card' && d.hand.ranking !== 'one',
  },
  { id: 'crowd-pleaser', versus: 'people', earned: (d) => wonShowdown(d) && d.rivalsShown >= 3 },
  { id: 'trips', versus: 'anyone', earned: (d) => d.won && d.hand?.category === 'three-of-a-kind' },
  { id: 'straight-flush', versus: 'anyone', earned: (d) => d.won && d.hand?.category === 'straight-flush' },
  { id: 'five-of-a-kind', versus: 'anyone', earned: (d) => d.hand?.category === 'five-of-a-kind' },
  { id: 'packed-table', versus: 'people', earned: (d) => d.people >= 8 },
];

export const ACHIEVEMENT_IDS: readonly string[] = ACHIEVEMENTS.map((a) => a.id);

/** The player's history after one more deal (`tableId`: where it was played). */
export function advance(p: Progress, d: DealFacts, tableId: number): Progress {
  const people = d.computers.length === 0;
  const streak = d.won ? (p.streakTable === tableId ? p.streak : 0) + 1 : 0;
  return {
    deals: p.deals + 1,
    wins: p.wins + (d.won ? 1 : 0),
    peopleWins: p.peopleWins + (d.won && people ? 1 : 0),
    peopleVariants:
      d.won && people && !p.peopleVariants.includes(d.variant) ? [...p.peopleVariants, d.variant] : p.peopleVariants,
    // A run against computers neither grows nor breaks a run against people.
    streak: people ? streak : p.streak,
    streakTable: people ? tableId : p.streakTable,
  };
}

/** The achievements this deal earns the player, their history already advanced by it. */
export function earnedBy(d: DealFacts, progress: Progress): Achievement[] {
  const people = d.computers.length === 0;
  return ACHIEVEMENTS.filter((a) => (people || a.versus === 'anyone') && a.earned(d, progress));
}
