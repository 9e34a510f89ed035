import type { Logger } from '../log.ts';
import type { Place } from '../table/tables.ts';
import type { MomentFrame, ReactionFrame, TableFrame } from './frames.ts';
import { CLOSE_POLICY, type HubSocket } from './hub-socket.ts';
import type { ActivityIdentity } from './identity.ts';
import { type RefusalPacer, TokenBucket } from './limits.ts';
import type { ShareMoments } from './moments.ts';
import { ReactionGate, type ReactionLimits } from './reactions.ts';

/**
 * The Activity's social messages, which change no table: a reaction passed to the
 * channel's other pages (reactions.ts), and the game's final standings as a picture to
 * share (moments.ts). The hub owns the sockets and hands each message here with its page;
 * every one is bounded as a press is (its own buckets, the page's refusal pacer).
 */

/** What the relay needs of a page: who it is, its socket, and its buckets (made by `buckets`). */
export interface SocialPage {
  readonly socket: Pick<HubSocket, 'send' | 'close'>;
  readonly who: Pick<ActivityIdentity, 'userId' | 'channelId' | 'locale'>;
  readonly place: Place;
  /** Its snapshot was sent: only then does it show others' reactions. */
  readonly shown: boolean;
  /** Its refusals, shared with its presses: a socket that floods with any message is closed. */
  readonly refusals: RefusalPacer;
  readonly reactions: TokenBucket;
  readonly moments: TokenBucket;
}

export interface SocialDeps<Page extends SocialPage> {
  now: () => number;
  log: Logger;
  reactions?: ReactionLimits;
  /** The final standings as a picture to share; without it a page's ask is answered with none. */
  moments?: ShareMoments;
  /** The pages open in a channel. */
  pagesIn: (channelId: string) => Iterable<Page>;
  /** The frame of the table `page` shows, as it stands (null: none); its standings are the picture's. */
  tableFrameOf: (page: Page) => Promise<TableFrame | null>;
}

export class SocialRelay<Page extends SocialPage> {
  private readonly reactionGate: ReactionGate;

  constructor(private readonly deps: SocialDeps<Page>) {
    this.reactionGate = new ReactionGate(deps.reactions);
  }

  /** A new page's own buckets: its reactions' (reactions.ts), and its asks for the standings' picture (two, then one a minute). */
  buckets(now: number): Pick<SocialPage, 'reactions' | 'moments'> {
    return { reactions: this.reactionGate.socketBucket(now), moments: new TokenBucket(2, 1 / 60, now) };
  }

  /** The channel's last page went: nothing to remember of it. */
  forget(channelId: string): void {
    this.reactionGate.forget(channelId);
  }

  /** A reaction to every page of the channel that shows its table, within the reactions' limits (else dropped). */
  reacted(page: Page, emote: number): void {
    const now = this.deps.now();
    if (!this.reactionGate.allow(page.who.channelId, page.reactions, now)) {
      if (page.refusals.refused(now) === 'close') page.socket.close(CLOSE_POLICY, 'too many reactions');
      return;
    }
    for (const other of this.deps.pagesIn(page.who.channelId))
      if (other.shown && other.place.guildId === page.place.guildId)
        send(other, { type: 'reaction', from: page.who.userId, emote });
  }

  /** The page's game's final standings as a picture's address (moments.ts), within the socket's asks. */
  async shareMoment(page: Page): Promise<void> {
    const now = this.deps.now();
    const moments = this.deps.moments;
    const none: MomentFrame = { type: 'moment', url: null };
    if (!moments || !page.moments.available(now)) {
      const pace = page.refusals.refused(now);
      if (pace === 'close') page.socket.close(CLOSE_POLICY, 'too many asks');
      else if (pace === 'answer') send(page, none);
      return;
    }
    page.moments.take();
    const st = await this.deps.tableFrameOf(page);
    const url = st?.standings
      ? await moments.picture(st.tableId, st.version, page.who.locale, st.standings).catch((err: unknown) => {
          this.deps.log.warn({ err, tableId: st.tableId }, 'standings picture not uploaded');
          return null;
        })
      : null;
    send(page, { type: 'moment', url });
  }
}

function send(page: SocialPage, frame: ReactionFrame | MomentFrame): void {
  page.socket.send(JSON.stringify(frame));
}
