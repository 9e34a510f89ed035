import {
  ApplicationRoleConnectionMetadataType,
  type RESTPutAPIApplicationRoleConnectionMetadataJSONBody,
} from 'discord.js';
import { SOURCE_LOCALE, t, translations } from '../../i18n/index.ts';

/**
 * The role-connection metadata a server's linked roles can ask of a player (Discord
 * allows 5): deals won, this season's points, best season rank, achievements, and that
 * they play (linked). `guts deploy-commands` registers them; each player's values are
 * `connectionValues` (role-connection-values.ts).
 */
export const ROLE_METADATA = [
  { key: 'deals_won', type: ApplicationRoleConnectionMetadataType.IntegerGreaterThanOrEqual },
  { key: 'season_points', type: ApplicationRoleConnectionMetadataType.IntegerGreaterThanOrEqual },
  { key: 'best_season_rank', type: ApplicationRoleConnectionMetadataType.IntegerLessThanOrEqual },
  { key: 'achievements', type: ApplicationRoleConnectionMetadataType.IntegerGreaterThanOrEqual },
  { key: 'plays_guts', type: ApplicationRoleConnectionMetadataType.BooleanEqual },
] as const;

export type RoleMetadataKey = (typeof ROLE_METADATA)[number]['key'];

/** The records `PUT /applications/{id}/role-connections/metadata` takes, in every language (all catalogues loaded first). */
export function roleMetadataBody(): RESTPutAPIApplicationRoleConnectionMetadataJSONBody {
  return ROLE_METADATA.map(({ key, type }) => ({
    key,
    type,
    name: t(SOURCE_LOCALE, `linkedRoles.${key}.name`),
    name_localizations: translations(`linkedRoles.${key}.name`),
    description: t(SOURCE_LOCALE, `linkedRoles.${key}.description`),
    description_localizations: translations(`linkedRoles.${key}.description`),
  }));
}
