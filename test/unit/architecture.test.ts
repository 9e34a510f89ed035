import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NO_CHAT } from '../../src/discord/chat-notes.ts';
import { asTableNotes, NO_NOTES } from '../../src/table/table-notes.ts';

/**
 * The layers of docs/ARCHITECTURE.md, checked on the code itself: discord → table → ledger/db →
 * engine → rules → hands → cards, no import cycle anywhere (types included), and the
 * pure core free of I/O. Reads every import of `src/` and `commands/` (the bot) and of the
 * workspace packages' `src/` as text: the bot imports neither package, the local Discord
 * nothing of the bot.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|js)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|(?:^|\n)\s*import\s+'([^']+)'/g;

const PACKAGES = ['packages/local-discord', 'packages/harness'];

/** A workspace import by name as the file it names: `guts/src/x.ts` is `src/x.ts`, `@guts/p/x.ts` `packages/p/src/x.ts`. */
function workspaceFile(spec: string): string {
  if (spec.startsWith('guts/')) return spec.slice('guts/'.length);
  const named = /^@guts\/([^/]+)(?:\/(.*))?$/.exec(spec);
  if (!named) return spec;
  const [, name, sub] = named;
  if (!sub) return `packages/${name}/src/index.ts`;
  return sub.startsWith('test/') ? `packages/${name}/${sub}` : `packages/${name}/src/${sub}`;
}

/** Each file (relative to the root) and what it imports: other files (relative) or packages. */
const graph = new Map<string, string[]>();
const folders = ['src', 'commands', ...PACKAGES.map((p) => `${p}/src`)];
for (const file of folders.flatMap((folder) => sourceFiles(join(root, folder)))) {
  const text = readFileSync(file, 'utf8');
  const targets: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = (m[1] ?? m[2] ?? m[3]) as string;
    targets.push(spec.startsWith('.') ? relative(root, normalize(join(dirname(file), spec))) : workspaceFile(spec));
  }
  graph.set(relative(root, file), targets);
}

const under = (folder: string) => (path: string) => path === folder || path.startsWith(`${folder}/`);

/** Files in `from` may not import anything `forbidden` names (folders of src, or packages). */
const RULES: { from: string; forbidden: string[] }[] = [
  { from: 'src/cards', forbidden: ['src/hands', 'src/rules', 'src/engine'] },
  { from: 'src/hands', forbidden: ['src/rules', 'src/engine'] },
  { from: 'src/rules', forbidden: ['src/engine'] },
  ...['src/cards', 'src/hands', 'src/rules', 'src/engine'].map((from) => ({
    from,
    forbidden: [
      // The pure core exports data; the words for players are written above it (src/rules-text, the views).
      'src/i18n',
      'src/rules-text',
      'i18next',
      'src/db',
      'src/ledger',
      'src/table',
      'src/discord',
      'src/render',
      'discord.js',
      'better-sqlite3',
      'kysely',
      'pg',
      'pino',
      'node:worker_threads',
    ],
  })),
  { from: 'src/db', forbidden: ['src/ledger', 'src/table', 'src/discord', 'discord.js'] },
  { from: 'src/ledger', forbidden: ['src/table', 'src/discord', 'discord.js'] },
  {
    from: 'src/table',
    // Where a surface shows a table (the chat's message ids) is that surface's own.
    forbidden: ['src/discord', 'src/render', 'discord.js', '@discordjs/builders', 'src/db/chat-store.ts'],
  },
  // Handlers parse and return plans (docs/ARCHITECTURE.md: The step pipeline): the database is the table layer's.
  ...['src/discord/handlers', 'commands'].map((from) => ({ from, forbidden: ['src/db'] })),
  { from: 'src/discord', forbidden: ['src/cli'] },
  // Two surfaces over one table layer: the Activity says nothing the chat's views own (shared words are src/words).
  { from: 'src/activity', forbidden: ['src/discord', 'src/db'] },
  // What both surfaces say of a game: below both, above the game and the catalogue.
  {
    from: 'src/words',
    forbidden: ['src/discord', 'src/activity', 'src/table', 'src/db', 'src/ledger', 'discord.js'],
  },
  // The bot runs in production alone: it imports neither workspace package.
  ...['src', 'commands'].map((from) => ({ from, forbidden: PACKAGES })),
  // The local Discord stands for Discord: it knows nothing of the bot or the harness.
  { from: 'packages/local-discord', forbidden: ['src', 'commands', 'migrations', 'packages/harness'] },
  { from: 'src/cli', forbidden: ['src/discord/views', 'src/discord/handlers'] },
  // The rules in words (help, the rule book, how to play): the rules' data and the catalogue, nothing above.
  {
    from: 'src/rules-text',
    forbidden: ['src/engine', 'src/db', 'src/ledger', 'src/table', 'src/discord', 'discord.js'],
  },
  // The message catalogue is text only: the game and the Discord client read it, never the reverse.
  {
    from: 'src/i18n',
    forbidden: [
      'src/cards',
      'src/hands',
      'src/rules',
      'src/rules-text',
      'src/engine',
      'src/db',
      'src/ledger',
      'src/table',
      'src/discord',
      'discord.js',
    ],
  },
];

describe('the layers', () => {
  it('reads the code', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('src/table/tables.ts')).toContain('src/engine/index.ts');
    expect(graph.get('packages/harness/src/playground/index.ts')).toContain('packages/local-discord/src/index.ts');
    expect(graph.get('packages/harness/src/cli.ts')).toContain('src/cli/main.ts');
  });

  for (const rule of RULES) {
    it(`${rule.from} imports nothing from ${rule.forbidden.join(', ')}`, () => {
      const broken: string[] = [];
      for (const [file, targets] of graph) {
        if (!under(rule.from)(file)) continue;
        for (const t of targets) if (rule.forbidden.some((f) => under(f)(t))) broken.push(`${file} → ${t}`);
      }
      expect(broken).toEqual([]);
    });
  }

  it('has no import cycle', () => {
    // Tarjan's strongly connected components over the files; any component of two or more is a cycle.
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const cycles: string[][] = [];
    let next = 0;
    const visit = (v: string) => {
      index.set(v, next);
      low.set(v, next++);
      stack.push(v);
      onStack.add(v);
      for (const w of graph.get(v) ?? []) {
        if (!graph.has(w)) continue;
        if (!index.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
      }
      if (low.get(v) === index.get(v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop() as string;
          onStack.delete(w);
          component.push(w);
        } while (w !== v);
        if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
      }
    };
    for (const v of graph.keys()) if (!index.has(v)) visit(v);
    expect(cycles).toEqual([]);
  });
});

/** The text of each file of the bot under `folders`, by its path from the root. */
const textsUnder = (...folders: string[]): [string, string][] =>
  folders
    .flatMap((folder) => sourceFiles(join(root, folder)))
    .map((file) => [relative(root, file), readFileSync(file, 'utf8')]);

/** Lines of `text` that write into a table's runtime: its record, its notes, or a note of them. */
function runtimeWrites(text: string): string[] {
  const write = /(?<!\bthis)\.(record|notes)(\.\w+)*\s*=[^=]|Object\.assign\(\s*[\w.]*\.(record|notes)\b/;
  return text.split('\n').filter((line) => write.test(line));
}

/** Lines of `text` that read the table layer's runtimes: the map, a runtime by that name, or its type. */
function runtimeReads(text: string): string[] {
  const read = /\bruntimes\b|\.runtime\(|\bTableRuntime\b|\bRuntimes\b/;
  return text.split('\n').filter((line) => read.test(line));
}

/** Lines of `text` where a handler commits, publishes or writes by itself, rather than returning a plan. */
function handlerWrites(text: string): string[] {
  const call =
    /\b(tables\.(act|openGame|stopGame|abandon|publish|resume|pause|setLanguage|atVersion)|publisher\.(publish|committed|redraw|lobbyPosted|postedBy|pressedOn|wake|repostTableMessage|answerPrivately)|tokens\.(remember|forget)|lost\.(markLost|reopen)|steps\.(run|form|command)|commits\.\w+)\(/;
  return text.split('\n').filter((line) => call.test(line));
}

describe('what each side may do to the table layer', () => {
  it('knows a planted write when it sees one', () => {
    expect(runtimeWrites('    rt.notes.locale = locale;\n    rt.notes.locale === x;')).toHaveLength(1);
    // A class's own field of that name is no runtime.
    expect(runtimeWrites('    this.notes = new Map();')).toEqual([]);
    expect(runtimeWrites('Object.assign(rt.record, fresh);')).toHaveLength(1);
    expect(handlerWrites('  await ctx.tables.act(tableId, key, action);\n  ctx.tables.pressTarget(1);')).toHaveLength(
      1,
    );
    expect(handlerWrites('  ctx.publisher.redraw(tableId);')).toHaveLength(1);
    expect(runtimeReads('  const rt = ctx.tables.runtimes.get(tableId);')).toHaveLength(1);
    expect(runtimeReads('  const rt = ctx.tables.heldTable(tableId);')).toEqual([]);
  });

  it("no file outside the table layer reads a table's runtime: it reads a table through TableReads, read-only", () => {
    const outside = (file: string) => !under('src/table')(file);
    const imports = [...graph]
      .filter(([file]) => outside(file))
      .flatMap(([file, targets]) => targets.filter((t) => t === 'src/table/runtimes.ts').map((t) => `${file} → ${t}`));
    const reads = textsUnder('src', 'commands', ...PACKAGES.map((p) => `${p}/src`))
      .filter(([file]) => outside(file))
      .flatMap(([file, text]) => runtimeReads(text).map((line) => `${file}: ${line.trim()}`));
    expect([...imports, ...reads]).toEqual([]);
  });

  it('the Discord side and the Activity never write into a table runtime (the table layer commits it)', () => {
    const broken = textsUnder('src/discord', 'src/activity', 'commands').flatMap(([file, text]) =>
      runtimeWrites(text).map((line) => `${file}: ${line.trim()}`),
    );
    expect(broken).toEqual([]);
  });

  it('handlers and commands return plans: they never commit, publish or write themselves', () => {
    const broken = textsUnder('src/discord/handlers', 'commands').flatMap(([file, text]) =>
      handlerWrites(text).map((line) => `${file}: ${line.trim()}`),
    );
    expect(broken).toEqual([]);
  });

  it("the surfaces commit and publish a step only through the table layer's one way (table/commit-and-publish.ts)", () => {
    const call = /\b(tables\.(act|publish)|commits\.publish)\(/;
    expect(call.test('    ctx.tables.publish(await ctx.tables.resume(id));')).toBe(true);
    const broken = textsUnder('src/discord', 'src/activity', 'commands').flatMap(([file, text]) =>
      text
        .split('\n')
        .filter((line) => call.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(broken).toEqual([]);
  });

  it('the surfaces reach the database only for their own notes, the wiring and read-only stats', () => {
    // Everything else goes through the table layer (presets included): see docs/ARCHITECTURE.md, The layers.
    const allowed = [
      'src/discord/bot.ts',
      'src/discord/bot-activity.ts',
      'src/discord/context.ts',
      'src/discord/chat-notes.ts',
      // The Discord side's own OAuth grants (linked roles), as the chat's notes are its own.
      'src/discord/linked-roles/updater.ts',
      'src/discord/stats-commands.ts',
      'src/discord/views/stats.ts',
    ];
    const broken = [...graph]
      .filter(([file]) => (under('src/discord')(file) || under('src/activity')(file)) && !allowed.includes(file))
      .flatMap(([file, targets]) => targets.filter(under('src/db')).map((t) => `${file} → ${t}`));
    expect(broken).toEqual([]);
  });

  it("the table layer's notes hold no message id: where the chat shows a table is the chat's (discord/chat-notes.ts)", () => {
    const chatKeys = Object.keys(NO_CHAT);
    expect(chatKeys).toContain('table');
    expect(Object.keys(NO_NOTES).filter((key) => chatKeys.includes(key))).toEqual([]);
    expect(Object.keys(asTableNotes({ lobby: '1', table: '2', tableDeal: 3, board: 'b' }))).toEqual(
      Object.keys(NO_NOTES),
    );
  });
});

/** The files `entry` loads when it runs: its imports and theirs, type-only imports left out. */
function loadedBy(entry: string): Set<string> {
  const RUNTIME = /(?:^|\n)\s*(?:import|export)\s+(?!type\s)[^;]*?from\s+'(\.[^']+)'/g;
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(join(root, file), 'utf8');
    for (const m of text.matchAll(RUNTIME)) visit(relative(root, normalize(join(root, dirname(file), m[1] as string))));
  };
  visit(entry);
  return seen;
}

describe('what a thread loads', () => {
  // Every bot start (and every world of the e2e tests) starts this thread: the engine's index
  // brought in the whole engine and the hands' tables, a third of the thread's start.
  it("keeps the step writer's thread off the engine and the hands", () => {
    const loaded = [...loadedBy('src/table/step-writer-worker.ts')];
    expect(loaded).toContain('src/table/commit.ts');
    expect(loaded.filter((f) => f === 'src/engine/index.ts' || under('src/hands')(f))).toEqual([]);
  });
});

describe('the test layers', () => {
  it('keeps every test file in a layer folder, so vitest.config.ts runs it in its layer', () => {
    const testFolders = ['test', ...PACKAGES.map((p) => `${p}/test`)];
    const outside = testFolders
      .flatMap((folder) => sourceFiles(join(root, folder)))
      .map((file) => relative(root, file))
      .filter((file) => file.endsWith('.test.ts'))
      .filter((file) => !/^(packages\/[^/]+\/)?test\/(unit|e2e|browser)\//.test(file));
    expect(outside).toEqual([]);
  });
});
