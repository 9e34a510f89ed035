import { describe, expect, it } from 'vitest';
import { InvocationError } from '../../src/index.ts';
import { harnessForFile, specRefusals } from '../harness.ts';

const betModal = {
  title: 'Place a bet',
  custom_id: 'g:1:bet-modal',
  components: [
    { type: 18, id: 1, label: 'Amount', component: { type: 4, id: 2, custom_id: 'amount', style: 1, max_length: 4 } },
    {
      type: 18,
      id: 3,
      label: 'Hand',
      component: {
        type: 3,
        id: 4,
        custom_id: 'hand',
        options: [
          { label: 'Left', value: 'left' },
          { label: 'Right', value: 'right' },
        ],
      },
    },
    { type: 18, id: 5, label: 'Sure?', component: { type: 23, id: 6, custom_id: 'sure' } },
  ],
};

describe('modals', () => {
  const file = harnessForFile();
  it('submits a modal opened from a button in Discord shape; the bot updates the button message (7)', async () => {
    const table = await file.channel().send({
      content: 'Deal 1',
      components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Bet', custom_id: 'g:1:bet' }] }],
    });
    const received: unknown[] = [];
    file.h().onInteraction(async (i) => {
      if (i.isButton()) await i.showModal(betModal as never);
      if (!i.isModalSubmit()) return;
      received.push(i.fields.getTextInputValue('amount'), i.fields.getStringSelectValues('hand'));
      received.push(i.fields.getCheckbox('sure'));
      if (i.isFromMessage()) await i.update({ content: `bet ${i.fields.getTextInputValue('amount')}` });
    });
    const press = file.h().discord.pressButton(file.h().ann, table.id, 'Bet');
    expect((await press.acknowledged()).type).toBe(9);
    expect(press.modal?.custom_id).toBe('g:1:bet-modal');
    const submit = file.h().discord.submitModal(file.h().ann, press, { amount: '25', hand: ['left'], sure: true });
    expect(submit.payload).toMatchObject({
      type: 5,
      message: { id: table.id },
      data: {
        custom_id: 'g:1:bet-modal',
        components: [
          { type: 18, id: 1, component: { type: 4, id: 2, custom_id: 'amount', value: '25' } },
          { type: 18, id: 3, component: { type: 3, id: 4, custom_id: 'hand', values: ['left'] } },
          { type: 18, id: 5, component: { type: 23, id: 6, custom_id: 'sure', value: true } },
        ],
      },
    });
    expect((await submit.response()).content).toBe('bet 25');
    expect((await submit.acknowledged()).type).toBe(7);
    expect(received).toEqual(['25', ['left'], true]);
  });

  it('refuses what the Discord client would not submit', async () => {
    const table = await file.channel().send({
      content: 'Deal 2',
      components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Bet', custom_id: 'g:2:bet' }] }],
    });
    file.h().onInteraction(async (i) => {
      if (i.isButton()) await i.showModal(betModal as never);
    });
    const press = file.h().discord.pressButton(file.h().ann, table.id, 'Bet');
    await press.acknowledged();
    const submit = (values: Record<string, string | string[] | boolean>) => () =>
      file.h().discord.submitModal(file.h().ann, press, values);
    expect(submit({ hand: ['left'] })).toThrow(/amount: is required/);
    expect(submit({ amount: '12345', hand: ['left'] })).toThrow(/out of bounds/);
    expect(submit({ amount: '1', hand: ['middle'] })).toThrow(/not an option/);
    expect(submit({ amount: '1', hand: ['left'], tip: 'x' })).toThrow(/tip: is not in the modal/);
    expect(() => file.h().discord.submitModal(file.h().bob, press, { amount: '1', hand: ['left'] })).toThrow(
      InvocationError,
    );
    const noModal = file.h().discord.pressButton(file.h().ann, table.id, 'Bet');
    expect(() => file.h().discord.submitModal(file.h().ann, noModal, {})).toThrow(/did not open a modal/);
  });

  it('refuses modals Discord refuses: long labels, labelled text inputs with their own label, too few radio options', async () => {
    const table = await file.channel().send({
      content: 'Deal 3',
      components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Bet', custom_id: 'g:3:bet' }] }],
    });
    const bad = [
      { type: 18, label: 'x'.repeat(46), component: { type: 4, custom_id: 'a', style: 1 } },
      { type: 18, label: 'Amount', component: { type: 4, custom_id: 'b', style: 1, label: 'Amount' } },
      { type: 18, label: 'Side', component: { type: 21, custom_id: 'c', options: [{ value: 'l', label: 'Left' }] } },
      { type: 18, label: 'Prefilled', component: { type: 4, custom_id: 'd', style: 1, max_length: 2, value: 'abc' } },
    ];
    const answers: unknown[] = [];
    file.h().onInteraction(async (i) => {
      if (!i.isButton()) return;
      for (const component of bad) {
        await i
          .showModal({ title: 'Bad', custom_id: 'm', components: [component] } as never)
          .catch((err: { code?: number; rawError?: unknown }) =>
            answers.push([err.code, JSON.stringify(err.rawError)]),
          );
      }
      await i.showModal(betModal as never);
    });
    const press = file.h().discord.pressButton(file.h().ann, table.id, 'Bet');
    expect((await press.acknowledged()).type).toBe(9);
    expect(press.modal?.custom_id).toBe('g:1:bet-modal');
    expect(answers.map((a) => (a as [number])[0])).toEqual([50035, 50035, 50035, 50035]);
    expect(String(answers.map((a) => (a as [number, string])[1]))).toMatch(
      /label[\s\S]*label[\s\S]*options[\s\S]*value/,
    );
    expect(specRefusals(file.h().discord)).toEqual([
      'POST /interactions/{interaction_id}/{interaction_token}/callback request data.components.0.label',
      'POST /interactions/{interaction_id}/{interaction_token}/callback request data.components.0.component.options',
    ]);
  });
});
