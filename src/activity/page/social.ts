import { type DiscordSDK, Permissions, PermissionUtils } from '@discord/embedded-app-sdk';
import type { TableFrame } from '../frames.ts';
import { el, say, type Ui } from './dom.ts';

/**
 * Discord's social features, through the SDK as Discord documents them: the table on the
 * player's profile (`setActivity`, scope rpc.activities.write) with a join secret that
 * `ACTIVITY_JOIN` brings back; invites while seats are free (`openInviteDialog` in a
 * server channel where `getChannelPermissions`, scope guilds.members.read, grants
 * CREATE_INSTANT_INVITE; else `shareLink` with a custom id naming this table); and the
 * seats of whoever talks in the voice channel (`SPEAKING_START`/`STOP`, rpc.voice.read).
 * Each is left out where Discord refuses it (a scope declined, a DM, no permission): the
 * table plays on, and the refusal is said where a developer looks.
 */

/** The scopes these features need, asked for with `identify` at sign-in (a user may decline any). */
export const SOCIAL_SCOPES = ['rpc.activities.write', 'rpc.voice.read', 'guilds.members.read'] as const;

/** Where the page's table is: the instance it asks tickets for and the channel it says it is in. */
export interface Place {
  instanceId: string;
  channelId: string;
}

/** A join secret or a shared link's custom id names a table by its channel (and an instance, for a secret). */
const SECRET = /^table\.(\d{1,20})(?:\.([A-Za-z0-9-]{1,120}))?$/;

export function tableOfCustomId(customId: string | null): { channelId: string } | null {
  const m = customId ? SECRET.exec(customId) : null;
  return m?.[1] ? { channelId: m[1] } : null;
}

function placeOfSecret(secret: string): Place | null {
  const m = SECRET.exec(secret);
  return m?.[1] && m[2] ? { channelId: m[1], instanceId: m[2] } : null;
}

/** Discord rate-limits a client's presence updates: at most one every this long, the latest kept. */
const PRESENCE_EVERY_MS = 4000;

const warn = (what: string) => (err: unknown) => console.warn(`Discord refused ${what}`, err);

export class Social {
  private scopes = new Set<string>();
  private mayInvite = false;
  private readonly speaking = new Set<string>();
  private presence = '';
  private presenceAt = 0;
  private presenceTimer: ReturnType<typeof setTimeout> | null = null;
  /** The invite controls: the page places them (main.ts, under the table's actions). */
  readonly bar = el('nav', { class: 'social' });
  private table: TableFrame | null = null;

  constructor(
    private readonly sdk: DiscordSDK,
    private readonly ui: Ui,
    private readonly place: () => Place,
    private readonly root: HTMLElement,
    /** Discord put the user in another instance (Join on a friend's profile): the page opens its table. */
    private readonly joinPlace: (place: Place) => void,
  ) {}

  /** After AUTHENTICATE: what the user granted decides what the page asks Discord for. */
  async start(granted: readonly (string | number)[]): Promise<void> {
    this.scopes = new Set(granted.map(String));
    await this.sdk
      .subscribe('ACTIVITY_JOIN', ({ secret }) => {
        const place = placeOfSecret(secret);
        if (place) this.joinPlace(place);
      })
      .catch(warn('ACTIVITY_JOIN'));
    if (this.scopes.has('rpc.voice.read'))
      await this.sdk
        .subscribe('SPEAKING_START', ({ user_id }) => this.speak(user_id, true), { channel_id: this.sdk.channelId })
        .then(() =>
          this.sdk.subscribe('SPEAKING_STOP', ({ user_id }) => this.speak(user_id, false), {
            channel_id: this.sdk.channelId,
          }),
        )
        .catch(warn('SPEAKING_START'));
    // Discord answers 0 in a DM or group DM, where it opens no invite dialog anyway.
    if (this.sdk.guildId && this.scopes.has('guilds.members.read')) {
      const { permissions } = await this.sdk.commands.getChannelPermissions().catch((err: unknown) => {
        warn('GET_CHANNEL_PERMISSIONS')(err);
        return { permissions: '0' };
      });
      this.mayInvite = PermissionUtils.can(Permissions.CREATE_INSTANT_INVITE, permissions);
    }
    this.show(this.table);
  }

  /** A new frame: the profile's status, the invite controls, and the speakers' seats again. */
  show(table: TableFrame | null): void {
    this.table = table;
    this.decorate();
    this.bar.replaceChildren(...this.controls(table));
    if (table && this.scopes.has('rpc.activities.write')) this.setPresence(table);
  }

  /** Lights the seats of whoever is talking (the page redraws its seats on every frame). */
  decorate(): void {
    for (const seat of this.root.querySelectorAll<HTMLElement>('.seat[data-seat]')) {
      const on = this.speaking.has(seat.dataset.seat ?? '');
      seat.classList.toggle('speaking', on);
      const name = seat.querySelector('.name');
      if (on && name && !name.querySelector('.talking'))
        name.append(el('span', { class: 'talking' }, ` · ${say(this.ui, 'social.speaking')}`));
      if (!on) name?.querySelector('.talking')?.remove();
    }
  }

  private speak(userId: string, on: boolean): void {
    if (on) this.speaking.add(userId);
    else this.speaking.delete(userId);
    this.decorate();
  }

  private controls(t: TableFrame | null): HTMLElement[] {
    if (!t || t.phase === 'over' || t.seats.length >= t.maxSeats) return [];
    if (this.mayInvite) return [this.button('social.invite', () => this.invite())];
    return [this.button('social.shareLink', () => this.shareLink())];
  }

  private button(key: string, onClick: () => void): HTMLButtonElement {
    const b = el('button', { type: 'button', 'data-key': key }, say(this.ui, key));
    b.addEventListener('click', onClick);
    return b;
  }

  private invite(): void {
    this.sdk.commands.openInviteDialog().catch((err: unknown) => {
      // Refused after all (the permission went since): offer the link instead.
      warn('OPEN_INVITE_DIALOG')(err);
      this.mayInvite = false;
      this.show(this.table);
    });
  }

  private shareLink(): void {
    const { channelId } = this.place();
    this.sdk.commands
      .shareLink({ message: say(this.ui, 'social.linkMessage'), custom_id: `table.${channelId}` })
      .catch(warn('SHARE_LINK'));
  }

  /** The table on the profile: variant and deal, the pot, seated of seats, and a secret that joins this instance. */
  private setPresence(t: TableFrame): void {
    const { instanceId, channelId } = this.place();
    const details =
      t.phase === 'lobby'
        ? say(this.ui, 'lobby.title', { variant: t.variant })
        : say(this.ui, 'table.heading', { variant: t.variant, deal: t.dealNo });
    const activity = {
      type: 0,
      details,
      state: say(this.ui, 'table.pot', { amount: t.pot }),
      party: { id: instanceId, size: [Math.max(1, t.seats.length), Math.max(1, t.maxSeats)] as [number, number] },
      secrets: { join: `table.${channelId}.${instanceId}` },
    };
    const text = JSON.stringify(activity);
    if (text === this.presence) return;
    this.presence = text;
    if (this.presenceTimer) return;
    const wait = Math.max(0, this.presenceAt + PRESENCE_EVERY_MS - Date.now());
    this.presenceTimer = setTimeout(() => {
      this.presenceTimer = null;
      this.presenceAt = Date.now();
      this.sdk.commands.setActivity({ activity: JSON.parse(this.presence) }).catch(warn('SET_ACTIVITY'));
    }, wait);
  }
}
