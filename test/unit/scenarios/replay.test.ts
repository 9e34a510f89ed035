import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatReplay } from '../../../src/engine/format.ts';
import { runScenario, ScenarioError } from '../../../src/engine/scenario.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const scenarioDir = `${root}scenarios/`;
const badDir = `${root}test/unit/scenarios/bad/`;
const read = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

const scenarios = readdirSync(scenarioDir)
  .filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'))
  .map((f) => f.slice(0, -'.json'.length))
  .sort();

describe('scenarios/', () => {
  it('has an expected output for every scenario and a scenario per variant', () => {
    const expected = readdirSync(scenarioDir).filter((f) => f.endsWith('.expected.json'));
    expect(expected.map((f) => f.slice(0, -'.expected.json'.length)).sort()).toEqual(scenarios);
    const variants = new Set(
      scenarios.map((name) => (read(`${scenarioDir}${name}.json`) as { variant: string }).variant),
    );
    expect(variants.size).toBe(21);
  });

  it.each(scenarios)('%s replays to its expected output', (name) => {
    const output = formatReplay(runScenario(read(`${scenarioDir}${name}.json`)));
    expect(output).toBe(readFileSync(`${scenarioDir}${name}.expected.json`, 'utf8'));
    expect(JSON.parse(output)).toBeTypeOf('object');
  });
});

describe('bad scenario files', () => {
  const cases: [string, string, RegExp][] = [
    ['unknown-variant', 'variant', /unknown variant five-card-stud/],
    ['unknown-option', 'options.foo', /unknown option foo/],
    ['bad-option-value', 'options.timer', /timer must be 10–300/],
    ['bad-card', 'deals[0].cards.ann[1]', /"Xx" is not a card/],
    ['card-twice', 'deals[0].board.C', /Kd is dealt twice/],
    ['unknown-player', 'deals[0].cards.zed', /unknown player zed/],
    ['decision-not-in-deal', 'deals[0].declare[1].cat', /cat is not in the deal/],
    ['compulsory-drop', 'deals[0].declare[0].ann', /can't drop on the first round/],
  ];
  it.each(cases)('%s names %s', (file, field, message) => {
    let error: unknown;
    try {
      runScenario(read(`${badDir}${file}.json`));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScenarioError);
    expect((error as ScenarioError).field).toBe(field);
    expect((error as ScenarioError).message).toMatch(message);
  });
});

describe('guts replay', () => {
  const guts = (...args: string[]) =>
    spawnSync(process.execPath, [`${root}bin/guts.js`, 'replay', ...args], { encoding: 'utf8' });

  it('prints the iron-cross example of scenarios/README.md byte for byte', () => {
    const r = guts(`${scenarioDir}iron-cross-design.json`);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(readFileSync(`${scenarioDir}iron-cross-design.expected.json`, 'utf8'));
  });

  it('refuses a bad file with one line naming the field and exit code 2', () => {
    const r = guts(`${badDir}card-twice.json`);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('guts replay: deals[0].board.C: Kd is dealt twice (also at deals[0].cards.ann[1])\n');
  });
});
