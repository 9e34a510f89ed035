import { HELP_MENU_ID, HELP_PAGES, type HelpPage, helpView } from '../views/rules.ts';
import type { ComponentHandler } from './types.ts';

/** `/guts help`'s page menu: the private help message turns to the page picked. */
export const helpMenuHandler: ComponentHandler<{ page: HelpPage; tableId: null }> = {
  name: 'help',
  parse(interaction) {
    if (interaction.customId !== HELP_MENU_ID || !interaction.isStringSelectMenu()) return null;
    const page = HELP_PAGES.find((p) => p === interaction.values[0]);
    return page ? { page, tableId: null } : null;
  },
  async run(interaction, { page }) {
    await interaction.update(helpView(interaction.locale, page));
    return undefined;
  },
};
