import { interactiveComponents } from '@guts/local-discord';
import { type APIMessage, Locale } from 'discord-api-types/v10';
import { describe, expect, it, vi } from 'vitest';
import type { Worlds } from './fixture.ts';
import type { World } from './world.ts';

// This file checks which catalogues the process loaded: the bot's modules must be fresh, not
// the ones an earlier file of the same worker loaded languages into (the e2e files share their
// worker's modules). Everything that imports the catalogues is imported after the reset.
vi.resetModules();
const { loadedLanguages, readsBeforeLoading } = await import('../../src/i18n/index.ts');
const { HELP_MENU_ID } = await import('../../src/discord/views/rules.ts');
const { test } = await import('./fixture.ts');
const { buttonId } = await import('./play.ts');

const labels = (m: APIMessage) =>
  (interactiveComponents(m) as { label?: string }[]).map((c) => c.label).filter((l): l is string => !!l);

/** A German server where Hans reads German, Yuki Japanese and João Brazilian Portuguese. */
const threeReaders = (worlds: Worlds) =>
  worlds.start({
    players: ['hans', 'yuki', 'joao'],
    pauseMs: 60_000,
    serverLocale: Locale.German,
    playerLocales: { hans: Locale.German, yuki: Locale.Japanese, joao: Locale.PortugueseBR },
  });

/**
 * A German server where Hans reads German, Yuki Japanese and João Brazilian Portuguese:
 * each gets private answers in their own language, the table speaks the server's.
 */
describe('players of three languages at a German table', () => {
  let world: World;
  test.beforeAll(async ({ worlds }) => {
    world = await threeReaders(worlds);
  });

  it("the lobby and the table in German, each player's answers in their own language", async () => {
    const lobby = await world.reply('yuki', 'guts', {
      subcommand: 'start',
      options: { variant: 'three-card', ante: 1000 },
    });
    // Yuki opened it, but the table speaks the server's language.
    const embed = lobby.embeds?.[0];
    expect(embed?.fields?.map((f) => f.name)).toEqual(expect.arrayContaining(['Optionen', 'Pot', 'Reserve']));
    expect(embed?.fields?.find((f) => f.name === 'Optionen')?.value).toContain('Ante 1.000');
    expect(labels(lobby)).toEqual(expect.arrayContaining(['Einsteigen', 'Aufstehen', 'Geben', 'Regeln']));

    const joao = await world.press('joao', lobby, buttonId(lobby, 'join')).response();
    expect(joao.content).toBe('Você está dentro. Suas cartas vão aparecer aqui quando as cartas forem dadas.');
    expect(joao.flags).toBe(64);
    const hans = await world.press('hans', lobby, buttonId(lobby, 'join')).response();
    expect(hans.content).toBe('Du bist dabei. Deine Karten erscheinen hier, sobald gegeben wird.');

    await world.press('yuki', lobby, buttonId(lobby, 'deal')).acknowledged();
    const table = await world.waitFor((m) => labels(m).includes('Meine Karten'));
    expect(labels(table)).toEqual(expect.arrayContaining(['Bleiben', 'Aussteigen', 'Meine Karten', 'Einsteigen']));
    const card = JSON.stringify(table.components);
    expect(card).toMatch(/### Drei-Karten-Guts: Hand 1\\n/);
    expect(card).toMatch(/Bleiben oder aussteigen/);
    // Three antes of 1,000 in the pot, written as Germans write it.
    expect(card).toMatch(/Pot \*\*3\.000\*\*/);
    expect(card).toMatch(/· (wählt|hat gewählt|ist dran|wartet)/);

    // Each player's private cards, in their own language; odds in their way of writing percents.
    const privateOf = (name: string, start: RegExp) =>
      world.waitFor((m) => ((m.flags ?? 0) & 64) !== 0 && start.test(m.content ?? ''), name);
    expect((await privateOf('yuki', /^\*\*あなたの手札\*\*、3枚ガッツ 第1ディール/)).content).toMatch(/勝率: /);
    expect((await privateOf('joao', /^\*\*Suas cartas\*\*, Guts de três cartas mão 1/)).content).toMatch(/Chances: /);
    // German odds as Germans write percents ("45 %"), once they are worked out.
    await privateOf(
      'hans',
      /^\*\*Deine Karten\*\*, Drei-Karten-Guts Hand 1[\s\S]*Chancen: schlägt eine zufällige Hand \d+\s%/,
    );

    // Hans stands up during the deal: his answer in German; Yuki's and João's lobby answers stayed theirs.
    const leaving = await world.press('hans', table, buttonId(table, 'leave')).response();
    expect(leaving.content).toBe('Du verlässt den Tisch nach dieser Hand.');
    const yukiLeaves = await world.press('yuki', table, buttonId(table, 'leave')).response();
    expect(yukiLeaves.content).toBe('このディールの後にテーブルを離れます。');

    // Everyone stays: the result, in German.
    for (const name of ['yuki', 'joao', 'hans']) await world.press(name, table, buttonId(table, 'stay')).acknowledged();
    const result = await world.waitFor((m) => /Ergebnis von Hand 1$/.test(m.embeds?.[0]?.title ?? ''));
    const fields = result.embeds?.[0]?.fields?.map((f) => f.name);
    expect(fields).toEqual(expect.arrayContaining(['Hände', 'Zahlungen', 'Diese Hand', 'Pot', 'Reserve']));
    expect(result.embeds?.[0]?.description).toMatch(/gewinnt|teilen sich/);
    expect(result.embeds?.[0]?.footer?.text).toMatch(/^Handverlauf: guts export \d+ 1$/);

    // Each language was loaded before anything spoke it (none read English meanwhile), and only those the game needed.
    expect(readsBeforeLoading()).toEqual(new Map());
    expect([...loadedLanguages()].sort()).toEqual(['de', 'en-GB', 'en-US', 'ja', 'pt-BR']);
  });
});

describe("a table in the host's chosen language", () => {
  let world: World;
  test.beforeAll(async ({ worlds }) => {
    world = await worlds.start({ players: ['ann', 'zoe'], pauseMs: 60_000, serverLocale: Locale.German });
  });

  it("/guts start language: fr makes the table French in a German server; answers stay the presser's", async () => {
    const lobby = await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'three-card', language: Locale.French },
    });
    expect(lobby.embeds?.[0]?.fields?.map((f) => f.name)).toEqual(
      expect.arrayContaining(['Options', 'Pot', 'Réserve']),
    );
    expect(labels(lobby)).toEqual(expect.arrayContaining(['Rejoindre', 'Quitter', 'Distribuer', 'Règles']));
    // Zoe's client is in English: her answer is English.
    const zoe = await world.press('zoe', lobby, buttonId(lobby, 'join')).response();
    expect(zoe.content).toBe("You're in. Your cards will show up here when the deal starts.");
    // French was loaded with the table it was chosen for, before its lobby spoke.
    expect(readsBeforeLoading()).toEqual(new Map());
  });

  it("/ledger answers in the channel's table's language (French), not the server's (German)", async () => {
    const ledger = await world.reply('zoe', 'ledger', { subcommand: 'show' });
    expect(ledger.embeds?.[0]?.title).toBe('Registre');
    expect(ledger.embeds?.[0]?.fields?.map((f) => f.name)).toContain('Ce salon');
    const settle = await world.reply('zoe', 'ledger', { subcommand: 'settle' });
    expect(settle.embeds?.[0]?.title).toBe('Solder les comptes');
  });

  it('suggests languages as the host types (more than Discord lets an option list), and refuses one it does not speak', async () => {
    const typing = (text: string) =>
      world.discord
        .autocomplete(
          world.user('ann'),
          world.channel,
          'guts',
          { subcommand: 'start', options: { language: text } },
          'language',
        )
        .choices();
    expect((await typing('fran'))[0]).toEqual({ name: 'Français (French)', value: 'fr' });
    expect((await typing('')).length).toBeLessThanOrEqual(25);
    const refused = await world.reply('zoe', 'guts', {
      subcommand: 'start',
      options: { variant: 'three-card', language: 'klingon' },
    });
    expect(refused.content).toMatch(/^language must be en-US, de, fr, /);
  });
});

/** German, Japanese and Brazilian Portuguese readers ask for the rules and for help: each reads their own language. */
describe('/guts rules and /guts help in three languages', () => {
  let world: World;
  test.beforeAll(async ({ worlds }) => {
    world = await threeReaders(worlds);
  });

  it("/guts rules and /guts help in each reader's language", async () => {
    const ephemeral = (m: APIMessage) => expect(m.flags).toBe(64);
    // The rules of one variant: German for Hans, Japanese for Yuki, Portuguese for João.
    const rules = {
      hans: await world.reply('hans', 'guts', { subcommand: 'rules', options: { variant: 'iron-cross' } }),
      yuki: await world.reply('yuki', 'guts', { subcommand: 'rules', options: { variant: 'iron-cross' } }),
      joao: await world.reply('joao', 'guts', { subcommand: 'rules', options: { variant: 'iron-cross' } }),
    };
    for (const m of Object.values(rules)) ephemeral(m);
    expect(rules.hans.embeds?.[0]?.title).toBe('Iron Cross: So läuft eine Hand');
    expect(rules.hans.embeds?.[0]?.description).toMatch(/Jeder bekommt 3 Karten, verdeckt\./);
    expect(rules.hans.embeds?.[0]?.fields?.map((f) => f.name)).toEqual([
      'Spieler',
      'Ante',
      'Countdown',
      'Geld',
      'Außerdem',
    ]);
    expect(rules.yuki.embeds?.[0]?.title).toBe('アイアンクロス: ディールの流れ');
    expect(rules.yuki.embeds?.[0]?.description).toMatch(/全員に3枚ずつ配られます \(裏向き\)。/);
    expect(rules.joao.embeds?.[0]?.title).toBe('Cruz de ferro: como uma mão funciona');
    expect(rules.joao.embeds?.[0]?.fields?.find((f) => f.name === 'Dinheiro')?.value).toMatch(
      /Quem fica e perde paga o valor do pote/,
    );

    // The list of variants, then help, with the commands named as each language names them.
    const list = await world.reply('yuki', 'guts', { subcommand: 'rules' });
    expect(list.embeds?.[0]?.title).toBe('ガッツのバリアント');
    expect(list.embeds?.[0]?.fields?.map((f) => f.name)).toContain('ピラミッド (`pyramid`)');
    const help = {
      hans: await world.reply('hans', 'guts', { subcommand: 'help' }),
      yuki: await world.reply('yuki', 'guts', { subcommand: 'help' }),
      joao: await world.reply('joao', 'guts', { subcommand: 'help' }),
    };
    for (const m of Object.values(help)) ephemeral(m);
    expect(help.hans.content).toMatch(/^\*\*So läuft ein Spiel\*\*/);
    expect(help.hans.content).toContain('`/guts starten variante:iron-cross`');
    // One screen: the steps and the commands, and a menu to the options, page by page.
    expect(help.hans.embeds).toEqual([]);
    expect(JSON.stringify(help.hans.components)).toContain('Optionen: geld');
    expect(help.yuki.content).toMatch(/^\*\*ゲームの流れ\*\*/);
    expect(help.yuki.content).toContain('`/guts 開始`');
    expect(help.joao.content).toMatch(/^\*\*Como uma partida funciona\*\*/);
    const money = await world.discord.selectOptions(world.user('joao'), help.joao, HELP_MENU_ID, ['money']).response();
    expect(money.embeds?.[0]?.description).toMatch(/\*\*Ante\*\* \(`ante=`\): Fichas que cada jogador põe de ante\./);
    expect(money.content ?? '').toBe('');
    // Nothing said over Discord's limits in any of them.
    for (const m of [...Object.values(rules), ...Object.values(help), list]) {
      expect((m.content ?? '').length).toBeLessThanOrEqual(2000);
    }
  });
});
