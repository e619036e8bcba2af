import { describe, expect, it } from 'vitest';
import { ProgressBar } from '../../../lab/report/index.ts';
import type { ProgressEvent } from '../../../lab/report/index.ts';

const run = { order: 0, totalMs: 5, verified: true, clientGcMs: 0 };

const start = (index: number, total = 2): ProgressEvent => ({ type: 'config-start', configId: `cfg${index}`, index, total });
const done = (index: number, warmup: boolean, runIndex: number, runCount: number, verified = true, total = 2): ProgressEvent => ({
  type: 'run-done', configId: `cfg${index}`, index, total, warmup, runIndex, runCount,
  run: verified ? run : { ...run, verified: false, failure: 'final counter 1, expected 2' },
});

describe('ProgressBar', () => {
  it('draws nothing before a config starts and shows "--" for the ETA until a run has finished', () => {
    const bar = new ProgressBar();
    expect(bar.feed({ type: 'runtime-starting', runtime: 'local' }, 0)).toEqual(['starting local runtime']);
    expect(bar.text(500)).toBe('');
    expect(bar.feed(start(0), 1000)).toEqual([]);
    const text = bar.text(1500, 120);
    expect(text).toMatch(/^config 1\/2 cfg0 {2}runs 0\/\? {2}\[\.{20}\] {2}--% {2}elapsed 2s {2}ETA ~ --$/);
  });

  it('estimates the ETA from each config\'s mean run time, and unstarted configs from the mean of all runs', () => {
    const bar = new ProgressBar();
    bar.feed(start(0), 0);
    bar.feed(done(0, true, 0, 1), 1_000); // warmup: 1 s
    bar.feed(done(0, false, 0, 2), 3_000); // measured: 2 s → cfg0 mean 1.5 s
    // 2 configs × (1 warmup + 2 measured) = 6 runs; 2 done.
    // cfg0: 1 left × 1.5 s; cfg1 not started: 3 runs × 1.5 s (mean of all runs) → 6 s.
    const s = bar.snapshot(3_000)!;
    expect(s).toMatchObject({ phase: 'config', index: 0, total: 2, id: 'cfg0', unitDone: 2, unitRuns: 3, done: 2, planned: 6, elapsedMs: 3_000 });
    expect(s.etaMs).toBe(6_000);
    expect(bar.text(3_000, 120)).toBe('config 1/2 cfg0  runs 2/3 (1 warmup)  [######..............]   33%  elapsed 3s  ETA ~ 6s');

    bar.feed(start(1), 3_000);
    bar.feed(done(1, true, 0, 1), 9_000); // cfg1 warmup: 6 s (a slower config)
    // cfg0: 1 × 1.5 s; cfg1: 2 left × its own 6 s → 13.5 s
    expect(bar.snapshot(9_000)!.etaMs).toBe(13_500);
    // The current run's elapsed part comes off, at most the config's own mean.
    expect(bar.snapshot(11_000)!.etaMs).toBe(11_500);
    expect(bar.snapshot(30_000)!.etaMs).toBe(7_500);
  });

  it('adds the fault runs once they report, and reaches 100% with ETA 0', () => {
    const bar = new ProgressBar();
    bar.feed(start(0, 1), 0);
    bar.feed(done(0, false, 0, 1, true, 1), 2_000); // no warmups: 1 run per config
    expect(bar.snapshot(2_000)).toMatchObject({ done: 1, planned: 1, etaMs: 0 });
    const fault = (index: number, runIndex: number): ProgressEvent => ({
      type: 'fault-run-done', entryId: `reset / sync / p${index}`, index, total: 2, runIndex, runCount: 2, durationMs: 900, verdict: 'SAFE',
    });
    expect(bar.feed(fault(0, 0), 6_000)).toEqual([]);
    // 1 config run + 2 entries × 2 runs = 5; entry 0: 1 left × 4 s; entry 1: 2 × mean of fault runs 4 s.
    expect(bar.snapshot(6_000)).toMatchObject({ phase: 'fault', index: 0, total: 2, id: 'reset / sync / p0', unitDone: 1, unitRuns: 2, done: 2, planned: 5, etaMs: 12_000 });
    expect(bar.text(6_000, 120)).toMatch(/^fault 1\/2 reset \/ sync \/ p0 {2}runs 1\/2 {2}\[########\.+\] {2} 40% {2}elapsed 6s {2}ETA ~ 12s$/);
  });

  it('prints lines for failed runs, calibration and results above the bar, and stops drawing when the run stops', () => {
    const bar = new ProgressBar();
    bar.feed(start(0), 0);
    expect(bar.feed(done(0, false, 0, 3), 100)).toEqual([]);
    expect(bar.feed(done(0, false, 1, 3, false), 200)).toEqual(['[1/2] cfg0  run 2/3  5.00 ms  FAILED: final counter 1, expected 2']);
    expect(bar.text(200)).not.toBe('');
    expect(bar.feed({ type: 'stopping' }, 300)).toEqual(['stopping runtime']);
    expect(bar.text(300)).toBe('');
  });

  it('fits the line to the width, shortening the id in the middle', () => {
    const bar = new ProgressBar();
    const id = 'pipeline:256@rtt=10ms,jitter=2ms,bw=1000/500KBps,c=4,v=1024B';
    bar.feed({ type: 'config-start', configId: id, index: 4, total: 12 }, 0);
    const text = bar.text(61_000, 100);
    expect(text.length).toBeLessThanOrEqual(100);
    expect(text).toMatch(/^config 5\/12 pipeline:256…c=4,v=1024B {2}runs 0\/\? /);
    expect(text).toContain('elapsed 1m01s');
    expect(bar.text(61_000, 30).length).toBeLessThanOrEqual(30);
  });
});
