// A topology timeline row keeps every run's counts and the per-write latency (issue 23): the
// terminal table, the JSON (the result schema), the HTML failover table, thresholds and compare
// all read them through the registry.

import { describe, expect, it } from 'vitest';
import type { LabResult, ReconcileEntry } from '../../../lab/contracts/index.ts';
import { createLatencyHistogram, evaluateThresholds, recordUs, summarizeLatency } from '../../../lab/metrics/index.ts';
import { compareResults } from '../../../lab/report/compare/compare.ts';
import { renderHtmlReport } from '../../../lab/report/html/report.ts';
import { schemaProblem } from '../../../lab/report/result-schema/check.ts';
import { resultSchema } from '../../../lab/report/result-schema/result-schema.ts';
import { renderTable } from '../../../lab/report/table.ts';
import { parseScenario } from '../../../lab/scenario/index.ts';
import { labResult } from './lab-result.fixture.ts';

const row = labResult.reconcile?.[0] as ReconcileEntry;

const latency = (valuesUs: readonly number[]) => {
  const h = createLatencyHistogram();
  for (const v of valuesUs) recordUs(h, v);
  try {
    return summarizeLatency(h);
  } finally {
    h.destroy();
  }
};

const runCounts = (lost: number, duplicated: number) => ({ lost, duplicated, indeterminate: 2, failedButApplied: 1, redirects: 0, retries: 4 });
const failoverRow = (lost: readonly number[], slowUs = 9_000): ReconcileEntry => ({
  ...row,
  id: 'INCR / idempotent',
  workload: 'INCR',
  policy: 'idempotent',
  runs: lost.length,
  consistent: false,
  counts: { ...row.counts, lost: lost[0] ?? 0 },
  node: 'primary',
  events: [{ atMs: 10, event: 'partition began' }],
  runCounts: lost.map((l, i) => runCounts(l, i)),
  latencyUs: latency([...Array.from({ length: 300 }, () => 1_000), ...Array.from({ length: 10 }, () => slowUs)]),
  runLatencyUs: lost.map(() => ({ p50Us: 1_000, p99Us: slowUs })),
});
const resultOf = (entry: ReconcileEntry): LabResult => ({ ...labResult, configs: [], reconcile: [entry] });

describe('a failover row with every run', () => {
  it('shows each count run by run and the write latency in the table, the JSON and the HTML', () => {
    const result = resultOf(failoverRow([0, 7, 3]));
    const table = renderTable(result, { color: false, width: 220 });
    expect(table).toContain('lost 0/7/3');
    expect(table).toContain('dup 0/1/2');
    expect(table).toMatch(/p50 ms +p99 ms +max ms/);
    // JSON: the schema takes the new fields, and refuses a crafted one.
    const json = JSON.parse(JSON.stringify(result)) as LabResult;
    expect(schemaProblem(json, resultSchema())).toBeUndefined();
    const crafted = { ...json, reconcile: [{ ...json.reconcile![0], runCounts: [{ lost: 'x' }] }] };
    expect(schemaProblem(crafted, resultSchema())).toBeDefined();
    const page = renderHtmlReport([result]);
    const start = page.indexOf('<h3>Failover</h3>');
    const failover = page.slice(start, page.indexOf('</table>', start)).replace(/<\/t[dh]>/g, '|').replace(/<[^>]+>/g, '');
    expect(failover).toContain('write p99');
    expect(failover).toContain('|0 / 7 / 3|');
    expect(failover).toContain('|0 / 1 / 2|');
    expect(failover).toMatch(/\|1(\.0+)? ms\|/);
  });

  it('holds a count threshold only when every run meets it, and bounds the write latency', () => {
    const scenario = parseScenario(`name: t
topology: {primary: 1, replicas: 1}
workload: {command: INCR, key: c, commands: 200}
modes: [sync]
timeline:
  - {name: cut, at: 100ms, for: 1s, partition: {nodes: [primary], from: all}}
  - {name: promote, at: 300ms, failover: {promote: replica-1}}
policies: [idempotent]
expect:
  - "policy idempotent: lost == 0"
  - "policy idempotent: write-p(99) < 5ms"
  - "policy idempotent: write-p(50) < 5ms"
`, 'failover.yaml');
    const [lost, p99, p50] = evaluateThresholds(scenario.expect, [], [failoverRow([0, 7, 3])]);
    expect(lost).toMatchObject({ pass: false, checked: [{ actual: 7 }] });
    expect(p99).toMatchObject({ pass: false, writtenUnit: 'ms' });
    expect(p50?.pass).toBe(true);
    expect(evaluateThresholds(scenario.expect, [], [failoverRow([0, 0, 0], 2_000)]).every((t) => t.pass)).toBe(true);
  });

  it('compares totals over the runs by the Poisson rule, and the write p99 by its runs', () => {
    const base = resultOf(failoverRow([1, 0, 1], 2_000));
    const same = compareResults(base, resultOf(failoverRow([0, 1, 1], 2_000)), 10);
    expect(same.countChanges.filter((c) => c.metric === 'lost')).toEqual([]);
    const worse = compareResults(base, resultOf(failoverRow([4, 5, 6], 20_000)), 10);
    expect(worse.countChanges.find((c) => c.metric === 'lost')).toMatchObject({ base: 2, next: 15, basis: 'total of 3 runs' });
    expect(worse.countChanges.find((c) => c.metric === 'lost')?.failure).not.toBeNull();
    expect(worse.countChanges.find((c) => c.metric === 'write-p(99)')?.failure).toMatch(/every new run worse/);
    expect(worse.pass).toBe(false);
  });
});
