// A policy row across a timeline, repeated (issue 23 follow-up): every run's counts and
// percentiles kept, the lab writer's rule for verdict, consistency and loss agreement. Pure:
// the rows stand in for runs; no Redis.

import { describe, expect, it } from 'vitest';
import { RECONCILE_METRICS, type ReconcileCounts, type ReconcileEntry, type Verdict } from '../../../lab/contracts/index.ts';
import { evaluateThresholds, recordUs } from '../../../lab/metrics/index.ts';
import { mergeRuns, repeatPolicy } from '../../../lab/run/policy-repeat.ts';
import { parseScenario } from '../../../lab/scenario/index.ts';

const counts = (lost: number, duplicated: number): ReconcileCounts => ({
  issued: 100, applied: 100 - lost + duplicated, acknowledged: 100, failed: 0, indeterminate: 0, indeterminateApplied: 0, indeterminateNotApplied: 0,
  lost, duplicated, unexpected: 0, failedButApplied: 0, retries: 0,
});
const verdictOf = (lost: number, duplicated: number): Verdict => (lost + duplicated > 0 ? 'UNSAFE' : 'SAFE');
// One run's row as runPolicyFailover's caller builds it: one entry in runCounts and runLatencyUs.
const runRow = (lost: number, duplicated: number, p50Us: number): ReconcileEntry => ({
  id: 'INCR / ioredis-default', workload: 'INCR', fault: 'isolate-primary', mode: 'sync', policy: 'ioredis-default', rttMs: 1, connections: 1,
  runs: 1, consistent: true, counts: counts(lost, duplicated), counter: null, prefix: null, faultObserved: true,
  verdict: verdictOf(lost, duplicated), reasons: duplicated > 0 ? [`${duplicated} increments applied twice`] : [],
  examples: { lost: [], duplicated: [], unexpected: [] }, errorsByKind: {},
  timelines: [{ faultOnMs: 300, closedMs: 310, healedMs: 4300, endMs: 5000 }],
  runCounts: [{ lost, duplicated, indeterminate: 0, failedButApplied: 0, redirects: 0, retries: 0 }],
  latencyUs: null,
  runLatencyUs: [{ p50Us, p99Us: p50Us * 4 }],
});

describe('a policy row of several runs', () => {
  it('keeps every run\'s counts and percentiles, the first run\'s counts, and the worst verdict', () => {
    const row = mergeRuns([runRow(0, 0, 1_000), runRow(0, 1, 1_200)], null);
    expect(row.runs).toBe(2);
    expect(row.runCounts!.map((c) => c.duplicated)).toEqual([0, 1]);
    expect(row.runLatencyUs).toEqual([{ p50Us: 1_000, p99Us: 4_000 }, { p50Us: 1_200, p99Us: 4_800 }]);
    expect(row.counts.duplicated).toBe(0);
    expect(row.verdict).toBe('UNSAFE');
    expect(row.consistent).toBe(false);
    expect(row.timelines).toHaveLength(2);
    // The UNSAFE run's reasons, said to be another run's; no loss disagreement (neither lost).
    expect(row.reasons).toEqual(['1 increments applied twice', "(reasons of the first run that was UNSAFE; counts are the first run's)"]);
  });

  it('says when the runs disagree as to loss, and is consistent only when every run matched', () => {
    const split = mergeRuns([runRow(2, 0, 900), runRow(0, 0, 900)], null);
    expect(split.reasons).toContain('the 2 runs disagree on loss: 2 / 0 lost');
    const same = mergeRuns([runRow(0, 0, 900), runRow(0, 0, 950), runRow(0, 0, 800)], null);
    expect(same).toMatchObject({ runs: 3, consistent: true, verdict: 'SAFE' });
    expect(same.reasons).toEqual([]);
  });

  it('a threshold on a count holds only if every run meets it', () => {
    const scenario = parseScenario(
      [
        'name: t',
        'topology: {primary: 1, replicas: 1, sentinels: 3}',
        'workload: {label: INCR, command: INCR, key: counter, commands: 1000}',
        'modes: [sync]',
        'policies: [ioredis-default]',
        'timeline:',
        '  - {name: isolate-primary, at: 300ms, for: 4s, partition: {nodes: [primary], from: all}}',
        'expect: ["policy ioredis-default: duplicated == 0"]',
      ].join('\n'),
      'x.yaml',
    );
    const row = mergeRuns([runRow(0, 0, 1_000), runRow(0, 1, 1_000)], null);
    const [threshold] = evaluateThresholds(scenario.expect, [], [row]);
    expect(threshold!.pass).toBe(false);
    const clean = mergeRuns([runRow(0, 0, 1_000), runRow(0, 0, 1_000)], null);
    expect(evaluateThresholds(scenario.expect, [], [clean])[0]!.pass).toBe(true);
    expect(RECONCILE_METRICS.find((m) => m.name === 'duplicated')!.read(row)).toBe(0);
  });
});

describe('repeatPolicy', () => {
  it('runs `repeat` times, numbers each run\'s problems, merges latency over every run and reports loss agreement', async () => {
    const lost = [0, 3];
    const found = await repeatPolicy({
      repeat: 2,
      once: async (run, rowLatency) => {
        for (let i = 0; i < 100; i++) recordUs(rowLatency, (run + 1) * 1_000);
        return { row: runRow(lost[run]!, 0, (run + 1) * 1_000), problems: [`problem of ${run}`] };
      },
    });
    expect(found.row.runCounts!.map((c) => c.lost)).toEqual([0, 3]);
    expect(found.problems).toEqual(['run 1: problem of 0', 'run 2: problem of 1']);
    expect(found.lossAgreed).toBe(false);
    expect(found.row.latencyUs!.count).toBe(200);
    expect(found.row.latencyUs!.p50).toBeLessThan(found.row.latencyUs!.max);
  });

  it('one run: the run\'s row as it was, problems unnumbered', async () => {
    const row = runRow(0, 0, 500);
    const found = await repeatPolicy({ repeat: 1, once: async () => ({ row, problems: ['p'] }) });
    expect(found.row).toBe(row);
    expect(found.problems).toEqual(['p']);
    expect(found.lossAgreed).toBe(true);
  });
});
