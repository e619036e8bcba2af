import { describe, expect, it } from 'vitest';
import type { ReconcileEntry } from '../../../lab/contracts/index.ts';
import { notMeasured, notTestedWarnings, resultWarnings } from '../../../lab/run/result-notes.ts';
import { parseScenario } from '../../../lab/scenario/index.ts';

const entry = (over: Partial<ReconcileEntry>): ReconcileEntry => ({
  id: 'late-reset / pipeline:4 / none',
  fault: 'late-reset',
  mode: 'pipeline:4',
  policy: 'none',
  rttMs: 0,
  runs: 2,
  consistent: true,
  counts: { issued: 4, applied: 4, acknowledged: 4, failed: 0, indeterminate: 0, indeterminateApplied: 0, indeterminateNotApplied: 0, lost: 0, duplicated: 0, unexpected: 0, failedButApplied: 0, retries: 0 },
  counter: null,
  prefix: null,
  faultObserved: true,
  verdict: 'SAFE',
  reasons: [],
  examples: { lost: [], duplicated: [], unexpected: [] },
  errorsByKind: {},
  ...over,
});

describe('result warnings', () => {
  it('gives one line per NOT-TESTED cell naming its fault, mode and policy', () => {
    const lines = notTestedWarnings([
      entry({}),
      entry({ faultObserved: false, verdict: 'NOT-TESTED' }),
      entry({ policy: 'idempotent', faultObserved: false, verdict: 'NOT-TESTED', rttMs: 10 }),
    ]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^fault late-reset \(mode pipeline:4, policy none\) never fired: .*nothing was judged \(NOT-TESTED\)/);
    expect(lines[1]).toMatch(/^fault late-reset \(mode pipeline:4, policy idempotent, rtt 10 ms\) never fired/);
  });

  it('lists inconsistent cells, untested cells and background problems', () => {
    const warnings = resultWarnings({
      calibration: [],
      configs: [],
      reconcile: [entry({ consistent: false }), entry({ verdict: 'NOT-TESTED', faultObserved: false })],
      problems: ['cell run 1: healing fault reset failed once and was retried: timeout'],
    });
    expect(warnings).toEqual([
      'late-reset / pipeline:4 / none: repeated runs found different counts',
      expect.stringMatching(/^fault late-reset .* never fired/),
      'cell run 1: healing fault reset failed once and was retried: timeout',
    ]);
  });

  it('states what fault runs do not measure only for fault scenarios', () => {
    const perf = parseScenario('name: t\nworkload: {command: INCR, key: k, commands: 4}\nmodes: [sync]\n', 't.yaml');
    const faults = parseScenario('name: f\nworkload: {command: INCR, key: k, commands: 4}\nmodes: [sync]\nfaults:\n  - {name: r, after: 2 commands, reset: {}}\npolicies: [none]\n', 'f.yaml');
    expect(notMeasured(faults).length).toBe(notMeasured(perf).length + 2);
    expect(notMeasured(faults).some((line) => line.startsWith('Fault runs judge correctness'))).toBe(true);
  });
});
