import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { relative } from 'node:path';
import { loadScenarioFile, type ScenarioError } from '../../../lab/scenario/index.ts';
import { isLabError } from '../../../lab/errors/index.ts';
import { lines } from './helpers.ts';

// Fixture paths relative to the working directory, as a user would type them.
const fixture = (name: string): string =>
  relative(process.cwd(), fileURLToPath(new URL(`../../fixtures/scenarios/${name}`, import.meta.url)));

// Loads a fixture that must fail and returns the error.
const rejection = async (name: string): Promise<ScenarioError> => {
  const error: unknown = await loadScenarioFile(fixture(name)).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isLabError(error)) throw new Error(`expected a LabError from ${name}`);
  return error as ScenarioError;
};

describe('loadScenarioFile', () => {
  it('loads a valid YAML file and records the path as given', async () => {
    const path = fixture('cross-dc-incr.yaml');
    const s = await loadScenarioFile(path);
    expect(s.file).toBe(path);
    expect(s).toMatchObject({
      name: 'cross-dc-incr',
      workload: { command: 'INCR', key: 'lab:counter', commands: 2048 },
      network: { rttMs: [0, 1, 5, 10], jitterMs: [0] },
      warmup: 2,
      repeat: 5,
      calibrationPings: 20,
    });
    expect(s.expect.map((t) => [t.metric, t.op, t.value])).toStrictEqual([
      ['medianMs', '<', 60],
      ['p99Us', '<', 25_000],
      ['opsPerSec', '>=', 50],
      ['maxUs', '<=', 1_500_000],
    ]);
  });

  it('loads a JSON file with defaults', async () => {
    const s = await loadScenarioFile(fixture('minimal.json'));
    expect(s.modes).toStrictEqual([{ kind: 'sync' }, { kind: 'pipeline', batch: 16 }]);
    expect(s.network).toStrictEqual({ rttMs: [0], jitterMs: [0] });
  });

  it('broken-keys.yaml: misspelt keys, lowercase command, batch 0, duplicate mode', async () => {
    const error = await rejection('broken-keys.yaml');
    expect(error.code).toBe('E_SCENARIO_INVALID');
    expect(error.message.split('\n')[0]).toBe(`6 problems in ${fixture('broken-keys.yaml')}`);
    expect(error.message).toContain(`${fixture('broken-keys.yaml')}:3:1: repeats: unknown key "repeats"; did you mean "repeat"?`);
    expect(lines(error)).toStrictEqual([
      '3:1: repeats: unknown key "repeats"; did you mean "repeat"?',
      '5:12: workload.command: unsupported command "incr"',
      '6:3: workload.comands: unknown key "comands"; did you mean "commands"?',
      '7:26: modes[1].pipeline: 0 is out of range; expected a whole number from 1 to 1000000',
      '7:45: modes[3]: pipeline:8 is listed twice (also modes[2])',
      '8:1: calibraton: unknown key "calibraton"; did you mean "calibration"?',
    ]);
    expect(error.issues[1]?.hint).toBe('commands are upper case: command: INCR');
  });

  it('broken-network.yaml: every kind of bad duration', async () => {
    expect(lines(await rejection('broken-network.yaml'))).toStrictEqual([
      '8:7: network.rtt[1]: "1.5ms" is not a whole number of milliseconds',
      '9:7: network.rtt[2]: 10 has no unit',
      '10:7: network.rtt[3]: "-5ms" is negative',
      '11:7: network.rtt[4]: "20s" is out of range',
      '12:7: network.rtt[5]: 0ms is listed twice (also network.rtt[0])',
      '13:11: network.jitter: "2MS": units are lowercase',
    ]);
  });

  it('broken-thresholds.yaml: selectors, rtts, metrics and units checked against the scenario', async () => {
    expect(lines(await rejection('broken-thresholds.yaml'))).toStrictEqual([
      '7:6: expect[0]: "pipeline:256 at rtt=10ms: median < 60ms": pipeline:256 is not one of the scenario\'s modes',
      '8:13: expect[1]: "at rtt=7ms: p(99) < 25ms": rtt=7ms is not one of the scenario\'s rtts',
      '9:12: expect[2]: "sync: p(95) < 2ms": unknown metric "p(95)"',
      '10:15: expect[3]: "median < 60": median is a duration: "60" has no unit',
      '11:5: expect[4]: a threshold must be text, but YAML read this one as a mapping (a ": " splits it)',
    ]);
  });

  it('broken-syntax.yaml: the YAML error with its position', async () => {
    const error = await rejection('broken-syntax.yaml');
    expect(error.message).toBe(`${fixture('broken-syntax.yaml')}:4:1: invalid YAML: All mapping items must start at the same column`);
  });

  it('a missing file is E_SCENARIO_NOT_FOUND with the resolved path in the hint', async () => {
    const path = fixture('no-such-scenario.yaml');
    const error = await rejection('no-such-scenario.yaml');
    expect(error.code).toBe('E_SCENARIO_NOT_FOUND');
    expect(error.message).toBe(`scenario file not found: ${path}`);
    expect(error.hint).toContain(fileURLToPath(new URL('../../fixtures/scenarios/no-such-scenario.yaml', import.meta.url)));
  });

  it('a directory is E_SCENARIO_NOT_FOUND too', async () => {
    const error = await rejection('');
    expect(error.code).toBe('E_SCENARIO_NOT_FOUND');
    expect(error.message).toMatch(/^scenario path is a directory: /);
  });
});
