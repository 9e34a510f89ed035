import { ActionRowBuilder, ButtonBuilder, ButtonStyle, MessageFlags, type TextChannel } from 'discord.js';
import type { APIMessage } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { commandBodies } from '../../src/discord/command-registry.ts';
import { awaiting, type GameState } from '../../src/engine/index.ts';
import { test } from './fixture.ts';
import { answeredQuietly, buttonId, choiceShown } from './play.ts';
import type { World } from './world.ts';

/**
 * What people get wrong, on purpose or not: none of it changes the game or the
 * ledger, none of it crashes the bot, and everyone gets a short private answer.
 */
describe('bad input never changes state', () => {
  let world: World;
  let lobby: APIMessage;

  const privateAnswer = async (handle: { response(): Promise<APIMessage> }) => {
    const answer = await handle.response();
    expect(answer.flags ?? 0).toBe(64);
    return answer.content ?? '';
  };

  /** The game as committed: state, version and countdown (message ids are saved on their own). */
  const snapshot = async () => {
    const { state, version, deadline } = await world.tableRecord();
    return JSON.stringify({ state, version, deadline });
  };

  test.beforeAll(async ({ worlds }) => {
    world = await worlds.start({ players: ['ann', 'bob', 'cat', 'eve'], pauseMs: 60_000 });
    // A 300 s countdown: deal 1 must still be in its first round when the last test presses.
    lobby = await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'iron-cross', ante: 10, timer: 300 },
    });
    for (const name of ['bob', 'cat']) await world.press(name, lobby, 'Join').response();
  });

  it('refuses a second /guts start while a game runs', async () => {
    const before = await snapshot();
    const text = await privateAnswer(
      world.command('bob', 'guts', { subcommand: 'start', options: { variant: 'two-card' } }),
    );
    expect(text).toMatch(/already running here/);
    expect(await snapshot()).toBe(before);
  });

  it('lets only the host deal, and refuses a double join', async () => {
    const before = await snapshot();
    expect(await privateAnswer(world.press('bob', lobby, 'Deal'))).toMatch(/Only the host/);
    expect(await privateAnswer(world.press('bob', lobby, 'Join'))).toMatch(/already at this table/);
    expect(await snapshot()).toBe(before);
  });

  it('answers presses from someone not seated without changing anything', async () => {
    await world.press('ann', lobby, 'Deal').acknowledged();
    const table = await world.waitForTitle(/: deal 1$/);
    const before = await snapshot();
    expect(await privateAnswer(world.press('eve', table, 'Stay'))).toMatch(/not at this table/);
    expect(await privateAnswer(world.press('eve', table, 'My cards'))).toMatch(/not in this deal/);
    expect(await snapshot()).toBe(before);
  });

  it('takes a double click once: both presses answered, one choice recorded', async () => {
    const table = world.latest(/: deal 1$/)!;
    const [a, b] = [world.press('bob', table, 'Stay'), world.press('bob', table, 'Stay')];
    await choiceShown(world, 'bob', a, /You stay/);
    await choiceShown(world, 'bob', b, /You stay/);
    // Both presses' steps are written (the second may be answered before it commits).
    await world.bot.idle();
    const s = (await world.state()) as GameState;
    expect(s.deal?.choices).toEqual({ [world.user('bob').id]: 'stay' });
    const steps = await world.database.db.selectFrom('game_steps').select('key').execute();
    expect(steps.filter((r) => r.key === a.id || r.key === b.id)).toHaveLength(2);
  });

  it('answers forged and malformed button ids', async () => {
    const table = (await world.tableRecord()).id;
    const channel = (await world.bot.client.channels.fetch(world.channel.id)) as TextChannel;
    const forged = await channel.send({
      content: 'buttons from nowhere',
      components: [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId('hello').setLabel('Not ours').setStyle(ButtonStyle.Primary),
          new ButtonBuilder().setCustomId(`g:${table}:1:explode`).setLabel('Bad action').setStyle(ButtonStyle.Primary),
          new ButtonBuilder().setCustomId('g:99999:1:stay').setLabel('No such table').setStyle(ButtonStyle.Primary),
          new ButtonBuilder()
            .setCustomId(`g:${table}:1:stay:${'x'.repeat(60)}`)
            .setLabel('Long arg')
            .setStyle(ButtonStyle.Primary),
        ),
      ],
    });
    const before = await snapshot();
    const message = world.messages().find((m) => m.id === forged.id)!;
    expect(await privateAnswer(world.press('cat', message, 'Not ours'))).toMatch(/isn't one of mine/);
    expect(await privateAnswer(world.press('cat', message, 'Bad action'))).toMatch(/isn't one of mine/);
    expect(await privateAnswer(world.press('cat', message, 'No such table'))).toMatch(/doesn't exist/);
    expect(await privateAnswer(world.press('cat', message, 'Long arg'))).toMatch(/isn't one of mine/);
    expect(await snapshot()).toBe(before);
  });

  it('offers the commands in direct messages, and refuses a game there', async () => {
    const before = await snapshot();
    const ann = world.user('ann');
    const dm = world.discord.dmChannel(ann);
    // Registered globally, as `guts deploy-commands` does without GUILD_ID, the commands
    // go wherever the app is installed, direct messages with the bot included.
    const body = await commandBodies();
    await world.bot.client.application?.commands.set(body);
    const start = world.discord.runCommand(ann, dm, 'guts', {
      subcommand: 'start',
      options: { variant: 'three-card' },
    });
    expect(await privateAnswer(start)).toMatch(/server channel or a group DM, not in direct messages with me/);
    expect(await snapshot()).toBe(before);
    expect(await world.database.db.selectFrom('game_tables').select('id').execute()).toHaveLength(1);
  });

  it('refuses options out of range, naming the option', async () => {
    const text = await privateAnswer(
      world.command('owner', 'guts', { subcommand: 'start', options: { variant: 'two-card', options: 'timer=5' } }),
    );
    expect(text).toMatch(/already running|timer/);
    const other = world.discord.createChannel(world.guild, { name: 'side-table' });
    const bad = world.discord.runCommand(world.user('ann'), other, 'guts', {
      subcommand: 'start',
      options: { variant: 'two-card', options: 'timer=5 ties=never' },
    });
    expect(await privateAnswer(bad)).toMatch(/timer/);
    const unknown = world.discord.runCommand(world.user('ann'), other, 'guts', {
      subcommand: 'start',
      options: { variant: 'two-card', options: 'jackpot=3' },
    });
    expect(await privateAnswer(unknown)).toMatch(/jackpot/);
  });

  it('answers a stale button of an earlier deal', async () => {
    const deal1 = world.latest(/: deal 1$/)!;
    for (const name of ['ann', 'cat']) await world.press(name, deal1, 'Stay').response();
    await world.until((s) => s.deal?.round === 2);
    const round2 = world.latest(/: deal 1$/)!;
    for (const name of ['ann', 'bob']) {
      await choiceShown(world, name, world.press(name, round2, 'Stay'), /You stay\*\* \(round 2\)/);
    }
    // The last choice is the reveal: answered quietly or privately, never in public.
    const last = world.press('cat', round2, 'Stay');
    if (!(await answeredQuietly(last))) expect((await last.response()).flags).toBe(MessageFlags.Ephemeral);
    await world.until((s) => awaiting(s).kind === 'between-deals' || s.phase === 'over');
    expect((await world.state()).phase).toBe('between-deals');
    const before = await snapshot();
    // A client that has not seen the edit yet still shows deal 1's Stay: the same button, on a message of its own.
    const channel = (await world.bot.client.channels.fetch(world.channel.id)) as TextChannel;
    const stale = await channel.send({
      content: 'deal 1, as a slow client still shows it',
      components: [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId(buttonId(deal1, 'stay')).setLabel('Stay').setStyle(ButtonStyle.Success),
        ),
      ],
    });
    const message = world.messages().find((m) => m.id === stale.id) as APIMessage;
    expect(await privateAnswer(world.press('bob', message, 'Stay'))).toMatch(/deal is over/);
    expect(await snapshot()).toBe(before);
  });

  it('lets only the host or a server manager stop the game', async () => {
    expect(await privateAnswer(world.command('cat', 'guts', { subcommand: 'stop' }))).toMatch(/Only the host/);
    const stopped = await world.reply('owner', 'guts', { subcommand: 'stop' });
    expect(stopped.content).toMatch(/stop/);
    expect((await world.state()).phase === 'over' || (await world.state()).stopRequested).toBe(true);
    expect((await world.audit()).problems).toEqual([]);
  });
});

describe('two /guts start at the same moment', () => {
  test('opens one table, refuses the other, and the table keeps working', async ({ startWorld }) => {
    const world = await startWorld({ players: ['ann', 'bob', 'cat'] });
    const a = world.command('ann', 'guts', { subcommand: 'start', options: { variant: 'two-card' } });
    const b = world.command('bob', 'guts', { subcommand: 'start', options: { variant: 'one-card' } });
    const answers = await Promise.all([a.response(), b.response()]);
    const refusals = answers.filter((m) => /already running/.test(m.content ?? ''));
    expect(refusals).toHaveLength(1);
    // Refused privately: the placeholder the loser saw is gone, nothing of it in the channel.
    expect((refusals[0]?.flags ?? 0) & MessageFlags.Ephemeral).toBeTruthy();
    expect(world.messages().filter((m) => /already running/.test(m.content ?? ''))).toEqual([]);
    expect(world.messages().filter((m) => /^Guts: /.test(m.embeds[0]?.title ?? ''))).toHaveLength(1);
    const lobby = world.messages().find((m) => /^Guts: /.test(m.embeds[0]?.title ?? ''))!;
    expect((await world.press('cat', lobby, 'Join').response()).content).toMatch(/You're in/);
  });
});
