// A policy across a primary/replicas timeline, repeated (issue 23 follow-up): `repeat: 2` gives
// the policy's row two runs, each on a fresh topology, every run's counts and percentiles kept;
// the row goes through the HTML report, compare and thresholds like the writer's rows.

import { describe, expect, it } from 'vitest';
import { runScenario } from '../../lab/index.ts';
import { compareResults, renderHtmlReport } from '../../lab/report/index.ts';
import { inlineScenario } from './support.ts';

describe('a policy row across a timeline, repeat: 2 (local runtime)', () => {
  it('keeps both runs in runCounts and runLatencyUs, and a count threshold holds only if both runs meet it', async () => {
    const result = await runScenario(
      inlineScenario(`
name: policy-repeat-small
topology: {primary: 1, replicas: 1}
network: {rtt: 1ms}
workload: {label: INCR, command: INCR, key: counter, commands: 200000}
modes: [sync]
repeat: 2
calibration: {pings: 10}
policies: [ioredis-default]
timeline:
  - {name: isolate-primary, at: 300ms, for: 1500ms, partition: {nodes: [primary], from: all}}
  - {name: promote, at: 600ms, failover: {promote: replica-1}}
expect:
  - "policy ioredis-default: duplicated == 0"
  - "policy ioredis-default: lost == 0"
`),
      { runtime: 'local' },
    );
    const rows = result.reconcile!;
    expect(rows.map((r) => r.policy)).toEqual(['none', 'ioredis-default']);
    const policyRow = rows[1]!;
    expect(policyRow.runs).toBe(2);
    expect(policyRow.runCounts).toHaveLength(2);
    expect(policyRow.runLatencyUs).toHaveLength(2);
    expect(policyRow.timelines).toHaveLength(2);
    for (const run of policyRow.runLatencyUs!) expect(run.p50Us).not.toBeNull();
    // Per-write latency over both runs: at least as many writes as either run acknowledged.
    expect(policyRow.latencyUs!.count).toBeGreaterThanOrEqual(policyRow.counts.acknowledged);
    // Counts are the first run's; its entry in runCounts says the same.
    expect(policyRow.runCounts![0]!.lost).toBe(policyRow.counts.lost);
    expect(policyRow.runCounts![0]!.duplicated).toBe(policyRow.counts.duplicated);
    const disagree = new Set(policyRow.runCounts!.map((c) => c.lost > 0)).size > 1;
    expect(policyRow.reasons.some((r) => r.includes('runs disagree on loss'))).toBe(disagree);
    if (disagree) expect(result.pass).toBe(false);
    // Thresholds on counts hold only if every run meets them.
    const [dup, lost] = result.thresholds;
    expect(dup!.pass).toBe(policyRow.runCounts!.every((c) => c.duplicated === 0));
    expect(lost!.pass).toBe(policyRow.runCounts!.every((c) => c.lost === 0));
    // The writer's row runs twice too.
    expect(rows[0]!.runCounts).toHaveLength(2);
    // The HTML report and compare take the result.
    const html = renderHtmlReport([result]);
    expect(html).toContain('INCR / ioredis-default');
    const comparison = compareResults(result, result, 10);
    expect(comparison.reconcileOnlyInBase).toEqual([]);
    expect(comparison.verdictChanges).toEqual([]);
    expect(comparison.pass).toBe(true);
  }, 300_000);
});
