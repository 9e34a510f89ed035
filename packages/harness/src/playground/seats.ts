import { type ChannelRecord, GROUP_DM_MAX_MEMBERS, type LocalDiscord } from '@guts/local-discord';
import { Locale } from 'discord-api-types/v10';
import { SeatLanguages } from './seat-languages.ts';
import { stableId } from './stable-id.ts';

/** Someone the page can play as: a user of the local Discord, whose client speaks `locale`. */
export interface Seat {
  name: string;
  id: string;
  locale: string;
}

export const DEFAULT_SEATS = ['Ann', 'Ben', 'Cat', 'Dan'];
/** Enough for the largest table; a bound so a stuck key cannot create users forever. */
export const MAX_SEATS = 24;
const NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,31}$/u;
const isLocale = (locale: string) => (Object.values(Locale) as string[]).includes(locale);

export class SeatError extends Error {}

/**
 * The people at the playground's one server, by name (case-insensitive) and by user id.
 * Each has installed the app on their own account too, and the first ten share a group DM.
 */
export class Seats {
  private readonly byKey = new Map<string, Seat>();
  private groupDm: ChannelRecord | null = null;

  /** `languages`: each seat's language as last picked, which a seat of that name speaks again. */
  constructor(
    private readonly discord: LocalDiscord,
    private readonly languages: SeatLanguages = new SeatLanguages(null),
  ) {}

  /**
   * Creates a user named `name`, speaking the language last picked for that name, who
   * joins the server and the group DM while it has room; refuses odd names, duplicates
   * and too many.
   */
  add(rawName: string): Seat {
    const name = rawName.trim().replace(/\s+/g, ' ');
    if (!NAME.test(name)) {
      throw new SeatError('A name is 1 to 32 letters, digits, spaces, dots, dashes or underscores.');
    }
    if (this.byKey.has(name.toLowerCase())) throw new SeatError(`${name} is already seated.`);
    if (this.byKey.size >= MAX_SEATS) throw new SeatError(`The playground holds at most ${MAX_SEATS} people.`);
    let user = this.discord.createUser({ name, id: stableId(`seat:${name.toLowerCase()}`) });
    const remembered = this.languages.get(name);
    if (remembered && isLocale(remembered)) user = this.discord.setUserLocale(user.id, remembered);
    // A user install: the app follows the seat into the group DM, where the bot is no member.
    this.discord.installApp(user);
    if (this.groupDm && this.groupDmMembers().length < GROUP_DM_MAX_MEMBERS)
      this.discord.addToGroupDm(this.groupDm, user);
    const seat = { name, id: user.id, locale: user.locale };
    this.byKey.set(name.toLowerCase(), seat);
    return seat;
  }

  /** The seat's Discord client switches language: every interaction it makes says so (`locale`). */
  setLocale(name: string, locale: string): Seat {
    const seat = this.byName(name);
    if (!seat) throw new SeatError(`Nobody called ${name} is seated.`);
    if (!isLocale(locale)) throw new SeatError(`${locale} is not a Discord locale.`);
    seat.locale = this.discord.setUserLocale(seat.id, locale).locale;
    this.languages.set(seat.name, seat.locale);
    return seat;
  }

  /** The seats' group DM, made by the first seat with the next nine (Discord's client fits ten). */
  openGroupDm(id: string): ChannelRecord {
    const [owner, ...others] = this.list();
    if (!owner) throw new SeatError('A group DM needs someone to make it: seat someone first.');
    this.groupDm = this.discord.createGroupDm(owner, others.slice(0, GROUP_DM_MAX_MEMBERS - 1), { id });
    return this.groupDm;
  }

  /** The user ids in the group DM, its owner first. */
  groupDmMembers(): string[] {
    return [...(this.groupDm?.group?.recipientIds ?? [])];
  }

  byName(name: string): Seat | undefined {
    return this.byKey.get(name.trim().toLowerCase());
  }

  byId(id: string): Seat | undefined {
    return this.list().find((s) => s.id === id);
  }

  list(): Seat[] {
    return [...this.byKey.values()];
  }
}
