import { ComponentType, MessageFlags } from 'discord.js';
import { t } from '../../i18n/index.ts';
import type { WebhookMessage } from '../webhook-messages.ts';
import { type ButtonTarget, buttonRow, openTableButtons } from './buttons.ts';
import { variantName } from './format.ts';
import { TABLE_COLOUR } from './table-pieces.ts';

/**
 * What the chat's lobby or table card becomes once a game is played from the Activity
 * where the bot only answers presses (a group DM, a server that never invited it): the
 * page makes no interaction, so no token will edit the chat again. It says where the game
 * is and asks for no move; Open table opens it. `v2`: the message is a Components V2 card
 * (a table card), else an embed one (a lobby): an edit keeps its kind.
 */
export function inActivityView(target: ButtonTarget, variant: string, locale: string, v2: boolean): WebhookMessage {
  const title = variantName(variant, locale);
  const line = t(locale, 'table.inActivity');
  const open = openTableButtons({ ...target, openTable: true }, t(locale, 'button.openTable'));
  const row = buttonRow(target, open);
  if (!v2) {
    return { content: '', embeds: [{ title, description: line, color: TABLE_COLOUR }], components: [row] };
  }
  const card = {
    type: ComponentType.Container as const,
    accent_color: TABLE_COLOUR,
    components: [{ type: ComponentType.TextDisplay as const, content: `### ${title}\n${line}` }, row],
  };
  return { flags: MessageFlags.IsComponentsV2, components: [card], embeds: [], attachments: [] };
}
