import { EMOTES } from '../emotes.ts';
import type { ReactionFrame } from '../frames.ts';
import { el, say, type Ui } from './dom.ts';

/**
 * Reactions: a row of the fixed emotes anyone at the table (a spectator too) may float
 * over it. A reaction is an index into EMOTES, never text; the bot passes it to every page
 * of the channel within its limits, and the page holds itself to the same socket limit
 * (reactions.ts), so a person's clicks past it are not sent at all.
 */

/** The bot's per-socket limit (REACTION_LIMITS), kept here too. */
const BURST = 3;
const PER_SECOND = 0.5;
/** How long a reaction floats. */
const FLOAT_MS = 2500;

export class Reactions {
  private tokens = BURST;
  private at = Date.now();
  /** The emotes' buttons: the page places them (main.ts, under the table's actions). */
  readonly row = el('nav', { class: 'reactions' });

  constructor(
    private readonly ui: Ui,
    private readonly root: HTMLElement,
    private readonly send: (emote: number) => boolean,
  ) {}

  /** The buttons again, in the receiver's words (once the snapshot brought them). */
  show(): void {
    if (this.row.childElementCount === EMOTES.length) return;
    this.row.setAttribute('aria-label', say(this.ui, 'social.react'));
    this.row.replaceChildren(
      ...EMOTES.map(({ key, emoji }, i) => {
        const b = el(
          'button',
          {
            type: 'button',
            class: 'emote',
            'aria-label': say(this.ui, `social.emote.${key}`),
            'data-key': `emote-${key}`,
          },
          emoji,
        );
        b.addEventListener('click', () => this.react(i));
        return b;
      }),
    );
  }

  /** Someone's reaction: it floats up from their seat (the middle of the table for a spectator), then goes. */
  received(frame: ReactionFrame): void {
    const emote = EMOTES[frame.emote];
    if (!emote) return;
    const seat = this.root.querySelector<HTMLElement>(`.seat[data-seat="${CSS.escape(frame.from)}"]`);
    const box = seat?.getBoundingClientRect();
    const float = el(
      'span',
      {
        class: 'float-emote',
        role: 'img',
        'aria-label': say(this.ui, `social.emote.${emote.key}`),
        'data-from': frame.from,
      },
      emote.emoji,
    );
    float.style.left = `${box ? box.left + box.width / 2 : innerWidth / 2}px`;
    float.style.top = `${box ? box.top : innerHeight / 2}px`;
    document.body.append(float);
    setTimeout(() => float.remove(), FLOAT_MS);
  }

  private react(index: number): void {
    const now = Date.now();
    this.tokens = Math.min(BURST, this.tokens + ((now - this.at) / 1000) * PER_SECOND);
    this.at = now;
    if (this.tokens < 1) return;
    if (this.send(index)) this.tokens -= 1;
  }
}
