import { describe, expect, it } from 'vitest';
import { evaluateThresholds } from '../../../lab/metrics/index.ts';
import { selectsConfig, type ConfigSelector, type ReconcileThreshold, type Threshold } from '../../../lab/contracts/index.ts';
import { config, reconcileEntry } from './fixtures.ts';

const configs = [
  config({ id: 'sync@rtt=10ms', rttMs: 10, mode: 'sync', batch: 1, medianMs: 21_000 }),
  config({ id: 'pipeline:256@rtt=10ms', rttMs: 10, mode: 'pipeline', batch: 256, medianMs: 41.2, modelRatio: 1.1 }),
  config({ id: 'pipeline:256@rtt=20ms', rttMs: 20, mode: 'pipeline', batch: 256, medianMs: null, latencyUs: null }),
];

const threshold = (t: Omit<Threshold, 'source' | 'kind'>): Threshold => ({ kind: 'config', source: 'test', ...t });
const pipeline256 = { kind: 'pipeline', batch: 256 } as const;

describe('evaluateThresholds: config thresholds', () => {
  it('passes a bound every selected config meets', () => {
    const [result] = evaluateThresholds(
      [threshold({ select: { mode: pipeline256, rttMs: 10 }, metric: 'medianMs', op: '<', value: 60 })],
      configs,
    );
    expect(result).toMatchObject({ pass: true, checked: [{ configId: 'pipeline:256@rtt=10ms', actual: 41.2, pass: true }] });
  });

  it('fails when one selected config misses the bound', () => {
    const [result] = evaluateThresholds([threshold({ select: { rttMs: 10 }, metric: 'medianMs', op: '<=', value: 60 })], configs);
    expect(result?.pass).toBe(false);
    expect(result?.checked.map((c) => c.pass)).toEqual([false, true]);
  });

  it('reads per-command figures from latencyUs and fails a null figure', () => {
    const [result] = evaluateThresholds([threshold({ select: { mode: pipeline256 }, metric: 'p99Us', op: '<', value: 1000 })], configs);
    expect(result?.checked).toEqual([
      { configId: 'pipeline:256@rtt=10ms', actual: 900, pass: true },
      { configId: 'pipeline:256@rtt=20ms', actual: null, pass: false },
    ]);
    expect(result?.pass).toBe(false);
  });

  it('fails a threshold that selects no config', () => {
    const [result] = evaluateThresholds(
      [threshold({ select: { mode: { kind: 'pipeline', batch: 255 } }, metric: 'opsPerSec', op: '>', value: 1 })],
      configs,
    );
    expect(result).toMatchObject({ checked: [], pass: false });
  });

  it('checks errors, modelRatio and client memory, with == as exact equality', () => {
    const one = [config({ id: 'c', rttMs: 0, mode: 'sync', batch: 1, errors: 2, modelRatio: 1.25, clientPeakRssBytes: 90e6, clientPeakHeapBytes: 30e6 })];
    const results = evaluateThresholds(
      [
        threshold({ select: {}, metric: 'errors', op: '==', value: 0 }),
        threshold({ select: {}, metric: 'errors', op: '==', value: 2 }),
        threshold({ select: {}, metric: 'modelRatio', op: '<', value: 1.5 }),
        threshold({ select: {}, metric: 'modelRatio', op: '<', value: 1.2 }),
        threshold({ select: {}, metric: 'clientPeakRssBytes', op: '<=', value: 90e6 }),
        threshold({ select: {}, metric: 'clientPeakHeapBytes', op: '>=', value: 31e6 }),
      ],
      one,
    );
    expect(results.map((r) => [r.metric, r.checked[0]?.actual, r.pass])).toEqual([
      ['errors', 2, false],
      ['errors', 2, true],
      ['modelRatio', 1.25, true],
      ['modelRatio', 1.25, false],
      ['clientPeakRssBytes', 90e6, true],
      ['clientPeakHeapBytes', 30e6, false],
    ]);
  });

  it('fails a modelRatio bound where there is no model', () => {
    const [result] = evaluateThresholds([threshold({ select: { rttMs: 20 }, metric: 'modelRatio', op: '<', value: 2 })], configs);
    expect(result?.checked).toEqual([{ configId: 'pipeline:256@rtt=20ms', actual: null, pass: false }]);
  });

  it('carries source, metric, op and value through', () => {
    const [result] = evaluateThresholds(
      [{ kind: 'config', source: 'sync: median < 1s', select: { mode: { kind: 'sync' } }, metric: 'medianMs', op: '<', value: 1000 }],
      configs,
    );
    expect(result).toMatchObject({ source: 'sync: median < 1s', metric: 'medianMs', op: '<', value: 1000, pass: false });
  });
});

describe('selectsConfig', () => {
  const base = config({
    id: 'x',
    workload: 'SET',
    rttMs: 5,
    jitterMs: 1,
    mode: 'multi',
    batch: 8,
    connections: 4,
    commands: 1000,
    valueBytes: { min: 64, max: 64 },
  });

  it('selects by a bandwidth cap the same both ways, or by no cap at all', () => {
    const open = config({ id: 'open', rttMs: 10, mode: 'sync', batch: 1 });
    const capped = config({ id: 'capped', rttMs: 10, mode: 'sync', batch: 1, bandwidth: { upKBps: 1000, downKBps: 1000 } });
    const upOnly = config({ id: 'up only', rttMs: 10, mode: 'sync', batch: 1, bandwidth: { upKBps: 1000, downKBps: null } });
    const ids = (select: ConfigSelector) => [open, capped, upOnly].filter((c) => selectsConfig(select, c)).map((c) => c.id);
    expect(ids({ bandwidthKBps: 1000 })).toEqual(['capped']);
    expect(ids({ bandwidthKBps: null })).toEqual(['open']);
    expect(ids({})).toEqual(['open', 'capped', 'up only']);
  });

  it('matches on every selector field it sets and ignores absent ones', () => {
    const matching: ConfigSelector = {
      workload: 'SET',
      mode: { kind: 'multi', batch: 8 },
      link: 'proxied',
      rttMs: 5,
      jitterMs: 1,
      connections: 4,
      commands: 1000,
      valueBytes: 64,
    };
    expect(selectsConfig({}, base)).toBe(true);
    expect(selectsConfig(matching, base)).toBe(true);
    const misses: ConfigSelector[] = [
      { workload: 'GET' },
      { mode: { kind: 'pipeline', batch: 8 } },
      { link: 'direct' },
      { rttMs: 0 },
      { jitterMs: 0 },
      { connections: 1 },
      { commands: 100 },
      { valueBytes: 32 },
    ];
    for (const miss of misses) expect(selectsConfig({ ...matching, ...miss }, base), JSON.stringify(miss)).toBe(false);
  });

  it('matches a value size only when the config has exactly that size', () => {
    expect(selectsConfig({ valueBytes: 64 }, { ...base, valueBytes: { min: 64, max: 128 } })).toBe(false);
    expect(selectsConfig({ valueBytes: 64 }, { ...base, valueBytes: null })).toBe(false);
  });

  it('selects pipeline:all only by batch all', () => {
    const all = { ...base, mode: 'pipeline' as const, batch: 1000, batchLabel: 'all' };
    expect(selectsConfig({ mode: { kind: 'pipeline', batch: 'all' } }, all)).toBe(true);
    expect(selectsConfig({ mode: { kind: 'pipeline', batch: 1000 } }, all)).toBe(false);
  });
});

describe('evaluateThresholds: reconcile thresholds', () => {
  const entries = [
    reconcileEntry({ fault: 'cut-mid-batch', policy: 'none', verdict: 'UNSAFE', counts: { lost: 3, duplicated: 0 } }),
    reconcileEntry({ fault: 'reset', policy: 'none', verdict: 'SAFE' }),
    reconcileEntry({ fault: 'cut-mid-batch', policy: 'idempotent', verdict: 'SAFE' }),
    reconcileEntry({ fault: 'reset', policy: 'idempotent', verdict: 'SAFE' }),
    reconcileEntry({ fault: 'reset', policy: 'app-retry', verdict: 'UNKNOWN' }),
  ];
  type Body<T> = T extends unknown ? Omit<T, 'kind' | 'source'> : never;
  const rt = (t: Body<ReconcileThreshold>): ReconcileThreshold => ({ kind: 'reconcile', source: 'test', ...t });

  it('checks the verdict of every entry of the policy', () => {
    const [safe, unsafe] = evaluateThresholds(
      [rt({ policy: 'idempotent', verdict: 'SAFE' }), rt({ policy: 'none', verdict: 'SAFE' })],
      [],
      entries,
    );
    expect(safe).toMatchObject({ metric: 'verdict', op: '==', value: 1, pass: true });
    expect(safe?.checked).toEqual([
      { configId: 'cut-mid-batch / pipeline:64 / idempotent', actual: 'SAFE', pass: true },
      { configId: 'reset / pipeline:64 / idempotent', actual: 'SAFE', pass: true },
    ]);
    expect(unsafe?.pass).toBe(false);
    expect(unsafe?.checked.map((c) => [c.actual, c.pass])).toEqual([
      ['UNSAFE', false],
      ['SAFE', true],
    ]);
  });

  it('narrows by fault when given, and an UNSAFE expectation passes on an UNSAFE verdict', () => {
    const [result] = evaluateThresholds([rt({ policy: 'none', fault: 'cut-mid-batch', verdict: 'UNSAFE' })], [], entries);
    expect(result).toMatchObject({ value: 0, pass: true, checked: [{ configId: 'cut-mid-batch / pipeline:64 / none', actual: 'UNSAFE' }] });
  });

  it('never passes UNKNOWN', () => {
    const [result] = evaluateThresholds([rt({ policy: 'app-retry', verdict: 'SAFE' })], [], entries);
    expect(result).toMatchObject({ pass: false, checked: [{ actual: 'UNKNOWN', pass: false }] });
  });

  it('bounds a count from the entry', () => {
    const [lost, duplicated, applied] = evaluateThresholds(
      [
        rt({ policy: 'none', fault: 'cut-mid-batch', metric: 'lost', op: '==', value: 0 }),
        rt({ policy: 'none', metric: 'duplicated', op: '==', value: 0 }),
        rt({ policy: 'none', metric: 'applied', op: '>=', value: 100 }),
      ],
      [],
      entries,
    );
    expect(lost).toMatchObject({ metric: 'lost', op: '==', value: 0, pass: false, checked: [{ actual: 3, pass: false }] });
    expect(duplicated).toMatchObject({ pass: true, checked: [{ actual: 0 }, { actual: 0 }] });
    expect(applied?.pass).toBe(true);
  });

  it('fails when nothing matches: a typo in a policy or a fault, or no reconcile entries at all', () => {
    const results = evaluateThresholds(
      [rt({ policy: 'ioredis-default', verdict: 'SAFE' }), rt({ policy: 'none', fault: 'cut-mid-bacth', metric: 'lost', op: '==', value: 0 })],
      configs,
      entries,
    );
    expect(results.map((r) => [r.checked.length, r.pass])).toEqual([
      [0, false],
      [0, false],
    ]);
    expect(evaluateThresholds([rt({ policy: 'none', verdict: 'SAFE' })], configs)[0]).toMatchObject({ checked: [], pass: false });
  });

  it('judges config and reconcile thresholds together, in order', () => {
    const results = evaluateThresholds(
      [rt({ policy: 'idempotent', verdict: 'SAFE' }), threshold({ select: { rttMs: 10 }, metric: 'errors', op: '==', value: 0 })],
      configs,
      entries,
    );
    expect(results.map((r) => [r.metric, r.checked.length, r.pass])).toEqual([
      ['verdict', 2, true],
      ['errors', 2, true],
    ]);
  });

  it('fails every reconcile threshold over an entry whose fault never fired (NOT-TESTED)', () => {
    const missed = [
      reconcileEntry({ fault: 'late-reset', policy: 'idempotent', verdict: 'NOT-TESTED', faultObserved: false }),
      reconcileEntry({ fault: 'reset', policy: 'idempotent', verdict: 'SAFE' }),
    ];
    const [verdict, lost, applied] = evaluateThresholds(
      [
        rt({ policy: 'idempotent', verdict: 'SAFE' }),
        rt({ policy: 'idempotent', metric: 'lost', op: '==', value: 0 }),
        rt({ policy: 'idempotent', fault: 'late-reset', metric: 'applied', op: '>=', value: 0 }),
      ],
      [],
      missed,
    );
    expect(verdict).toMatchObject({ pass: false });
    expect(verdict?.checked.map((c) => [c.actual, c.pass])).toEqual([
      ['NOT-TESTED', false],
      ['SAFE', true],
    ]);
    // The clean counts of a fault-free run would satisfy the bounds; they still fail.
    expect(lost).toMatchObject({ pass: false, checked: [{ actual: 0, pass: false }, { actual: 0, pass: true }] });
    expect(applied).toMatchObject({ pass: false, checked: [{ actual: 100, pass: false }] });
  });
});
