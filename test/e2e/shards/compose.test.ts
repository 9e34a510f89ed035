import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSharding } from '../../../src/config.ts';

/**
 * `docker-compose.yml` and the `Dockerfile` (docs/SCALING.md): the image runs every role
 * the compose file asks of it, and the bot services split the shards exactly. The compose
 * part needs a compose binary (`docker compose`, or Compose v1's `docker-compose`, which
 * `.ci/run` installs): it resolves the file with `config` (anchors, merges, defaults) and
 * checks what comes out. No Docker engine is needed.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const cliCommands = readdirSync(join(root, 'src/cli/commands'))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.slice(0, -3));

type Yaml = string | null | Yaml[] | { [key: string]: Yaml };

/** Reads the block YAML that `compose config` prints: maps, lists, plain and quoted scalars. */
function readYaml(text: string): Yaml {
  const lines = text
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.trimStart().startsWith('#'))
    .map((l) => ({ indent: l.length - l.trimStart().length, text: l.trim() }));
  let i = 0;
  const isItem = (t: string) => t === '-' || t.startsWith('- ');
  const isPair = (t: string) => /^(?:"[^"]*"|'[^']*'|[^\s"'#-][^:]*):(?:\s|$)/.test(t);
  const scalar = (t: string): Yaml => {
    if (t === '{}') return {};
    if (t === '[]') return [];
    if (t === 'null' || t === '~') return null;
    if (t.startsWith('"') && t.endsWith('"')) return JSON.parse(t) as string;
    if (t.startsWith("'") && t.endsWith("'")) return t.slice(1, -1).replaceAll("''", "'");
    return t;
  };
  const line = (): { indent: number; text: string } => lines[i] as { indent: number; text: string };
  const block = (indent: number): Yaml => (isItem(line().text) ? list(indent) : map(indent));
  const list = (indent: number): Yaml[] => {
    const out: Yaml[] = [];
    while (i < lines.length && line().indent === indent && isItem(line().text)) {
      const rest = line().text.slice(1).trim();
      if (rest === '') {
        i++;
        out.push(block(line().indent));
      } else if (isPair(rest)) {
        lines[i] = { indent: indent + 2, text: rest };
        out.push(map(indent + 2));
      } else {
        out.push(scalar(rest));
        i++;
      }
    }
    return out;
  };
  const map = (indent: number): { [key: string]: Yaml } => {
    const out: { [key: string]: Yaml } = {};
    while (i < lines.length && line().indent === indent && !isItem(line().text)) {
      const m = /^("[^"]*"|'[^']*'|[^:]+?):(?:\s+(.*))?$/.exec(line().text);
      if (!m) throw new Error(`not YAML this reader knows: ${line().text}`);
      const key = scalar(m[1] as string) as string;
      i++;
      if (m[2] !== undefined && m[2] !== '') out[key] = scalar(m[2]);
      else if (i < lines.length && (line().indent > indent || (line().indent === indent && isItem(line().text))))
        out[key] = block(line().indent);
      else out[key] = null;
    }
    return out;
  };
  return lines.length === 0 ? null : block(line().indent);
}

/** The compose command here (`docker compose` or `docker-compose`), or null. */
function composeCommand(): string[] | null {
  for (const cmd of [['docker', 'compose'], ['docker-compose']]) {
    const r = spawnSync(cmd[0] as string, [...cmd.slice(1), 'version'], { encoding: 'utf8' });
    if (r.status === 0) return cmd;
  }
  return null;
}

const compose = composeCommand();

function composeConfig(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const cmd = compose as string[];
  const r = spawnSync(cmd[0] as string, [...cmd.slice(1), '-f', 'docker-compose.yml', 'config', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DISCORD_TOKEN: 'compose-test-placeholder', POSTGRES_PASSWORD: '', LOG_LEVEL: '' },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

type Service = {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, unknown>;
};

describe('the Dockerfile', () => {
  const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');

  it('runs guts, and every role it lists is a guts command', () => {
    expect(dockerfile).toMatch(/^ENTRYPOINT \["node", (?:"--[^"]+", )*"bin\/guts\.js"\]$/m);
    const cmd = /^CMD \["([^"]+)"/m.exec(dockerfile)?.[1];
    expect(cliCommands).toContain(cmd);
    const roles = [...dockerfile.matchAll(/^#\s{3}([a-z][a-z-]+)\s{2,}/gm)].map((m) => m[1]);
    expect(roles).toEqual(expect.arrayContaining(['start', 'rest-proxy', 'deploy-commands']));
    for (const role of roles) expect(cliCommands).toContain(role);
  });

  it('copies what exists', () => {
    for (const m of dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)) {
      for (const path of (m[1] as string).split(/\s+/)) expect(existsSync(join(root, path)), path).toBe(true);
    }
  });
});

describe.skipIf(compose === null)(`docker-compose.yml (${compose?.join(' ') ?? 'no compose here'})`, () => {
  it('is valid', () => {
    const r = composeConfig('--quiet');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('refuses to start without DISCORD_TOKEN', () => {
    const cmd = compose as string[];
    const env = { ...process.env };
    delete env.DISCORD_TOKEN;
    const r = spawnSync(cmd[0] as string, [...cmd.slice(1), '-f', 'docker-compose.yml', 'config', '--quiet'], {
      cwd: root,
      encoding: 'utf8',
      env,
    });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('DISCORD_TOKEN');
  });

  it("runs the image's roles, and its bot services split the shards exactly once, on Postgres, through the proxy", () => {
    const r = composeConfig();
    expect(r.status).toBe(0);
    const config = readYaml(r.stdout) as { services: Record<string, Service> };
    const services = config.services;
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['postgres', 'rest-proxy']));

    const ours = Object.entries(services).filter(([, s]) => s.image === 'guts:latest');
    for (const [name, s] of ours) expect(cliCommands, name).toContain(s.command?.[0]);

    const proxy = services['rest-proxy'] as Service;
    expect(proxy.command?.[0]).toBe('rest-proxy');
    const port = proxy.command?.[proxy.command.indexOf('--port') + 1] ?? '8080';

    const bots = ours.filter(([, s]) => s.command?.[0] === 'start');
    expect(bots.length).toBeGreaterThanOrEqual(2);
    const counts = new Set<number>();
    const held: number[] = [];
    for (const [name, s] of bots) {
      const env = s.environment ?? {};
      const sharding = parseSharding(env);
      expect(sharding.mode, name).toBe('manager');
      if (sharding.mode !== 'manager' || sharding.count === 'auto' || sharding.shards === null)
        throw new Error(`${name}: SHARD_COUNT and SHARDS must both be fixed`);
      counts.add(sharding.count);
      held.push(...sharding.shards);
      expect(env.DATABASE_URL, name).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
      expect(env.DISCORD_API_URL, name).toBe(`http://rest-proxy:${port}/api`);
      expect(Object.keys(s.depends_on ?? {}), name).toEqual(expect.arrayContaining(['postgres', 'rest-proxy']));
    }
    expect(counts.size).toBe(1);
    const [count] = [...counts] as [number];
    expect(held.sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, k) => k));
  });
});

describe('readYaml', () => {
  it('reads block maps, lists at either indent, lists of maps and quoted scalars', () => {
    const text = [
      'services:',
      '  a:',
      '    command:',
      '    - start',
      "    - '8080'",
      '    environment:',
      '      X: "4"',
      '      URL: http://h:1/api',
      '    volumes:',
      '      - type: volume',
      '        source: data',
      '      - b:/c:rw',
      '    empty: {}',
      'volumes:',
      '  data: null',
    ].join('\n');
    expect(readYaml(text)).toEqual({
      services: {
        a: {
          command: ['start', '8080'],
          environment: { X: '4', URL: 'http://h:1/api' },
          volumes: [{ type: 'volume', source: 'data' }, 'b:/c:rw'],
          empty: {},
        },
      },
      volumes: { data: null },
    });
  });
});
