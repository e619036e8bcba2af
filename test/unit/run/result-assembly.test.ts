import { describe, expect, it } from 'vitest';
import { destroyHistograms } from '../../../lab/metrics/index.ts';
import { counterCounts, countsFromLedger, faultEntry, groupByLink, newConfigRuns, recordRun, runRecord, toConfigResult, type ConfigRuns, type FaultRunFindings } from '../../../lab/run/result-assembly.ts';
import { expandFaultCells, expandMatrix, parseScenario } from '../../../lab/scenario/index.ts';
import { workloadRun } from './workload-run.ts';

import type { ReconcileCounts } from '../../../lab/contracts/index.ts';

// Counts of a clean run of n operations: all applied and acknowledged once.
const cleanCounts = (n: number): ReconcileCounts => ({
  issued: n, applied: n, acknowledged: n, failed: 0, indeterminate: 0, indeterminateApplied: 0,
  indeterminateNotApplied: 0, lost: 0, duplicated: 0, unexpected: 0, failedButApplied: 0, retries: 0,
});

const scenario = (yaml: string) => parseScenario(yaml, 'test.yaml');

const cellsOf = (yaml: string) => expandMatrix(scenario(yaml)).map((cell, i) => newConfigRuns(cell, i));

describe('toConfigResult', () => {
  it('summarises the verified runs only and keeps every run record', () => {
    const [config] = cellsOf('name: t\nworkload: {command: INCR, key: k, commands: 8}\nmodes: [pipeline:4]\nnetwork: {rtt: 10ms}\n') as [ConfigRuns];
    recordRun(config, workloadRun(10, [[1000, 4], [3000, 4]]), 0);
    recordRun(config, workloadRun(99, [[9_000_000, 8]], { verified: false, failure: 'wrong reply' }), 1);
    recordRun(config, workloadRun(30, [[2000, 4], [2000, 4]]), 2);
    const result = toConfigResult(config);
    destroyHistograms([config.histogram]);
    expect(result).toMatchObject({
      id: 'pipeline:4@rtt=10ms',
      mode: 'pipeline', batch: 4, batchLabel: '4', rttMs: 10, commands: 8, waits: 2,
      medianMs: 10, minMs: 10, maxMs: 30, errors: 1, // nearest rank: the lower middle of two verified runs valueBytes: null, keys: 'one',
      clientPeakRssBytes: 100, clientHeapGrowthBytes: 10,
    });
    expect(result.opsPerSec).toBeCloseTo(8 / 0.01);
    expect(result.runs.map((r) => [r.order, r.verified, r.failure])).toEqual([[0, true, undefined], [1, false, 'wrong reply'], [2, true, undefined]]);
    // 16 samples from the verified runs, each wait counted once per command it answered; the
    // unverified run's 9 s wait is not among them.
    expect(result.latencyUs).toMatchObject({ count: 16, max: expect.any(Number) });
    expect(result.latencyUs?.max).toBeLessThan(4000);
    expect(result.latencyUs?.p50).toBeGreaterThanOrEqual(1900);
  });

  it('gives null figures when no run verified', () => {
    const [config] = cellsOf('name: t\nworkload: {command: INCR, key: k, commands: 4}\nmodes: [sync]\n') as [ConfigRuns];
    recordRun(config, workloadRun(5, [[10, 1]], { verified: false }), 0);
    const result = toConfigResult(config);
    destroyHistograms([config.histogram]);
    expect(result).toMatchObject({ medianMs: null, minMs: null, opsPerSec: null, latencyUs: null, errors: 1 });
  });

  it('writes the flat mode fields as shipped: sync and auto batches as numbers, `all` as written', () => {
    const configs = cellsOf('name: t\nworkload: {command: INCR, key: k, commands: 100}\nmodes: [sync, pipeline:all, multi:8, auto:16]\n');
    const flat = configs.map((c) => {
      const r = toConfigResult(c);
      return [r.mode, r.batch, r.batchLabel];
    });
    destroyHistograms(configs.map((c) => c.histogram));
    expect(flat).toEqual([
      ['sync', 1, '1'],
      ['pipeline', 100, 'all'],
      ['multi', 8, '8'],
      ['auto', 16, '16'],
    ]);
  });

  it('gives value sizes to every workload that takes a value, EVAL with {value} included', () => {
    const configs = cellsOf(
      'name: t\nworkload: {command: EVAL, script: "return redis.call(\'SET\', KEYS[1], ARGV[1])", args: ["{value}"], key: k, commands: 4, value: [8B, 1KB]}\nmodes: [sync]\n',
    );
    const sizes = configs.map((c) => toConfigResult(c).valueBytes);
    destroyHistograms(configs.map((c) => c.histogram));
    expect(sizes).toEqual([{ min: 8, max: 8 }, { min: 1000, max: 1000 }]);
  });

  it('keeps a warmup record apart from the config', () => {
    const [config] = cellsOf('name: t\nworkload: {command: INCR, key: k, commands: 4}\nmodes: [sync]\n') as [ConfigRuns];
    expect(runRecord(workloadRun(3, [[1, 1]]), -1)).toEqual({ order: -1, totalMs: 3, verified: true, clientGcMs: 0.5 });
    expect(config.runs).toEqual([]);
    destroyHistograms([config.histogram]);
  });
});

describe('groupByLink', () => {
  it('puts the direct configs first, then one group per link shape in matrix order', () => {
    const configs = cellsOf('name: t\nworkload: {command: INCR, key: k, commands: 4}\nmodes: [sync, pipeline:2]\nnetwork: {rtt: [0ms, 5ms], direct: true}\n');
    const groups = groupByLink(configs).map((group) => group.map((c) => c.cell.id));
    destroyHistograms(configs.map((c) => c.histogram));
    expect(groups).toHaveLength(3);
    expect(groups[0]?.every((id) => id.includes('direct'))).toBe(true);
    expect(groups[1]).toEqual(['sync@rtt=0ms', 'pipeline:2@rtt=0ms']);
    expect(groups[2]).toEqual(['sync@rtt=5ms', 'pipeline:2@rtt=5ms']);
  });

  it('keeps configs that differ only in bandwidth apart', () => {
    const configs = cellsOf('name: t\nworkload: {command: SET, key: k, commands: 4, value: 100B}\nmodes: [sync]\nnetwork: {rtt: 1ms, bandwidth: [unlimited, 100KB/s]}\n');
    const groups = groupByLink(configs);
    destroyHistograms(configs.map((c) => c.histogram));
    expect(groups.map((g) => g.length)).toEqual([1, 1]);
  });
});

const FAULTS = `name: f
workload: {command: INCR, key: k, commands: 16}
modes: [pipeline:4]
network: {rtt: 0ms}
faults:
  - name: late-reset
    at: 60ms
    reset: {}
policies: [none, idempotent]
repeat: 2
`;

const findings = (over: Partial<FaultRunFindings> = {}): FaultRunFindings => ({
  counts: cleanCounts(16),
  counter: null,
  prefix: null,
  faultObserved: true,
  verdict: 'SAFE',
  reasons: [],
  examples: { lost: [], duplicated: [], unexpected: [] },
  errorsByKind: {},
  durationMs: 12,
  heal: 'removed',
  problems: [],
  ...over,
});

describe('faultEntry', () => {
  const [cell] = expandFaultCells(scenario(FAULTS));
  if (cell === undefined) throw new Error('no fault cell');

  it('names the cell and takes the first run when the runs agree', () => {
    const entry = faultEntry(cell, [findings(), findings()]);
    expect(entry).toMatchObject({ id: cell.id, fault: 'late-reset', mode: 'pipeline:4', policy: 'none', runs: 2, consistent: true, faultObserved: true, verdict: 'SAFE', reasons: [] });
  });

  it('keeps the worst verdict of runs that disagree, and says they disagreed', () => {
    const dup = { ...cleanCounts(16), duplicated: 1 };
    const entry = faultEntry(cell, [findings(), findings({ verdict: 'UNSAFE', counts: dup })]);
    expect(entry.verdict).toBe('UNSAFE');
    expect(entry.consistent).toBe(false);
    expect(entry.reasons).toEqual(['the 2 runs did not all find the same counts']);
    expect(faultEntry(cell, [findings({ verdict: 'UNKNOWN' }), findings()]).verdict).toBe('UNKNOWN');
  });

  it('is NOT-TESTED when the fault did not fire in some run, whatever the checks said', () => {
    const unfired = faultEntry(cell, [findings({ faultObserved: false, verdict: 'SAFE' }), findings({ faultObserved: false, verdict: 'SAFE' })]);
    expect(unfired).toMatchObject({ faultObserved: false, verdict: 'NOT-TESTED' });
    const once = faultEntry(cell, [findings(), findings({ faultObserved: false, verdict: 'UNSAFE' })]);
    expect(once).toMatchObject({ faultObserved: false, verdict: 'NOT-TESTED' });
    expect(once.reasons).toContain('the fault never fired in 1 of 2 runs, so the cell is not judged');
  });

  it('keeps every run\'s fault timeline, in run order, and none when a run has none', () => {
    const times = (faultOnMs: number) => ({ faultOnMs, closedMs: faultOnMs + 1, healedMs: faultOnMs + 2, endMs: 40 });
    expect(faultEntry(cell, [findings({ timeline: times(10) }), findings({ timeline: times(20) })]).timelines).toEqual([times(10), times(20)]);
    expect(faultEntry(cell, [findings({ timeline: times(10) }), findings()])).not.toHaveProperty('timelines');
  });

  it('refuses a cell without runs', () => {
    expect(() => faultEntry(cell, [])).toThrow(/has no runs/);
  });
});

describe('countsFromLedger', () => {
  it('counts an untagged counter from the ledger: unanswered sends are indeterminate, nothing is resolved', () => {
    const ledger = { size: 10, counts: () => ({ sent: 2, acknowledged: 6, failed: 1, indeterminate: 1, retries: 3 }) };
    expect(countsFromLedger(ledger, 7)).toEqual({
      issued: 10,
      applied: 7,
      acknowledged: 6,
      failed: 1,
      indeterminate: 3,
      indeterminateApplied: 0,
      indeterminateNotApplied: 0,
      lost: 0,
      duplicated: 0,
      unexpected: 0,
      failedButApplied: 0,
      retries: 3,
    });
  });
});

describe('counterCounts', () => {
  it('caps applied at issued and reads the excess as at least that many duplicates', () => {
    const ledger = { size: 256, counts: () => ({ sent: 0, acknowledged: 256, failed: 0, indeterminate: 0, retries: 0 }) };
    expect(counterCounts(ledger, 320)).toMatchObject({ issued: 256, applied: 256, duplicated: 64, duplicatedAtLeast: true, applications: 320 });
    expect(counterCounts(ledger, 200)).toMatchObject({ applied: 200, duplicated: 0, duplicatedAtLeast: true, applications: 200 });
  });

  it('reads a counter below the acknowledged count as at least that many lost', () => {
    const ledger = { size: 1002, counts: () => ({ sent: 0, acknowledged: 735, failed: 0, indeterminate: 267, retries: 0 }) };
    expect(counterCounts(ledger, 234)).toMatchObject({ acknowledged: 735, applied: 234, lost: 501, lostAtLeast: true, duplicated: 0 });
    expect(counterCounts(ledger, 800)).toMatchObject({ lost: 0, lostAtLeast: true });
  });
});
