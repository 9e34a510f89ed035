import { SOURCE_LOCALE, t } from '../i18n/index.ts';
import { ACHIEVEMENT_IDS } from '../rules/achievements.ts';

/** An achievement's name in `locale` (an id the catalogue has dropped reads as itself): the chat's lists and the page's badges. */
export function achievementName(id: string, locale: string = SOURCE_LOCALE): string {
  return ACHIEVEMENT_IDS.includes(id) ? t(locale, `achievement.${id}.name` as 'achievement.first-win.name') : id;
}
