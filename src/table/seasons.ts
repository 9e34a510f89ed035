/**
 * Seasons, as the calendar makes them (UTC): a place (a server, or a group DM) plays
 * seasons of a week (from Monday), a calendar month (the default) or a quarter. Its
 * calendar is a list of eras, each a length and the number of its first season, from
 * the first deal's month on; choosing another length adds an era that starts when the
 * season under way ends. Pure: every function takes the time it is asked about.
 */

import { DEFAULT_SEASON_LENGTH, type SeasonLength } from '../rules/seasons.ts';

export { DEFAULT_SEASON_LENGTH, SEASON_LENGTHS, SEASON_MIN_DEALS, type SeasonLength } from '../rules/seasons.ts';

export interface SeasonEra {
  /** Epoch ms: when its first season starts. */
  startsAt: number;
  length: SeasonLength;
  firstNumber: number;
}

export interface Season {
  number: number;
  /** Epoch ms, start inclusive, end exclusive. */
  start: number;
  end: number;
  length: SeasonLength;
}

const DAY_MS = 86_400_000;
/** 1970-01-05 was a Monday: weeks are counted from it. */
const FIRST_MONDAY = 4 * DAY_MS;

/** The calendar period `t` falls in, as a count of periods since 1970. */
function periodIndex(t: number, length: SeasonLength): number {
  if (length === 'week') return Math.floor((t - FIRST_MONDAY) / (7 * DAY_MS));
  const d = new Date(t);
  const months = d.getUTCFullYear() * 12 + d.getUTCMonth();
  return length === 'month' ? months : Math.floor(months / 3);
}

/** When period `index` starts (epoch ms). */
function periodStart(index: number, length: SeasonLength): number {
  if (length === 'week') return FIRST_MONDAY + index * 7 * DAY_MS;
  const months = length === 'month' ? index : index * 3;
  return Date.UTC(Math.floor(months / 12), months % 12, 1);
}

/** The start of the calendar period `t` falls in: where a place's first season starts. */
export const calendarStart = (t: number, length: SeasonLength): number => periodStart(periodIndex(t, length), length);

/** A place's calendar as its first deal starts it, when it has none yet: calendar months. */
export const firstEra = (at: number): SeasonEra => ({
  startsAt: calendarStart(at, DEFAULT_SEASON_LENGTH),
  length: DEFAULT_SEASON_LENGTH,
  firstNumber: 1,
});

/** The era `t` falls in: the last to start at or before it (eras sorted by start). */
function eraAt(eras: readonly SeasonEra[], t: number): { era: SeasonEra; next: SeasonEra | undefined } | null {
  let found = -1;
  for (let i = 0; i < eras.length; i++) if ((eras[i] as SeasonEra).startsAt <= t) found = i;
  return found < 0 ? null : { era: eras[found] as SeasonEra, next: eras[found + 1] };
}

/** The season `t` falls in, or null before the place's first. */
export function seasonAt(eras: readonly SeasonEra[], t: number): Season | null {
  const at = eraAt(eras, t);
  if (!at) return null;
  const { era, next } = at;
  const index = periodIndex(t, era.length);
  const start = Math.max(era.startsAt, periodStart(index, era.length));
  const end = Math.min(periodStart(index + 1, era.length), next?.startsAt ?? Number.POSITIVE_INFINITY);
  return { number: era.firstNumber + index - periodIndex(era.startsAt, era.length), start, end, length: era.length };
}

/** Season `number`'s window, or null for a season the calendar has not reached or never had. */
export function seasonNumbered(eras: readonly SeasonEra[], number: number): Season | null {
  let found: SeasonEra | undefined;
  for (const era of eras) if (era.firstNumber <= number) found = era;
  if (!found) return null;
  const index = periodIndex(found.startsAt, found.length) + (number - found.firstNumber);
  const season = seasonAt(eras, Math.max(found.startsAt, periodStart(index, found.length)));
  return season?.number === number ? season : null;
}

/**
 * The calendar after a place chooses `length` at `now`: the season under way runs to
 * its end, and seasons of the new length follow it (a choice not yet started is
 * replaced). Unchanged when the length is the one already coming.
 */
export function chooseLength(eras: readonly SeasonEra[], length: SeasonLength, now: number): SeasonEra[] {
  const current = seasonAt(eras, now);
  if (!current) return [{ startsAt: calendarStart(now, length), length, firstNumber: 1 }];
  const started = eras.filter((e) => e.startsAt <= now);
  if (current.length === length) return started;
  return [...started, { startsAt: current.end, length, firstNumber: current.number + 1 }];
}
