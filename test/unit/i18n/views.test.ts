import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Locale } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { confirmation } from '../../../src/discord/views/answers.ts';
import { chips, describeTransfers } from '../../../src/discord/views/format.ts';
import { lobbyView } from '../../../src/discord/views/lobby.ts';
import { tableButtons } from '../../../src/discord/views/table-pieces.ts';
import { apply, createGame, type GameState, publicView } from '../../../src/engine/index.ts';
import { catalogues, has, textOf } from '../../../src/i18n/index.ts';
import type { StepResult } from '../../../src/table/steps.ts';
import { englishLiterals } from './literals.ts';

/** Every catalogue, each language loaded (the bot loads them one by one, as players need them). */
const CATALOGUES = await catalogues();

const json = (v: unknown) => JSON.parse(JSON.stringify(v));
const target = { tableId: 123_456_789, dealNo: 987_654 };
/** The longest realistic values: 32-character names, 9-digit pots, a full table. */
const LONG_NAME = 'W'.repeat(32);
const BIG = 999_999_999;

function bigTable(variant: string, options: Record<string, unknown>): GameState {
  // A fair game: the lobby shows its commitment, the table card its client seed.
  const fair = { lastSeed: 'ab'.repeat(32), phrase: 'W'.repeat(100) };
  let s = createGame({ variant, options, rng: [1, 2, 3, 4], host: 'u0', fair });
  // Up to 17 seats, as many as the variant takes (the engine refuses the rest).
  for (let i = 0; i < 17; i++) {
    try {
      s = apply(s, { type: 'join', playerId: `u${i}`, name: `${LONG_NAME}${i}`.slice(-32) }).state;
    } catch {
      break;
    }
  }
  return { ...s, pot: BIG, reserve: BIG };
}

type Component = {
  type: number;
  label?: string;
  placeholder?: string;
  options?: { label: string; description?: string }[];
};
const componentsOf = (rows: { components: Component[] }[]) => rows.flatMap((r) => r.components);

/** Discord's limits on what these views send (a button label 80, a select option 100, an embed field…). */
function checkLimits(payload: { embeds?: unknown[]; components?: unknown[] }): string[] {
  const errors: string[] = [];
  const over = (what: string, text: string | undefined, max: number) => {
    if (text !== undefined && [...text].length > max) errors.push(`${what} over ${max}: ${text}`);
  };
  for (const e of json(payload.embeds ?? []) as {
    title?: string;
    fields?: { name: string; value: string }[];
    footer?: { text: string };
  }[]) {
    over('embed title', e.title, 256);
    over('footer', e.footer?.text, 2048);
    for (const f of e.fields ?? []) {
      over('field name', f.name, 256);
      over('field value', f.value, 1024);
    }
  }
  for (const c of componentsOf(json(payload.components ?? []))) {
    over('button label', c.label, 80);
    over('placeholder', c.placeholder, 150);
    for (const o of c.options ?? []) {
      over('option label', o.label, 100);
      over('option description', o.description, 100);
    }
  }
  return errors;
}

const labels = (payload: { components?: unknown[] }) =>
  componentsOf(json(payload.components ?? []))
    .flatMap((c) => [c.label, c.placeholder, ...(c.options ?? []).flatMap((o) => [o.label, o.description])])
    .filter((x): x is string => typeof x === 'string');

describe('views in every complete language', () => {
  for (const lng of Object.keys(CATALOGUES)) {
    it(`${lng}: the lobby and the table's buttons hold Discord's limits with the longest values`, () => {
      const lobby = bigTable('three-card', { ante: BIG, cap: BIG, timer: 60 });
      expect(checkLimits(lobbyView(target, publicView(lobby), lng))).toEqual([]);
      const dealt = apply(lobby, { type: 'startDeal', by: 'u0' }).state;
      expect(checkLimits({ components: tableButtons(target, publicView(dealt), lng) })).toEqual([]);
    });

    it(`${lng}: every button label fits in 80 characters with a 9-digit amount`, () => {
      const long = Object.keys(CATALOGUES['en-US']?.button as object)
        .map((key) => textOf(lng, `button.${key}`, '', { amount: chips(BIG, lng), count: BIG }))
        .filter((label) => [...label].length > 80);
      expect(long).toEqual([]);
    });
  }
});

describe("views in the reader's language", () => {
  it('German: the lobby, its buttons and the computer menu read German, numbers as Germans write them', () => {
    const s = bigTable('three-card', { ante: 1234 });
    const view = json(lobbyView(target, publicView({ ...s, pot: 1_234_567 }), Locale.German));
    const fields = Object.fromEntries(
      view.embeds[0].fields.map((f: { name: string; value: string }) => [f.name, f.value]),
    );
    expect(fields.Pot).toBe('1.234.567');
    expect(fields.Optionen).toContain('Ante 1.234');
    expect(labels(view)).toEqual(
      expect.arrayContaining(['Einsteigen', 'Aufstehen', 'Geben', 'Regeln', 'Vorsichtiger Computerspieler']),
    );
  });

  it("payments read in the table's language, a reason the catalogue lacks as the engine wrote it", () => {
    const nameOf = (id: string) => ({ u1: 'Ann', u2: 'Bob' })[id] ?? id;
    const transfers = [
      { from: { kind: 'player', id: 'u1' }, to: { kind: 'pot' }, amount: 1500, reason: 'match' },
      { from: { kind: 'pot' }, to: { kind: 'player', id: 'u2' }, amount: 3000, reason: 'win' },
      { from: { kind: 'player', id: 'u1' }, to: { kind: 'player', id: 'u2' }, amount: 5, reason: 'side-bet' },
    ] as never;
    expect(describeTransfers(transfers, nameOf, Locale.German)).toEqual([
      '**Ann** zahlt 1.500 in den Pot (gleicht den Pot aus)',
      '**Bob** nimmt 3.000 aus dem Pot',
      '**Ann** zahlt 5 an **Bob** (side bet)',
    ]);
    expect(describeTransfers(transfers, nameOf)[0]).toBe('**Ann** pays 1,500 to the pot (matches the pot)');
  });

  it("a private answer counts in the reader's language", () => {
    const result = { after: { phase: 'deal', players: [] }, events: [] } as unknown as StepResult;
    const swap = (n: number) =>
      ({ type: 'discard', playerId: 'u1', cards: Array.from({ length: n }, (_, i) => i) }) as never;
    expect(confirmation(swap(1), result)).toBe('Swapped 1 card.');
    expect(confirmation(swap(2), result)).toBe('Swapped 2 cards.');
    expect(confirmation(swap(2), result, Locale.German)).toBe('2 Karten getauscht.');
    expect(confirmation(swap(1), result, Locale.Japanese)).toBe('1枚交換しました。');
    expect(confirmation(swap(1), result, Locale.PortugueseBR)).toBe('1 carta trocada.');
  });
});

/**
 * Everything the Discord layer and the commands say comes from the catalogue: a string
 * literal with words in it ("Add a computer player") is a line a player would read
 * untranslated. Files that speak only to operators (metrics' help, the ops server, logs,
 * audit-log reasons) are the allow-list, each for its reason.
 */
const FOR_OPERATORS: Readonly<Record<string, string>> = {
  'src/discord/metrics.ts': "Prometheus metrics' help texts",
  'src/discord/ops-server.ts': 'the health and metrics endpoint',
  'src/discord/bot.ts': 'the process health report',
  'src/discord/offload-worker.ts': 'a helper thread',
  'src/discord/blocked-channels.ts': 'an error for the logs',
  'src/discord/channel-output.ts': "errors for the logs and a thread's audit-log reason",
  'src/discord/command-registry.ts': 'registering commands',
  'src/discord/install.ts': 'an error for the logs (a follow-up past the five is never sent)',
  'src/discord/card-emojis.ts': "the card emojis' upload (an image's data URI) and a warning for the logs",
  'src/discord/token-rest.ts': 'HTTP calls to Discord (its headers and form fields)',
  'src/discord/linked-roles/updater.ts': "why a player's link was dropped, for the logs",
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

/** A catalogue key, a command's path ("guts start variant") or a part of one: it names text rather than being it. */
const isKey = (literal: string): boolean =>
  has(literal) || literal.startsWith('commands.') || has(`commands.${literal}.name`);

describe('no English literal left in the Discord views and commands', () => {
  const files = [...sourceFiles('src/discord'), ...sourceFiles('commands')].filter((f) => !(f in FOR_OPERATORS));

  it('reads every file but the allow-list', () => {
    expect(files.length).toBeGreaterThan(40);
    for (const allowed of Object.keys(FOR_OPERATORS)) expect(existsSync(allowed), allowed).toBe(true);
  });

  for (const file of files) {
    it(file, () => expect(englishLiterals(readFileSync(file, 'utf8'), isKey)).toEqual([]));
  }

  // The code under test is written as text: its `${…}` are meant literally.
  it('finds one where there is one', () => {
    expect(englishLiterals(".setPlaceholder('Add a computer player')")).toEqual(['Add a computer player']);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: code as text
    expect(englishLiterals("x = `${n} card${n > 1 ? 's' : ''} to swap`")).toEqual([' to swap']);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: code as text
    expect(englishLiterals("x = `${bold(p.name)}${host ? ` ${say('lobby.host')}` : ''} is the host`")).toEqual([
      ' is the host',
    ]);
    expect(englishLiterals("label: say('button.join'), // Join the table")).toEqual([]);
    expect(englishLiterals("log.warn({ err }, 'could not tell the user')")).toEqual([]);
    expect(englishLiterals("const q = /['`]/g; x = 'Nobody is here'")).toEqual(['Nobody is here']);
    expect(englishLiterals("named(o, 'guts start variant')", isKey)).toEqual([]);
    expect(englishLiterals("t(locale, 'lobby.title')", isKey)).toEqual([]);
  });
});
