// A primary/replicas run's findings as configs and reconcile rows (issue 23), and the thresholds
// that select them by workload and WAIT: pure conversions and parsing, no Redis.

import { describe, expect, it } from 'vitest';
import { CONFIG_METRICS, RECONCILE_METRICS, type LinkCalibration, type ReconcileCounts, type TopologyEvent } from '../../../lab/contracts/index.ts';
import { evaluateThresholds } from '../../../lab/metrics/index.ts';
import type { FailoverRunFindings } from '../../../lab/run/failover-run.ts';
import type { ReplicationFindings } from '../../../lab/run/replication-runs.ts';
import { failoverRow, lossAgrees, replicationConfig } from '../../../lab/run/topology-rows.ts';
import { parseScenario } from '../../../lab/scenario/index.ts';
import { defaultWorkload, failure, lines, yaml } from '../scenario/helpers.ts';

const link = (name: string, rttMs: number): LinkCalibration => ({
  link: name, from: 'clients', to: name, requestedRttMs: rttMs, jitterMs: 0, bandwidth: { upKBps: null, downKBps: null },
  upstreamLatencyMs: rttMs / 2, downstreamLatencyMs: rttMs / 2, samples: 10, baselineMs: 0.1, measuredMs: rttMs + 0.1, addedMs: rttMs, p10Ms: rttMs, p90Ms: rttMs + 0.2,
});
const LINKS = [link('primary', 1), link('replica-1', 10)];
const latency = (p50: number, p99: number) => ({ p50, p90: p99, p99, p999: p99, max: p99, count: 200, hdr: null });

const findings = (overrides: Partial<ReplicationFindings> = {}): ReplicationFindings => ({
  id: 'SET / WAIT 1 100ms',
  workload: 'SET',
  command: 'SET',
  wait: { replicas: 1, timeoutMs: 100 },
  runs: [
    { order: 0, totalMs: 300, verified: true, clientGcMs: null },
    { order: 1, totalMs: 100, verified: true, clientGcMs: null },
    { order: 2, totalMs: 200, verified: true, clientGcMs: null },
  ],
  writeLatencyUs: latency(2_100, 2_600),
  waitLatencyUs: latency(1_050, 1_400),
  waitReached: { '0': 2, '1': 298 },
  underReplicated: 2,
  readsFrom: 'primary',
  lag: [{ replica: 'replica-1', lagBytes: { samples: 5, p50: 0, max: 120 }, lagMs: { samples: 9, p50: 5.5, p90: 6, max: 7.25, resolutionMs: 1, unseen: 0 } }],
  ...overrides,
});

const counts = (lost: number): ReconcileCounts => ({
  issued: 100, applied: 100 - lost, acknowledged: 100, failed: 0, indeterminate: 0, indeterminateApplied: 0, indeterminateNotApplied: 0,
  lost, duplicated: 0, unexpected: 0, failedButApplied: 0, retries: 0,
});
const timeline = { partitionMs: 300, partitionAppliedMs: 302.5, failoverMs: 1000, healMs: 1800, demotedMs: 1810, endMs: 2300 };
const run = (lost: number, overrides: Partial<FailoverRunFindings> = {}): FailoverRunFindings => ({
  counts: counts(lost),
  acknowledgedByMinority: 40,
  waitSplit: null,
  counter: { final: 100 - lost, lower: 100, upper: 100, withinBounds: lost === 0 },
  verdict: lost > 0 ? 'UNSAFE' : 'SAFE',
  reasons: lost > 0 ? [`${lost} acknowledged increments are missing`] : [],
  lostExamples: lost > 0 ? [7, 8] : [],
  timeline,
  latencyUs: { p50Us: 1_000, p99Us: 4_000 },
  problems: [],
  ...overrides,
});
const EVENTS: TopologyEvent[] = [
  { name: 'isolate', atMs: 300, forMs: 1500, action: { kind: 'partition', nodes: ['primary'], from: 'peers' } } as TopologyEvent,
  { name: 'promote', atMs: 1000, forMs: null, action: { kind: 'failover', promote: 'replica-1' } } as TopologyEvent,
];

describe('replication findings as a config', () => {
  it('times the runs that completed, keeps the HDR latency and every replication figure', () => {
    const workload = defaultWorkload('SET', [100], { label: 'SET', keys: { kind: 'sequential', count: 100 }, valueBytes: [{ minBytes: 64, maxBytes: 64 }] });
    const config = replicationConfig(findings(), workload, LINKS);
    expect(config).toMatchObject({ id: 'SET / WAIT 1 100ms', workload: 'SET', mode: 'sync', batch: 1, connections: 1, commands: 100, rttMs: 1, link: 'proxied' });
    expect(config).toMatchObject({ medianMs: 200, minMs: 100, maxMs: 300, opsPerSec: 500, errors: 0, waits: 200, valueBytes: { min: 64, max: 64 } });
    expect(config.latencyUs).toEqual(latency(2_100, 2_600));
    expect(config).toMatchObject({ wait: { replicas: 1, timeoutMs: 100 }, waitReached: { '0': 2, '1': 298 }, underReplicated: 2, readsFrom: 'primary' });
    // The registry reads the new figures.
    const read = (key: string) => CONFIG_METRICS.find((m) => m.key === key)!.read(config);
    expect([read('waitP99Us'), read('underReplicated'), read('lagP50Ms'), read('lagMaxMs')]).toEqual([1_400, 2, 5.5, 7.25]);
  });

  it('counts a run that stopped early as an error, reads from the node it read, and has no WAIT figures without WAIT', () => {
    const runs = [{ order: 0, totalMs: 50, verified: false, clientGcMs: null, failure: 'GET answered null' }, { order: 1, totalMs: 120, verified: true, clientGcMs: null }];
    const workload = defaultWorkload('GET', [100], { label: 'GET' });
    const config = replicationConfig(findings({ id: 'GET / reads from replica-1', workload: 'GET', command: 'GET', wait: null, waitLatencyUs: null, waitReached: {}, underReplicated: 0, readsFrom: 'replica-1', runs, lag: [] }), workload, LINKS);
    expect(config).toMatchObject({ errors: 1, medianMs: 120, rttMs: 10, waits: 100, wait: null, readsFrom: 'replica-1' });
    const read = (key: string) => CONFIG_METRICS.find((m) => m.key === key)!.read(config);
    expect([read('waitP99Us'), read('lagP50Ms')]).toEqual([null, null]);
  });
});

describe('failover findings as a reconcile row', () => {
  it('keeps the first run\'s counts, the worst verdict, the node, WAIT and the steps in time order', () => {
    const row = failoverRow({ workload: 'INCR', wait: null, events: EVENTS, rttMs: 1, runs: [run(0), run(12)] });
    expect(row).toMatchObject({ id: 'INCR / no WAIT', workload: 'INCR', fault: 'isolate + promote', mode: 'sync', policy: 'none', node: 'primary', wait: null, runs: 2 });
    expect(row.counts.lost).toBe(0);
    expect(row.consistent).toBe(false);
    expect(row.verdict).toBe('UNSAFE');
    expect(row.reasons).toContain('12 acknowledged increments are missing');
    expect(row.reasons).toContain('the 2 runs disagree on loss: 0 / 12 lost');
    expect(row.examples.lost).toEqual([7, 8]);
    expect(row.acknowledgedByMinority).toBe(40);
    expect(row.events!.map((e) => e.event)).toEqual(['partition began', 'partition applied', 'replica promoted', 'partition healed', 'old primary demoted', 'writer stopped']);
    expect(row.timelines).toEqual([
      { faultOnMs: 302.5, closedMs: null, healedMs: 1800, endMs: 2300 },
      { faultOnMs: 302.5, closedMs: null, healedMs: 1800, endMs: 2300 },
    ]);
    expect(row.faultObserved).toBe(true);
  });

  it('says NOT-TESTED when the timeline never acted, and the registry reads WAIT\'s split', () => {
    const split = { replicated: { acknowledged: 80, lost: 0 }, underReplicated: { acknowledged: 20, lost: 5 } };
    const idle = { ...timeline, partitionMs: null, partitionAppliedMs: null, failoverMs: null };
    const row = failoverRow({ workload: 'INCR', wait: { replicas: 1, timeoutMs: 100 }, events: EVENTS, rttMs: 1, runs: [run(5, { waitSplit: split, timeline: idle, verdict: 'NOT-TESTED' })] });
    expect(row.id).toBe('INCR / WAIT 1 100ms');
    expect(row.verdict).toBe('NOT-TESTED');
    expect(row.faultObserved).toBe(false);
    const read = (name: string) => RECONCILE_METRICS.find((m) => m.name === name)!.read(row);
    expect([read('lost'), read('by-minority'), read('lost-replicated')]).toEqual([5, 40, 0]);
  });

  it('lists a link fault\'s start and heal among the steps, and counts a run where only it acted as observed', () => {
    const linkOnly = { ...timeline, partitionMs: null, partitionAppliedMs: null, failoverMs: null, healMs: null, demotedMs: null, linkFaults: [{ name: 'r', link: 'primary', fault: 'reset' as const, proxy: 'primary', startMs: 400, healedMs: 600 }] };
    const events: TopologyEvent[] = [{ name: 'r', atMs: null, afterCommands: 50, forMs: 200, action: { kind: 'link-fault', link: 'primary', fault: { kind: 'reset' } } }];
    const row = failoverRow({ workload: 'INCR', wait: null, events, rttMs: 1, runs: [run(0, { timeline: linkOnly })] });
    expect(row.events).toEqual([
      { atMs: 400, event: 'r: reset on primary began' },
      { atMs: 600, event: 'r: reset on primary healed' },
      { atMs: 2300, event: 'writer stopped' },
    ]);
    expect(row).toMatchObject({ fault: 'r', node: 'primary', faultObserved: true, verdict: 'SAFE' });
    expect(row.timelines).toEqual([{ faultOnMs: 400, closedMs: null, healedMs: 600, endMs: 2300 }]);
  });

  it('says whether runs agree as to loss', () => {
    expect(lossAgrees([run(3), run(9)])).toBe(true);
    expect(lossAgrees([run(0), run(0)])).toBe(true);
    expect(lossAgrees([run(0), run(1)])).toBe(false);
  });
});

const TIMELINE = [
  'name: t',
  'topology: {primary: 1, replicas: 1}',
  'replication: {wait: [none, {replicas: 1, timeout: 100ms}]}',
  'workload: [{label: INCR, command: INCR, commands: 1000}, {label: SET, command: SET, key: "k:{i}", keys: sequential, commands: 1000}]',
  'modes: [sync]',
  'timeline: [{name: isolate, at: 300ms, for: 1s, partition: {nodes: [primary], from: peers}}, {name: promote, at: 1s, failover: {promote: replica-1}}]',
];

describe('thresholds on a primary with replicas', () => {
  it('selects timeline rows by workload and WAIT, with counts and verdicts', () => {
    const scenario = parseScenario(yaml(...TIMELINE, 'expect: ["INCR at wait=none: lost > 0", "at wait=1/100ms: lost-replicated == 0", "SET: UNSAFE", "by-minority >= 1"]'), 'x.yaml');
    expect(scenario.expect).toEqual([
      { kind: 'reconcile', source: 'INCR at wait=none: lost > 0', workload: 'INCR', wait: 'none', metric: 'lost', op: '>', value: 0 },
      { kind: 'reconcile', source: 'at wait=1/100ms: lost-replicated == 0', wait: '1/100ms', metric: 'lost-replicated', op: '==', value: 0 },
      { kind: 'reconcile', source: 'SET: UNSAFE', workload: 'SET', verdict: 'UNSAFE' },
      { kind: 'reconcile', source: 'by-minority >= 1', metric: 'by-minority', op: '>=', value: 1 },
    ]);
    const rows = [
      failoverRow({ workload: 'INCR', wait: null, events: EVENTS, rttMs: 1, runs: [run(12)] }),
      failoverRow({ workload: 'INCR', wait: { replicas: 1, timeoutMs: 100 }, events: EVENTS, rttMs: 1, runs: [run(3, { waitSplit: { replicated: { acknowledged: 90, lost: 0 }, underReplicated: { acknowledged: 10, lost: 3 } } })] }),
      failoverRow({ workload: 'SET', wait: null, events: EVENTS, rttMs: 1, runs: [run(0)] }),
    ];
    const results = evaluateThresholds(scenario.expect, [], rows);
    expect(results.map((r) => [r.checked.map((c) => c.configId), r.pass])).toEqual([
      [['INCR / no WAIT'], true],
      [['INCR / WAIT 1 100ms'], true],
      [['SET / no WAIT'], false],
      [['INCR / no WAIT', 'INCR / WAIT 1 100ms', 'SET / no WAIT'], true],
    ]);
  });

  it('selects replication configs with wait=', () => {
    const scenario = parseScenario(yaml('name: t', 'topology: {primary: 1, replicas: 1}', 'replication: {wait: [none, {replicas: 1, timeout: 100ms}]}', 'workload: {command: SET, key: "k:{i}", keys: sequential, commands: 10}', 'modes: [sync]', 'expect: ["at wait=1/100ms: wait-p(99) < 2ms", "SET at wait=none: median < 1s"]'), 'x.yaml');
    expect(scenario.expect.map((t) => t.kind === 'config' && t.select)).toEqual([{ wait: '1/100ms' }, { workload: 'SET', wait: 'none' }]);
    const workload = defaultWorkload('SET', [100], { label: 'SET' });
    const configs = [replicationConfig(findings({ id: 'SET / no WAIT', wait: null, waitLatencyUs: null }), workload, LINKS), replicationConfig(findings(), workload, LINKS)];
    const [wait, median] = evaluateThresholds(scenario.expect, configs);
    expect(wait!.checked).toEqual([{ configId: 'SET / WAIT 1 100ms', actual: 1_400, pass: true }]);
    expect(median!.checked).toEqual([{ configId: 'SET / no WAIT', actual: 200, pass: true }]);
  });

  it('names the WAIT settings a wait= may select, and refuses policy thresholds on a timeline', () => {
    const error = failure(yaml(...TIMELINE, 'expect: ["INCR at wait=1/200ms: lost > 0", "policy none: SAFE", "INCR at rtt=0ms: lost > 0"]'));
    const found = lines(error).join('\n');
    expect(found).toContain('wait=1/200ms is not one of the scenario\'s WAIT settings; did you mean 1/100ms?');
    expect(found).toContain('a topology timeline\'s rows are the lab\'s own writer, not a policy');
    expect(found).toContain('a timeline\'s rows are not selected by rttMs');
    const single = failure(yaml('name: t', 'workload: {command: INCR, commands: 10}', 'modes: [sync]', 'expect: ["at wait=none: median < 1s"]'));
    expect(lines(single).join('\n')).toContain('wait=none: wait= selects configs by the WAIT after each write, and only a primary with replicas runs WAIT settings');
  });
});
