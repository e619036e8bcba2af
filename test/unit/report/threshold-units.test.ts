// Units as written (issue 26): "p(99) < 20ms" bounds a metric kept in µs (p99Us), and its bound
// and every actual read back in ms in the terminal table and the matcher message; a threshold
// written in the metric's own unit, and a result without writtenUnit, read as before.

import { describe, expect, it } from 'vitest';
import { evaluateThresholds } from '../../../lab/metrics/index.ts';
import { parseScenario } from '../../../lab/scenario/index.ts';
import { renderThresholds } from '../../../lab/report/thresholds-block.ts';
import { checkThresholds } from '../../../lab/vitest/checks.ts';
import { config } from '../metrics/fixtures.ts';
import { labResult } from '../vitest/results.ts';

const scenario = (...items: string[]) =>
  parseScenario(['name: t', 'workload: {command: INCR, commands: 10}', 'modes: [sync]', 'expect:', ...items.map((i) => `  - "${i}"`)].join('\n'), 'x.yaml');

const configs = [config({ id: 'sync@rtt=0ms', rttMs: 0, mode: 'sync', batch: 1, latencyUs: { p50: 800, p90: 900, p99: 12_345, p999: 20_000, max: 25_000, count: 10, hdr: null } })];

describe('threshold figures in the unit the threshold was written in', () => {
  it('keeps the metric unit in the result and records the written one', () => {
    const [ms, us] = evaluateThresholds(scenario('p(99) < 20ms', 'p(99) < 20000us').expect, configs);
    expect(ms).toMatchObject({ metric: 'p99Us', value: 20_000, writtenUnit: 'ms', checked: [{ actual: 12_345, pass: true }] });
    expect(us?.writtenUnit).toBeUndefined();
  });

  it('prints bound and actual in ms in the table and the matcher message', () => {
    const thresholds = evaluateThresholds(scenario('p(99) < 20ms', 'p(99) < 20000us', 'p(99) < 0.01s').expect, configs);
    const table = renderThresholds(thresholds, false).join('\n');
    expect(table).toContain('p99Us 12.345 ms < 20 ms');
    expect(table).toContain('p99Us 12345 µs < 20000 µs');
    expect(table).toContain('p99Us 0.012 s < 0.01 s');
    const passed = checkThresholds(labResult({ thresholds: thresholds.slice(0, 2) })).message;
    expect(passed).toContain('sync@rtt=0ms: p99Us = 12.345ms (needs < 20ms)');
    expect(passed).toContain('sync@rtt=0ms: p99Us = 12345 (needs < 20000)');
    expect(checkThresholds(labResult({ thresholds })).message).toContain('✗ sync@rtt=0ms: p99Us = 0.012s (needs < 0.01s)');
  });
});
