// A primary/replicas run's findings as configs (WAIT settings and read-from on the single-node
// path) and reconcile rows (issue 23), and the thresholds that select them by workload and WAIT:
// pure conversions and parsing, no Redis.

import { describe, expect, it } from 'vitest';
import { CONFIG_METRICS, RECONCILE_METRICS, type ConfigResult, type ReconcileCounts, type TopologyEvent } from '../../../lab/contracts/index.ts';
import { evaluateThresholds } from '../../../lab/metrics/index.ts';
import type { FailoverRunFindings } from '../../../lab/run/failover-run.ts';
import { newConfigRuns, recordRun, toConfigResult, type ConfigRuns } from '../../../lab/run/result-assembly.ts';
import { failoverRow, lossAgrees } from '../../../lab/run/topology-rows.ts';
import { expandMatrix, parseScenario } from '../../../lab/scenario/index.ts';
import { newWaitTally } from '../../../lab/workload/wait-after.ts';
import type { WorkloadRun } from '../../../lab/workload/index.ts';
import { workloadRun } from './workload-run.ts';
import { failure, lines, yaml } from '../scenario/helpers.ts';

const REPLICAS = ['name: t', 'topology: {primary: 1, replicas: 1}'];
const configsOf = (...text: string[]): ConfigRuns[] => expandMatrix(parseScenario(yaml(...REPLICAS, ...text), 'x.yaml')).map((cell, i) => newConfigRuns(cell, i));

// A verified run of `ops` commands, each a write of `us` µs with its WAIT of `waitUs` µs, which
// reached `reached[i]` replicas (no WAIT figures when reached is empty).
const measured = (totalMs: number, ops: number, us: number, waitUs: number, reached: number[], verified = true): WorkloadRun => {
  const tally = newWaitTally(reached.length, { replicas: 1, timeoutMs: 100 });
  reached.forEach((n, i) => {
    tally.us[i] = waitUs;
    tally.reached[i] = n;
  });
  tally.count = reached.length;
  const run = workloadRun(totalMs, Array.from({ length: ops }, () => [us, 1]), verified ? {} : { verified, failure: 'GET of k:1 did not return its prefilled value' });
  return reached.length === 0 ? run : { ...run, outcome: { ...run.outcome, waitAfter: tally } };
};
const LAG = [{ replica: 'replica-1', lagBytes: { samples: 5, p50: 0, max: 120 }, lagMs: { samples: 9, p50: 5.5, p90: 6, max: 7.25, resolutionMs: 1, unseen: 0 } }];
const SET_WAIT = ['replication: {wait: [none, {replicas: 1, timeout: 100ms}]}', 'workload: {label: SET, command: SET, key: "k:{i}", keys: sequential, value: 64B, commands: 100}', 'modes: [sync]'];
// Both WAIT settings of SET after three verified runs: 2 of the 300 WAITs reached no replica.
const setConfigs = (): ConfigResult[] => {
  const [plain, waited] = configsOf(...SET_WAIT) as [ConfigRuns, ConfigRuns];
  [300, 100, 200].forEach((ms, order) => {
    recordRun(plain, measured(ms / 10, 100, 900, 0, []), order);
    recordRun(waited, measured(ms, 100, 2_100, 1_400, Array.from({ length: 100 }, (_, i) => (order === 0 && i < 2 ? 0 : 1))), order);
  });
  return [plain, waited].map((c) => ({ ...toConfigResult(c), readsFrom: 'primary', lag: LAG }));
};

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

describe('WAIT settings and read-from as configs on the single path', () => {
  it('makes each WAIT setting a config named as before, with HDR latency and every replication figure', () => {
    const [plain, config] = setConfigs() as [ConfigResult, ConfigResult];
    expect(plain).toMatchObject({ id: 'SET / no WAIT', wait: null, waitLatencyUs: null, waitReached: {}, underReplicated: 0, waits: 100 });
    expect(config).toMatchObject({ id: 'SET / WAIT 1 100ms', workload: 'SET', mode: 'sync', batch: 1, connections: 1, commands: 100, rttMs: 0, link: 'proxied' });
    expect(config).toMatchObject({ medianMs: 200, minMs: 100, maxMs: 300, opsPerSec: 500, errors: 0, waits: 200, valueBytes: { min: 64, max: 64 } });
    expect(config.latencyUs).toMatchObject({ count: 300 });
    expect(config.latencyUs!.p50).toBeGreaterThan(2_000);
    expect(config).toMatchObject({ wait: { replicas: 1, timeoutMs: 100 }, waitReached: { '0': 2, '1': 298 }, underReplicated: 2, readsFrom: 'primary' });
    // The registry reads the new figures.
    const read = (key: string) => CONFIG_METRICS.find((m) => m.key === key)!.read(config);
    expect(read('waitP99Us')).toBeCloseTo(1_400, -1);
    expect([read('underReplicated'), read('lagP50Ms'), read('lagMaxMs')]).toEqual([2, 5.5, 7.25]);
  });

  it('reads from the replica named, without WAIT, counts a run that read a lagging replica as an error', () => {
    const [config] = configsOf('replication: {wait: [none, {replicas: 1, timeout: 100ms}], read-from: replica-1}', 'workload: {label: GET, command: GET, key: "k:{i}", keys: sequential, commands: 100}', 'modes: [sync]') as [ConfigRuns];
    expect(config.cell).toMatchObject({ id: 'GET / reads from replica-1', readFrom: 'replica-1', wait: null });
    recordRun(config, measured(50, 100, 900, 0, [], false), 0);
    recordRun(config, measured(120, 100, 900, 0, []), 1);
    const result = toConfigResult(config);
    expect(result).toMatchObject({ errors: 1, medianMs: 120, waits: 100, wait: null, waitLatencyUs: null });
    const read = (key: string) => CONFIG_METRICS.find((m) => m.key === key)!.read(result);
    expect([read('waitP99Us'), read('lagP50Ms')]).toEqual([null, null]);
  });

  it('makes WAIT an axis beside modes and connections, and sends only reads to the replica', () => {
    const cells = configsOf('replication: {wait: [none, {replicas: 1, timeout: 100ms}], read-from: replica-1}', 'workload: [{label: SET, command: SET, key: "k:{i}", commands: 64}, {label: GET, command: GET, key: "k:{i}", commands: 64}]', 'modes: [sync, pipeline:16]', 'connections: [1, 2]').map((c) => c.cell);
    const sets = cells.filter((c) => c.workload.label === 'SET');
    expect(sets).toHaveLength(8);
    expect(sets.every((c) => c.readFrom === undefined)).toBe(true);
    expect(sets.map((c) => c.id)).toContain('SET / WAIT 1 100ms / pipeline:16@rtt=0ms,conns=2');
    const gets = cells.filter((c) => c.workload.label === 'GET');
    expect(gets.map((c) => [c.id, c.readFrom, c.wait])).toEqual([
      ['GET / reads from replica-1 / sync@rtt=0ms', 'replica-1', null],
      ['GET / reads from replica-1 / pipeline:16@rtt=0ms', 'replica-1', null],
      ['GET / reads from replica-1 / sync@rtt=0ms,conns=2', 'replica-1', null],
      ['GET / reads from replica-1 / pipeline:16@rtt=0ms,conns=2', 'replica-1', null],
    ]);
    expect(new Set(cells.map((c) => c.id)).size).toBe(cells.length);
  });

  it('leaves the ids of a primary with replicas without WAIT and read-from as they were', () => {
    const cells = configsOf('workload: {command: SET, key: "k:{i}", commands: 10}', 'modes: [sync]');
    expect(cells.map((c) => [c.cell.id, c.cell.wait, c.cell.readFrom])).toEqual([['sync@rtt=0ms', undefined, undefined]]);
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
    const [wait, median] = evaluateThresholds(scenario.expect, setConfigs());
    expect(wait!.checked).toMatchObject([{ configId: 'SET / WAIT 1 100ms', pass: true }]);
    expect(wait!.checked[0]!.actual).toBeCloseTo(1_400, -1);
    expect(median!.checked).toEqual([{ configId: 'SET / no WAIT', actual: 20, pass: true }]);
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
