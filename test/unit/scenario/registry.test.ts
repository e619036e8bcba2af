import { describe, expect, it } from 'vitest';
import {
  expandMatrix,
  flatMode,
  parseScenario,
  SELECTOR_AXES,
  selectsConfig,
  takesValue,
  type ConfigCell,
  type ConfigResult,
} from '../../../lab/scenario/index.ts';
import { SELECTORS_HINT } from '../../../lab/scenario/thresholds/threshold-scope.ts';
import { failure, hints, lines, yaml } from './helpers.ts';

// A ConfigResult as the run builds one from a cell (lab/run toConfigResult): the fields a selector
// reads come from the cell, valueBytes only where the workload takes a value; no figures.
const resultOf = (cell: ConfigCell): ConfigResult => ({
  id: cell.id,
  workload: cell.workload.label,
  command: cell.workload.command,
  link: cell.link,
  rttMs: cell.rttMs,
  jitterMs: cell.jitterMs,
  bandwidth: cell.bandwidth,
  ...flatMode(cell.mode, cell.commands),
  connections: cell.connections,
  commands: cell.commands,
  valueBytes: takesValue(cell.workload) ? { min: cell.valueBytes.minBytes, max: cell.valueBytes.maxBytes } : null,
  keys: 'one',
  waits: cell.commands,
  runs: [],
  medianMs: null,
  minMs: null,
  maxMs: null,
  opsPerSec: null,
  modelMs: null,
  modelRatio: null,
  latencyUs: null,
  errors: 0,
  errorsByKind: {},
  clientPeakRssBytes: null,
  clientPeakHeapBytes: null,
  clientRssGrowthBytes: null,
  clientHeapGrowthBytes: null,
  serverInfo: null,
});

describe('an EVAL workload whose args carry {value} (issue 8)', () => {
  const text = yaml(
    'name: eval-value',
    `workload: {command: EVAL, script: "return redis.call('SET', KEYS[1], ARGV[1])", args: ["{value}"], value: [8B, 1KB], commands: 10}`,
    'modes: [sync]',
    'expect: ["at value=1KB: median < 1s"]',
  );

  it('validates, expands to two configs with distinct ids and value sizes, and its threshold selects exactly the 1KB one', () => {
    const scenario = parseScenario(text, 'eval-value.yaml');
    const cells = expandMatrix(scenario);
    expect(cells.map((c) => c.id)).toStrictEqual(['sync@rtt=0ms,value=8B', 'sync@rtt=0ms,value=1KB']);
    expect(cells.map((c) => c.valueBytes)).toStrictEqual([
      { minBytes: 8, maxBytes: 8 },
      { minBytes: 1000, maxBytes: 1000 },
    ]);

    const [threshold] = scenario.expect;
    if (threshold?.kind !== 'config') throw new Error('expected a config threshold');
    expect(threshold.select).toStrictEqual({ valueBytes: 1000 });
    expect(threshold.metric).toBe('medianMs');

    const results = cells.map(resultOf);
    expect(results.map((r) => r.valueBytes)).toStrictEqual([
      { min: 8, max: 8 },
      { min: 1000, max: 1000 },
    ]);
    expect(results.filter((r) => selectsConfig(threshold.select, r)).map((r) => r.id)).toStrictEqual(['sync@rtt=0ms,value=1KB']);
  });
});

describe('threshold selectors and the registry', () => {
  it('the selectors hint names every selector axis of the registry', () => {
    for (const axis of SELECTOR_AXES) {
      expect(SELECTORS_HINT).toMatch(new RegExp(`(?:: |, )${axis.selector}(?:=|$)`));
    }
  });

  it('every value axis is selectable in a threshold', () => {
    const scenario = parseScenario(
      yaml(
        'name: t',
        'workload: {command: SET, commands: [10, 20], value: [8B, 1KB]}',
        'modes: [sync]',
        'connections: [1, 2]',
        'network: {rtt: [0ms, 5ms], jitter: [0ms, 1ms], bandwidth: [unlimited, 1MB/s]}',
        'expect: ["at rtt=5ms, jitter=1ms, bw=1MB/s, conns=2, n=20, value=1KB: median < 1s", "at bw=unlimited: median < 1s"]',
      ),
      't.yaml',
    );
    const [all, unlimited] = scenario.expect;
    expect(all?.kind === 'config' ? all.select : undefined).toStrictEqual({
      rttMs: 5,
      jitterMs: 1,
      bandwidthKBps: 1000,
      connections: 2,
      commands: 20,
      valueBytes: 1000,
      link: 'proxied',
    });
    expect(unlimited?.kind === 'config' ? unlimited.select : undefined).toStrictEqual({ bandwidthKBps: null, link: 'proxied' });
  });
});

describe('a fault whose trigger the run never reaches', () => {
  const faultScenario = (workload: string, modes: string, after: number) =>
    yaml('name: t', `workload: ${workload}`, `modes: ${modes}`, 'faults:', `  - {name: late, after: ${after} commands, reset: {}}`);

  it('after: N at the run size is an error at its line, under every mode (the fault would start after the last command)', () => {
    for (const modes of ['[sync]', '[pipeline:all]', '[sync, pipeline:8, multi:8]']) {
      const error = failure(faultScenario('{command: INCR, commands: 64}', modes, 64));
      expect(lines(error)).toStrictEqual(['5:25: faults[0].after: after 64 commands, but the run issues only 64']);
      expect(hints(error)).toStrictEqual(['after must be below commands (64), or the fault never starts']);
    }
  });

  it('past the run it is the only problem reported for the trigger (no batch-alignment noise)', () => {
    const error = failure(faultScenario('{command: INCR, commands: 64}', '[pipeline:8]', 100));
    expect(lines(error)).toStrictEqual(['5:25: faults[0].after: after 100 commands, but the run issues only 64']);
  });

  it('is judged against every commands value', () => {
    const error = failure(faultScenario('{command: INCR, commands: [32, 64, 128]}', '[sync]', 64));
    expect(lines(error)).toContain('5:25: faults[0].after: after 64 commands, but the runs of 32, 64 commands issue no more than that');
    expect(error.issues.find((i) => i.field === 'faults[0].after')?.hint).toBe(
      'after must be below every commands value (32), or the fault never starts in those runs',
    );
  });

  it('the last batch boundary before the end is reachable', () => {
    expect(() => parseScenario(faultScenario('{command: INCR, commands: 64}', '[sync, pipeline:8]', 56), 'x.yaml')).not.toThrow();
    expect(() => parseScenario(faultScenario('{command: INCR, commands: 64}', '[pipeline:all]', 0), 'x.yaml')).not.toThrow();
  });
});
