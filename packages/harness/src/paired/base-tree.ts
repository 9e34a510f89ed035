import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The tree a paired bench holds this one against: a git worktree of a commit, in the
 * system's temporary folder (outside the repository), named by the commit so a second
 * run reuses it (`git worktree remove` drops it; the temporary folder's cleaning and
 * `git worktree prune` forget it). Its node_modules are this tree's, hard-linked (copied
 * where links cannot be made) when the two lockfiles are the same, else `npm ci`. The
 * build (bin/build.js) is made by the tree's own harness when it first runs, as here.
 */
export interface BaseTree {
  ref: string;
  commit: string;
  dir: string;
  /** How its node_modules came: `linked` from this tree, `installed` by npm ci, or `kept` from an earlier run. */
  modules: 'linked' | 'installed' | 'kept';
}

/** The commit `ref` names in the repository at `root`; throws a one-line error when it names none. */
export function resolveCommit(root: string, ref: string): string {
  if (ref.startsWith('-')) throw new Error(`not a commit: ${ref}`);
  const found = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], {
    cwd: root,
    encoding: 'utf8',
  });
  if (found.status !== 0) throw new Error(`not a commit: ${ref}`);
  return found.stdout.trim();
}

/** Where the worktree of `commit` goes. */
export const baseTreeDir = (commit: string): string => join(tmpdir(), `guts-base-${commit.slice(0, 12)}`);

const same = (a: string, b: string) => existsSync(a) && existsSync(b) && readFileSync(a).equals(readFileSync(b));

/** The folders of `root` that hold node_modules: its own and each workspace package's. */
function moduleDirs(root: string): string[] {
  const packages = join(root, 'packages');
  const inPackages = existsSync(packages)
    ? readdirSync(packages, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => join('packages', e.name, 'node_modules'))
    : [];
  return ['node_modules', ...inPackages].filter((d) => existsSync(join(root, d)));
}

/** `from`'s folder at `to`, its files hard-linked (symbolic links, relative in npm's trees, kept as they are). */
function linkTree(from: string, to: string): void {
  const linked = spawnSync('cp', ['-al', from, to], { stdio: ['ignore', 'ignore', 'pipe'] });
  if (linked.status === 0) return;
  // Another file system (or no cp -l): copy instead.
  rmSync(to, { recursive: true, force: true });
  execFileSync('cp', ['-a', from, to]);
}

function log(line: string): void {
  process.stderr.write(`guts-harness bench: ${line}\n`);
}

/** The worktree of `ref`, made and given node_modules if it is not there yet. */
export function prepareBaseTree(root: string, ref: string): BaseTree {
  const commit = resolveCommit(root, ref);
  const dir = baseTreeDir(commit);
  if (!existsSync(join(dir, '.git'))) {
    log(`a worktree of ${ref} (${commit.slice(0, 12)}) at ${dir}`);
    spawnSync('git', ['worktree', 'prune'], { cwd: root });
    execFileSync('git', ['worktree', 'add', '--detach', '--force', dir, commit], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  if (existsSync(join(dir, 'node_modules', '.package-lock.json'))) return { ref, commit, dir, modules: 'kept' };
  if (same(join(root, 'package-lock.json'), join(dir, 'package-lock.json'))) {
    log('the lockfiles match: linking node_modules');
    for (const sub of moduleDirs(root)) linkTree(join(root, sub), join(dir, sub));
    return { ref, commit, dir, modules: 'linked' };
  }
  log('the lockfiles differ: npm ci');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: dir,
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  return { ref, commit, dir, modules: 'installed' };
}
