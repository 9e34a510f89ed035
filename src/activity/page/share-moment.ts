import type { MomentFrame, TableFrame } from '../frames.ts';
import { el, say, type Ui } from './dom.ts';

/**
 * A moment to share: at game over, the final standings as the bot's picture of them. The
 * bot draws and uploads it (its address a Discord CDN one); Discord's share dialog
 * (`openShareMomentDialog`) takes it where the platform has one (the web and desktop),
 * elsewhere (a phone), or when Discord refuses, the page shows the picture's link to copy.
 * The control renders into the container it is given (`mount`), so the game-over panel
 * may place it where it likes; the page keeps what it learnt across redraws.
 */

export interface MomentDeps {
  /** Asks the bot for the picture (a MomentFrame answers); false when no socket is open. */
  ask(): boolean;
  /** Opens Discord's share dialog for `url`; rejects where Discord refuses it. */
  openDialog(url: string): Promise<unknown>;
  /** Whether Discord's client has the dialog here (it is web and desktop only). */
  dialogHere: boolean;
  /** Says something to the user for a moment. */
  tell(text: string): void;
}

export class ShareMoment {
  /** The game this control is for (its table id and version at game over), and its picture once known. */
  private game = '';
  private url: string | null = null;
  private linkShown = false;
  private waiting = false;

  constructor(
    private readonly ui: Ui,
    private readonly deps: MomentDeps,
  ) {}

  /** Draws the control into `container` while `t` shows a game's final standings. */
  mount(container: HTMLElement | null, t: TableFrame | null): void {
    if (!container || !t?.standings) return;
    const game = `${t.tableId}:${t.version}`;
    if (game !== this.game) Object.assign(this, { game, url: null, linkShown: false, waiting: false });
    const share = el('button', { type: 'button', 'data-key': 'share-moment' }, say(this.ui, 'social.shareMoment'));
    if (this.waiting) share.setAttribute('aria-busy', 'true');
    share.addEventListener('click', () => this.share());
    const box = el('div', { class: 'share-moment' }, share);
    if (this.linkShown && this.url) {
      const link = el('a', { href: this.url, target: '_blank', rel: 'noopener' }, say(this.ui, 'social.shareMoment'));
      const copy = el('button', { type: 'button', 'data-key': 'copy-moment' }, say(this.ui, 'social.copyLink'));
      copy.addEventListener('click', () => this.copy());
      box.append(link, copy);
    }
    container.append(box);
  }

  /** The bot's answer: the picture's address, or none. */
  received(frame: MomentFrame): void {
    this.waiting = false;
    if (!frame.url) {
      this.deps.tell(say(this.ui, 'social.momentFailed'));
      return;
    }
    this.url = frame.url;
    this.open(frame.url);
  }

  private share(): void {
    if (this.url) {
      this.open(this.url);
      return;
    }
    if (this.waiting) return;
    this.waiting = this.deps.ask();
    // An ask the bot dropped (too many) goes unanswered: the button works again a little later.
    if (this.waiting) setTimeout(() => (this.waiting = false), 15_000);
  }

  private open(url: string): void {
    if (!this.deps.dialogHere) {
      this.showLink();
      return;
    }
    this.deps.openDialog(url).catch((err: unknown) => {
      console.warn('Discord refused OPEN_SHARE_MOMENT_DIALOG', err);
      this.showLink();
    });
  }

  private showLink(): void {
    this.linkShown = true;
    this.ui.redraw();
  }

  private copy(): void {
    if (!this.url) return;
    navigator.clipboard.writeText(this.url).then(
      () => this.deps.tell(say(this.ui, 'social.copied')),
      (err: unknown) => console.warn('the link was not copied', err),
    );
  }
}
