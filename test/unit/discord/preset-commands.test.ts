import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  deletePresetCommand,
  listPresetsCommand,
  presetChoices,
  presetSetup,
  savePresetCommand,
} from '../../../src/discord/preset-commands.ts';
import { variantName } from '../../../src/discord/views/format.ts';
import { t } from '../../../src/i18n/index.ts';
import { listPresets, savePreset } from '../../../src/table/presets.ts';
import { ANN, BOB, openTable, PLACE, type TablesFixture, tablesFixture } from '../table/tables-fixture.ts';
import { botContext, fakeInteraction } from './fixture.ts';

/**
 * preset-commands.ts: `/guts preset save|list|delete`, `/guts start preset:` and the
 * preset names offered as one types, on hand-made interactions over SQLite in memory.
 */

const THREE = variantName('three-card', 'en-US');

describe('the preset commands', () => {
  let fx: TablesFixture;
  let bot: ReturnType<typeof botContext>;

  beforeEach(async () => {
    fx = await tablesFixture();
    bot = botContext(fx);
  });
  afterEach(async () => {
    await fx.close();
  });

  const saved = (guildId = PLACE.guildId) => listPresets(fx.db, guildId);
  const answerOf = (interaction: ReturnType<typeof fakeInteraction>) => interaction.editReply.mock.calls.at(-1)?.[0];
  const save = (guildId: string, name: string, variant: string, options: Record<string, unknown>, by = ANN.id) =>
    savePreset(fx.db, guildId, name, { variant, options: options as never, by }, 0);

  describe('save', () => {
    it("names the running table's variant and changed options, for its host, privately", async () => {
      await openTable(fx.tables, { options: { ante: 7 } });
      const interaction = fakeInteraction({ options: { name: '  Friday  Night ' } });
      await savePresetCommand(interaction as never, bot.ctx);
      expect(interaction.deferReply).toHaveBeenCalledWith({ flags: 64 });
      expect(await saved()).toEqual([
        expect.objectContaining({
          name: 'friday night',
          variant: 'three-card',
          options: { ante: 7 },
          createdBy: ANN.id,
        }),
      ]);
      const line = t('en-US', 'preset.lineOptions', { name: 'friday night', variant: THREE, options: 'ante=7' });
      expect(answerOf(interaction)).toBe(t('en-US', 'preset.saved', { preset: line, name: 'friday night' }));
    });

    it('is refused to anyone else but a server manager', async () => {
      await openTable(fx.tables);
      const stranger = fakeInteraction({ user: BOB, options: { name: 'mine' } });
      await savePresetCommand(stranger as never, bot.ctx);
      expect(answerOf(stranger)).toBe(t('en-US', 'refusal.presetSave'));
      expect(await saved()).toEqual([]);
      await savePresetCommand(
        fakeInteraction({ user: BOB, manager: true, options: { name: 'mine' } }) as never,
        bot.ctx,
      );
      expect((await saved()).map((p) => [p.name, p.createdBy])).toEqual([['mine', BOB.id]]);
    });
  });

  describe('list', () => {
    it("lists this server's presets with their options, under a title", async () => {
      await save(PLACE.guildId, 'quick', 'two-card', {});
      await save(PLACE.guildId, 'big', 'three-card', { ante: 9 });
      await save('other-server', 'elsewhere', 'three-card', {});
      const interaction = fakeInteraction();
      await listPresetsCommand(interaction as never, bot.ctx);
      const answer = answerOf(interaction) as string;
      const [title, ...lines] = answer.split('\n');
      expect(title).toBe(t('en-US', 'preset.listTitle'));
      expect(lines.sort()).toEqual(
        [
          t('en-US', 'preset.lineOptions', { name: 'big', variant: THREE, options: 'ante=9' }),
          t('en-US', 'preset.line', { name: 'quick', variant: variantName('two-card', 'en-US') }),
        ].sort(),
      );
    });

    it("says when there are none, and in a group DM lists the group DM's own", async () => {
      const empty = fakeInteraction();
      await listPresetsCommand(empty as never, bot.ctx);
      expect(answerOf(empty)).toBe(t('en-US', 'preset.none'));
      await save(PLACE.channelId, 'ours', 'three-card', {});
      const dm = fakeInteraction({ groupDm: true });
      await listPresetsCommand(dm as never, bot.ctx);
      expect(answerOf(dm)).toBe(
        `${t('en-US', 'preset.listTitleGroupDm')}\n${t('en-US', 'preset.line', { name: 'ours', variant: THREE })}`,
      );
    });
  });

  describe('delete', () => {
    it('is for whoever saved the preset, or a server manager', async () => {
      await save(PLACE.guildId, 'quick', 'two-card', {}, BOB.id);
      await expect(
        deletePresetCommand(fakeInteraction({ options: { name: 'quick' } }) as never, bot.ctx),
      ).rejects.toMatchObject({ key: 'refusal.presetDelete' });
      const manager = fakeInteraction({ manager: true, options: { name: ' QUICK ' } });
      await deletePresetCommand(manager as never, bot.ctx);
      expect(answerOf(manager)).toBe(t('en-US', 'preset.deleted', { name: 'quick' }));
      expect(await saved()).toEqual([]);
    });
  });

  describe('/guts start preset:', () => {
    it("opens the preset's variant with options typed beside it on top, read only when run", async () => {
      const setup = presetSetup(fakeInteraction() as never, bot.ctx, 'Big', {
        variantId: null,
        options: { timer: 20 },
      });
      expect(typeof setup).toBe('function');
      await save(PLACE.guildId, 'big', 'three-card', { ante: 9, timer: 45 });
      await expect((setup as () => Promise<unknown>)()).resolves.toEqual({
        variantId: 'three-card',
        options: { ante: 9, timer: 20 },
      });
    });

    it('refuses a variant typed beside it that is not its own, and a preset that does not exist', async () => {
      await save(PLACE.guildId, 'big', 'three-card', {});
      const same = presetSetup(fakeInteraction() as never, bot.ctx, 'big', { variantId: 'three-card', options: {} });
      await expect((same as () => Promise<unknown>)()).resolves.toMatchObject({ variantId: 'three-card' });
      const other = presetSetup(fakeInteraction() as never, bot.ctx, 'big', { variantId: 'two-card', options: {} });
      await expect((other as () => Promise<unknown>)()).rejects.toMatchObject({
        key: 'refusal.presetVariant',
        vars: { name: 'big', variant: 'three-card' },
      });
      const none = presetSetup(fakeInteraction() as never, bot.ctx, 'nope', { variantId: null, options: {} });
      await expect((none as () => Promise<unknown>)()).rejects.toMatchObject({ key: 'refusal.noPreset' });
    });
  });

  describe('autocomplete', () => {
    it('offers the names starting with what was typed first, then those containing it', async () => {
      for (const name of ['late night', 'night owl', 'nightcap', 'morning'])
        await save(PLACE.guildId, name, 'three-card', {});
      const choices = await presetChoices(bot.ctx, PLACE.guildId, ' NIGHT', 'en-US');
      expect(choices.map((c) => c.value)).toEqual(['night owl', 'nightcap', 'late night']);
      expect(choices[0]).toEqual({ name: `night owl: ${THREE}`, value: 'night owl' });
    });
  });
});
