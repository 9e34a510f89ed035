import type { REST } from 'discord.js';
import { type TextKey, t } from '../i18n/index.ts';
import { LruCache } from '../lru.ts';
import { renderStandingsChart } from '../render/chart.ts';
import { renderStandingsBars } from '../render/standings-bars.ts';
import type { StandingsFrame } from './frames.ts';

/**
 * A moment to share: a game's final standings as the chat's picture of them
 * (render/chart.ts), uploaded as the application's attachment, whose CDN address the
 * page hands `openShareMomentDialog` (or the player copies). Discord documents the
 * upload at `POST /applications/{app}/attachment` (activities/development-guides/user-actions).
 * A game's picture is drawn and uploaded once per language, however many ask, and
 * at most `MAX_KEPT` are remembered: what pages cost stays bounded.
 */

/** Uploads one PNG as the application's attachment; its CDN address. */
export type UploadAttachment = (png: Buffer, filename: string) => Promise<string>;

export function restAttachmentUpload(rest: REST, applicationId: () => string): UploadAttachment {
  return async (png, filename) => {
    const answer = (await rest.post(`/applications/${applicationId()}/attachment`, {
      files: [{ key: 'file', name: filename, data: png, contentType: 'image/png' }],
    })) as { attachment: { url: string } };
    return answer.attachment.url;
  };
}

const MAX_KEPT = 200;

export class ShareMoments {
  private readonly kept = new LruCache<string, Promise<string | null>>(MAX_KEPT);

  constructor(private readonly upload: UploadAttachment) {}

  /** The address of the standings' picture for game `tableId` at `version`, in `locale`; null where there is none to draw. */
  picture(tableId: number, version: number, locale: string, standings: StandingsFrame): Promise<string | null> {
    const key = `${tableId}:${version}:${locale}`;
    const known = this.kept.get(key);
    if (known) return known;
    const made = this.make(locale, standings);
    this.kept.set(key, made);
    // A failed upload is not remembered: the next ask tries again.
    made.catch(() => this.kept.delete(key));
    return made;
  }

  private async make(locale: string, st: StandingsFrame): Promise<string | null> {
    const say = (key: string, vars: Record<string, unknown> = {}) => t(locale, key as TextKey, vars);
    const players = st.lines.map((l) => `${l.name} ${l.chips > 0 ? '+' : ''}${l.chips}`).join(', ');
    const alt = say('standings.chartAlt', { players });
    const deals = Math.max(0, ...st.lines.map((l) => l.points.length));
    // One deal has no course to chart: its standings as a bar a player (render/standings-bars.ts says why). None before a deal.
    const picture =
      deals >= 2
        ? renderStandingsChart(
            st.lines.map((l) => ({ name: l.name, points: l.points })),
            { deals: say('standings.chartDeals'), chips: say('standings.chartChips') },
            alt,
          )
        : deals === 1
          ? renderStandingsBars(
              st.lines.map((l) => ({ name: l.name, chips: l.chips })),
              st.title,
              alt,
            )
          : null;
    return picture ? this.upload(picture.png, picture.name) : null;
  }
}
