import { type ButtonId, parseButtonId } from '../custom-id.ts';
import type { ComponentHandler } from './types.ts';

/**
 * **Open table** (lobby and table card, when the bot serves an Activity): the channel's
 * table opens in Discord's Activity frame. Discord takes LAUNCH_ACTIVITY (callback type
 * 12) only as an interaction's first answer, so nothing is checked or deferred before
 * it; no step, as opening the page changes nothing (the page shows the channel's table).
 */
export const openTableHandler: ComponentHandler<ButtonId> = {
  name: 'open-table',
  parse(interaction) {
    const id = parseButtonId(interaction.customId);
    return id?.action === 'open' ? id : null;
  },
  async run(interaction) {
    await interaction.launchActivity();
    return undefined;
  },
};
