import { SOURCE_LOCALE, t } from '../i18n/index.ts';
import { ACHIEVEMENTS } from '../rules/achievements.ts';
import { SEASON_MIN_DEALS } from '../rules/seasons.ts';

/** The rule book's account of seasons, points and achievements, from their data (rules/seasons.ts, rules/achievements.ts). */
export function seasonsSection(): string {
  const name = (id: string) => t(SOURCE_LOCALE, `achievement.${id}.name` as 'achievement.first-win.name');
  const about = (id: string) => t(SOURCE_LOCALE, `achievement.${id}.about` as 'achievement.first-win.about');
  const rows = ACHIEVEMENTS.map(
    (a) => `| ${name(a.id)} | ${about(a.id)} | ${a.versus === 'people' ? 'people only' : 'any deal'} |`,
  );
  return `## Seasons, points and achievements

Chips are money and stay in the ledger; seasons and achievements are for bragging, and
never move a chip. Everything here is worked out from the deals themselves (the hand
history), in the same step that settles each deal.

**Seasons.** Each server, and each group DM, plays seasons: calendar months (UTC) by
default, numbered from 1, the first being the month of its first deal. Someone with
*Manage Server* (a group DM's owner) may choose weeks (from Monday), months or quarters
with \`/guts-seasons\`; the season under way runs to its end and the new length starts
with the next one. Nothing is reset or deleted when a season ends: each season's table
is the sum of the deals played in its window. \`/guts season\` shows the current table,
the time left and the champions of the last five seasons.

**Points.** A deal counts for a season only if everyone dealt in is a person: deals with
computer players count for \`/guts stats\`, the leaderboard and the ledger, never for a
season. In a deal that counts, each winner scores one point for every person dealt in
who did not win (a split pot scores each winner the same). The table ranks by points,
then deals won, then net chips in the season; a player appears on it after
${SEASON_MIN_DEALS} deals in the season, and the season's champion is its table's first.

**Boards.** The leaderboard and the season's table name a player as the ledger last
saw them, or as the server knows them; a player who has left and whose name was never
kept reads as "a player who left", never as a number.

**Every server.** \`/guts leaderboard scope:global\` ranks the players who chose to appear
(\`/guts profile public:True\`; nobody is on it otherwise) by the points of each server's
current season added up, from ${SEASON_MIN_DEALS} deals in them together. It names them as Discord
does, never by a server nickname, and never names a server.

**Linked roles.** A server may give roles to its regulars through Discord's linked roles:
a player who links guts (the application's verification link) shares their deals won,
their current season points, their best rank on a season's table, their achievements
and that they play guts. Their connection is written again after their deals, at most
once a minute, and once a day when they do not play (a season's end resets its points).

**Achievements.** Each is earned once per player in each server (or group DM), at the
deal that earns it, and announced on that deal's result. Those marked *people only*
rank people against each other: a deal with a computer player never earns them, and the
counts they read leave those deals out. A run of wins is at one table; a deal against
computers neither grows it nor breaks it. \`guts backfill-achievements\` awards from the
hand history whatever a player earned and does not have (it is safe to run again).

| achievement | how | deals |
|---|---|---|
${rows.join('\n')}`;
}
