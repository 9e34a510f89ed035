import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeButtonId } from '../../../../src/discord/custom-id.ts';
import { rulesButtonHandler, rulesFormHandler } from '../../../../src/discord/handlers/rules.ts';
import { t } from '../../../../src/i18n/index.ts';
import { BOB, dealtTable, openTable, PLACE, type TablesFixture, tablesFixture } from '../../table/tables-fixture.ts';
import { botContext, fakeInteraction } from '../fixture.ts';

/**
 * handlers/rules.ts: the lobby's **Rules** button, its pages, and a submitted page,
 * on hand-made interactions over the table layer (SQLite in memory); a page's plan is
 * run by the real step pipeline, as the router runs it.
 */

/** A submitted modal's fields: the text inputs typed, every other field left as it was shown. */
const submitted = (text: Record<string, string>) => ({
  fields: new Map(),
  getTextInputValue: (id: string) => text[id] ?? '',
  getRadioGroup: () => null,
  getStringSelectValues: () => [],
  getCheckboxGroup: () => [],
});

describe('the Rules button and form', () => {
  let fx: TablesFixture;
  let bot: ReturnType<typeof botContext>;
  let tableId: number;

  const rulesId = (arg?: string, dealNo = 0) =>
    encodeButtonId({ tableId: String(tableId), dealNo, action: 'rules', ...(arg ? { arg } : {}) });
  const press = async (interaction: ReturnType<typeof fakeInteraction>) => {
    const parsed = rulesButtonHandler.parse(interaction as never);
    expect(parsed).not.toBeNull();
    return rulesButtonHandler.run(interaction as never, parsed as never, bot.ctx);
  };
  const submit = async (page: string, text: Record<string, string>, o: Parameters<typeof fakeInteraction>[0] = {}) => {
    // Submitted from the menu's message: the menu is updated in place.
    const interaction = {
      ...fakeInteraction({ ...o, customId: rulesId(page) }),
      fields: submitted(text),
      isFromMessage: () => true,
    };
    const parsed = rulesFormHandler.parse(interaction as never);
    expect(parsed).not.toBeNull();
    const plan = await rulesFormHandler.run(interaction as never, parsed as never, bot.ctx);
    if (plan) await bot.ctx.pipeline.form(interaction as never, plan);
    return interaction;
  };
  const options = () => fx.tables.heldTable(tableId)?.record.state?.options;

  beforeEach(async () => {
    fx = await tablesFixture();
    bot = botContext(fx);
    tableId = (await openTable(fx.tables)).table.record.id;
  });
  afterEach(async () => {
    await fx.close();
  });

  it('claims its own button, and a form only for a page', () => {
    expect(rulesButtonHandler.parse(fakeInteraction({ customId: rulesId() }) as never)).not.toBeNull();
    expect(rulesButtonHandler.parse(fakeInteraction({ customId: rulesId('money-1') }) as never)).not.toBeNull();
    expect(rulesFormHandler.parse(fakeInteraction({ customId: rulesId() }) as never)).toBeNull();
    expect(rulesFormHandler.parse(fakeInteraction({ customId: rulesId('money-1') }) as never)).not.toBeNull();
    const join = encodeButtonId({ tableId: '1', dealNo: 0, action: 'join' });
    expect(rulesButtonHandler.parse(fakeInteraction({ customId: join }) as never)).toBeNull();
  });

  it("opens the host's private menu of pages, and a page as a form", async () => {
    const menu = fakeInteraction({ customId: rulesId() });
    await expect(press(menu)).resolves.toBeUndefined();
    const [answer] = menu.reply.mock.calls[0] as [{ flags: number }];
    expect(answer.flags).toBe(64);
    expect(JSON.stringify(answer)).toContain(rulesId('money-1'));
    const page = fakeInteraction({ customId: rulesId('money-1') });
    await press(page);
    expect(page.showModal).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(page.showModal.mock.calls[0])).toContain('"custom_id":"ante"');
  });

  it('is refused to anyone but the host, once the game is dealt, and for a page that is no more', async () => {
    const stranger = fakeInteraction({ user: BOB, customId: rulesId() });
    await expect(press(stranger)).rejects.toMatchObject({ name: 'RuleError' });
    expect(stranger.reply).not.toHaveBeenCalled();
    await expect(press(fakeInteraction({ customId: rulesId('gone-9') }))).rejects.toMatchObject({
      key: 'refusal.rulesPageGone',
    });
    await fx.tables.stopGame(PLACE, { id: '1', admin: false }, 'stop');
    tableId = await dealtTable(fx, { key: 'start-2' });
    const dealt = fakeInteraction({ customId: rulesId(undefined, 1) });
    await expect(press(dealt)).rejects.toMatchObject({ name: 'RuleError' });
  });

  it("changes the table's options from a submitted page, one step, and answers with the menu saying what changed", async () => {
    const form = await submit('money-1', { ante: '9' });
    expect(options()?.ante).toBe(9);
    expect(fx.heard.published).toHaveLength(1);
    const [menu] = form.update.mock.calls.at(-1) as [{ content: string }];
    expect(menu.content).toMatch(/Ante.*9/);
  });

  it("changes the table's language through the pipeline, with no step; the handler itself writes nothing", async () => {
    const interaction = {
      ...fakeInteraction({ customId: rulesId('language') }),
      fields: { ...submitted({}), fields: new Map([['language', {}]]), getStringSelectValues: () => ['de'] },
      isFromMessage: () => true,
    };
    const parsed = rulesFormHandler.parse(interaction as never);
    const plan = await rulesFormHandler.run(interaction as never, parsed as never, bot.ctx);
    expect(plan).toMatchObject({ kind: 'form', action: null, language: 'de' });
    // A plan only: the table speaks as it did until the pipeline runs it.
    const locale = () => fx.tables.heldTable(tableId)?.notes.locale;
    expect(locale()).toBe('en-US');
    expect(bot.publisher.redraw).not.toHaveBeenCalled();
    if (plan) await bot.ctx.pipeline.form(interaction as never, plan);
    expect(locale()).toBe('de');
    expect(bot.publisher.redraw).toHaveBeenCalledWith(tableId);
    expect(fx.heard.committed).toEqual([]); // no step
    // Kept with the table's notes: a process that loads the table later speaks it too.
    expect((await fx.anotherProcess().running(PLACE)).notes.locale).toBe('de');
  });

  it('names a field it refuses and applies the rest; a page that changes nothing takes no step', async () => {
    const partly = await submit('money-1', { ante: 'lots', cap: '50' });
    const [said] = partly.update.mock.calls.at(-1) as [{ content: string }];
    const [changed, notChanged] = said.content.split('\n');
    expect(changed).toMatch(/Cap.*50/);
    expect(changed).not.toMatch(/Ante/);
    expect(notChanged).toMatch(/Ante/);
    expect(options()?.ante).toBe(5);
    expect(options()?.cap).toBe(50);
    const nothing = await submit('money-1', { ante: '5', cap: '50' }, { id: '9002' });
    expect(fx.heard.published).toHaveLength(1);
    expect(options()?.cap).toBe(50);
    const [none] = nothing.update.mock.calls.at(-1) as [{ content: string }];
    expect(none.content.split('\n')[0]).toBe(t('en-US', 'form.nothingChanged'));
  });
});
