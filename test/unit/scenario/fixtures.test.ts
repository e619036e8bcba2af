import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { expandFaultCells, loadScenarioFile, type ScenarioError } from '../../../lab/scenario/index.ts';
import { isLabError } from '../../../lab/errors/index.ts';
import { defaultNetwork, defaultWorkload, hints, lines } from './helpers.ts';

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
      workloads: [defaultWorkload('INCR', [2048], { key: 'lab:counter' })],
      network: defaultNetwork({ rttMs: [0, 1, 5, 10], jitterMs: [0] }),
      warmup: 2,
      repeat: 5,
      calibrationPings: 20,
    });
    expect(s.expect.map((t) => (t.kind === 'config' ? [t.metric, t.op, t.value] : []))).toStrictEqual([
      ['medianMs', '<', 60],
      ['p99Us', '<', 25_000],
      ['opsPerSec', '>=', 50],
      ['maxUs', '<=', 1_500_000],
    ]);
  });

  it('loads a JSON file with defaults', async () => {
    const s = await loadScenarioFile(fixture('minimal.json'));
    expect(s.modes).toStrictEqual([{ kind: 'sync' }, { kind: 'pipeline', batch: 16 }]);
    expect(s.network).toStrictEqual(defaultNetwork());
  });

  it('full-grammar.yaml: several workloads, every axis and every kind of config threshold', async () => {
    const s = await loadScenarioFile(fixture('full-grammar.yaml'));
    expect(s.seed).toBe(42);
    expect(s.workloads.map((w) => [w.label, w.command, w.keys, w.commands, w.valueBytes])).toStrictEqual([
      ['set-values', 'SET', { kind: 'zipfian', count: 10_000, theta: 0.9 }, [1000, 100_000], [{ minBytes: 16, maxBytes: 16 }, { minBytes: 1024, maxBytes: 1024 }, { minBytes: 16, maxBytes: 4000 }]],
      ['script', 'EVAL', { kind: 'uniform', count: 500 }, [1000], [{ minBytes: 1000, maxBytes: 1000 }]],
      ['INCRBY', 'INCRBY', { kind: 'sequential', count: 'commands' }, [1000], [{ minBytes: 16, maxBytes: 16 }]],
      ['zadd', 'CUSTOM', { kind: 'sequential', count: 100 }, [1000], [{ minBytes: 16, maxBytes: 16 }]],
    ]);
    expect(s.workloads[2]).toMatchObject({ key: 'bench:key:{i}', incrementBy: 5 });
    expect(s.workloads[3]).toMatchObject({ args: ['ZADD', '{key}', '1', 'm{i}'], reply: { kind: 'integer' } });
    expect(s.modes.map((m) => m.kind)).toStrictEqual(['sync', 'pipeline', 'pipeline', 'multi', 'multi', 'auto']);
    expect(s.connections).toStrictEqual([1, 50]);
    expect(s.network).toStrictEqual({
      rttMs: [0, 10],
      jitterMs: [0, 2],
      bandwidth: [
        { upKBps: null, downKBps: null },
        { upKBps: 1000, downKBps: 1000 },
        { upKBps: 100, downKBps: null },
      ],
      direct: true,
    });
    expect(s.expect.map((t) => (t.kind === 'config' ? [t.select, t.metric, t.op, t.value] : []))).toStrictEqual([
      [{ mode: { kind: 'pipeline', batch: 8 }, rttMs: 10, link: 'proxied' }, 'medianMs', '<', 60],
      [{ workload: 'set-values', mode: { kind: 'sync' }, commands: 1000, connections: 50, valueBytes: 1024 }, 'p99Us', '<', 25_000],
      [{ link: 'direct' }, 'opsPerSec', '>', 10_000],
      [{ workload: 'script', jitterMs: 2, link: 'proxied' }, 'errors', '==', 0],
      [{ mode: { kind: 'pipeline', batch: 'all' }, rttMs: 0, link: 'proxied' }, 'modelRatio', '<=', 1.5],
      [{ mode: { kind: 'auto', callers: 32 } }, 'clientPeakRssBytes', '<', 536_870_912],
      [{ workload: 'zadd' }, 'clientPeakHeapBytes', '<', 200_000_000],
    ]);
    expect(s.faults).toStrictEqual([]);
    expect(s.policies).toStrictEqual([]);
  });

  it('fault-cut.yaml: faults, policies, reconcile options and verdict thresholds', async () => {
    const s = await loadScenarioFile(fixture('fault-cut.yaml'));
    expect(s.faults.map((f) => [f.name, f.trigger, f.action, f.forMs])).toStrictEqual([
      ['cut-mid-batch', { kind: 'commands', after: 128 }, { kind: 'cut-after', direction: 'down', units: 32, plusBytes: 3 }, null],
      ['reset-early', { kind: 'time', atMs: 200 }, { kind: 'reset' }, 500],
      ['stall-up', { kind: 'commands', after: 64 }, { kind: 'stall' }, null],
      ['slow', { kind: 'time', atMs: 0 }, { kind: 'bandwidth', bandwidth: { upKBps: null, downKBps: 1 } }, 2000],
    ]);
    expect(s.policies).toStrictEqual(['none', 'app-retry', 'idempotent']);
    expect(s.reconcile).toStrictEqual({ tags: 'log', deadlineMs: 30_000, appRetries: 2 });
    expect(s.expect).toStrictEqual([
      { kind: 'reconcile', source: 'policy idempotent: SAFE', policy: 'idempotent', verdict: 'SAFE' },
      { kind: 'reconcile', source: 'policy none at fault=cut-mid-batch: duplicated == 0', policy: 'none', fault: 'cut-mid-batch', metric: 'duplicated', op: '==', value: 0 },
      { kind: 'reconcile', source: 'policy app-retry at fault=reset-early: lost <= 1', policy: 'app-retry', fault: 'reset-early', metric: 'lost', op: '<=', value: 1 },
    ]);
    expect(expandFaultCells(s)).toHaveLength(2 * 4 * 3 * 3);
  });

  it('every shipped scenario in scenarios/ is valid', async () => {
    const dir = fileURLToPath(new URL('../../../scenarios/', import.meta.url));
    // scenario.schema.json beside them is the editors' schema, not a scenario.
    const files = (await readdir(dir)).filter((f) => /\.(ya?ml|json)$/.test(f) && !f.endsWith('.schema.json'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const load = () => loadScenarioFile(join(dir, file));
      await expect(load()).resolves.toMatchObject({ file: join(dir, file) });
    }
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

  it('broken-value-unit.yaml: a value size without its unit', async () => {
    const error = await rejection('broken-value-unit.yaml');
    expect(error.message).toBe(`${fixture('broken-value-unit.yaml')}:6:10: workload.value: 1024 has no unit`);
    expect(error.issues[0]).toMatchObject({ line: 6, col: 10, field: 'workload.value', hint: 'sizes carry a unit: write 1024B (or KB, KiB, MB, MiB)' });
  });

  it('broken-bandwidth.yaml: caps Toxiproxy cannot set', async () => {
    const error = await rejection('broken-bandwidth.yaml');
    expect(lines(error)).toStrictEqual([
      '8:7: network.bandwidth[1]: "1KiB/s" is 1.024KB/s, not a whole number of KB/s',
      '9:12: network.bandwidth[2].up: "8Mbit/s" is in bits per second',
      '10:7: network.bandwidth[3]: 500 has no unit',
    ]);
    expect(hints(error)).toStrictEqual([
      "Toxiproxy's bandwidth toxic takes whole KB/s (1KB = 1000 bytes): use 1KB/s or 2KB/s",
      'bandwidth is in bytes per second: 8Mbit/s is 1MB/s; a rate is a size per second: B/s, KB/s, MB/s (1000-based) or KiB/s, MiB/s, in whole KB/s from 1KB/s; or unlimited',
      'a rate carries a unit: write 500KB/s (or B/s, MB/s, KiB/s, MiB/s)',
    ]);
  });

  it('broken-fault-two-actions.yaml: the second action, at its own key', async () => {
    const error = await rejection('broken-fault-two-actions.yaml');
    expect(lines(error)).toStrictEqual(['9:5: faults[0].reset: a fault has one action, but this one has cut-after and reset']);
    expect(error.hint).toBe('split it into two faults, each with its own name and trigger');
  });

  it('broken-policies-without-faults.yaml: policies and reconcile need faults', async () => {
    const error = await rejection('broken-policies-without-faults.yaml');
    expect(lines(error)).toStrictEqual([
      '5:1: policies: only a fault scenario takes policies, and this one has no faults',
      '6:1: reconcile: only a fault scenario takes reconcile, and this one has no faults',
    ]);
    expect(hints(error)).toStrictEqual([
      'add faults: [{name: cut, after: 100 commands, reset: {}}] to compare retry policies under a fault, or remove policies',
      'add faults: [{name: cut, after: 100 commands, reset: {}}] to compare retry policies under a fault, or remove reconcile',
    ]);
  });

  it('broken-batch-too-large.yaml: one batch of the whole run, so suggest all', async () => {
    const error = await rejection('broken-batch-too-large.yaml');
    expect(lines(error)).toStrictEqual(['6:27: modes[2]: pipeline:256 would be one batch of 100: the largest commands value is 100']);
    expect(error.hint).toBe('write pipeline:all for one batch of the whole run, or a batch of at most 100');
  });

  it('broken-threshold-selector.yaml: selectors thresholds do not have, with what to write', async () => {
    const error = await rejection('broken-threshold-selector.yaml');
    expect(lines(error)).toStrictEqual([
      '8:30: expect[0]: "pipeline:8 at rtt=10ms, connections=50: median < 60ms": unknown selector "connections"',
      '9:19: expect[1]: "at rtt=10ms, size=1KB: p(99) < 5ms": unknown selector "size"',
    ]);
    expect(hints(error).map((h) => h.split(';')[0])).toStrictEqual(['write conns=<N>', 'write value=<size>']);
  });

  it('broken-threshold-policy.yaml: a verdict on a policy the scenario does not run', async () => {
    const error = await rejection('broken-threshold-policy.yaml');
    expect(lines(error)).toStrictEqual([
      '10:13: expect[1]: "policy app-retry at fault=cut: duplicated == 0": policy app-retry is not one of the scenario\'s policies',
    ]);
    expect(error.hint).toBe('valid: policy none, policy idempotent (add app-retry to policies: to judge it)');
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
