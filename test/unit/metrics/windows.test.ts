// Percentiles over time (issue 26): requests land in the window of their intended start, their
// counts add up, rates are per run, the window count is bounded, and percentiles come from the
// added histograms of every run.

import { describe, expect, it } from 'vitest';
import { WINDOW_LIMITS } from '../../../lab/contracts/index.ts';
import { LatencyWindows, windowWidthMs, type WindowedRun } from '../../../lab/metrics/index.ts';

// A constant schedule: n requests at `ratePerSec`, each taking `latencyUs(k)` (NaN: unfinished).
const run = (n: number, ratePerSec: number, latencyUs: (k: number) => number, late: (k: number) => boolean = () => false): WindowedRun => {
  const offsetsUs = Float64Array.from({ length: n }, (_, k) => (k * 1e6) / ratePerSec);
  const requestUs = Float64Array.from({ length: n }, (_, k) => latencyUs(k));
  return { offsetsUs, requestUs, serviceUs: requestUs.map((us) => us / 2), lateStart: Uint8Array.from({ length: n }, (_, k) => (late(k) ? 1 : 0)) };
};

describe('LatencyWindows', () => {
  it('puts each request in the window of its intended start; requests add up to the completed ones', () => {
    const windows = new LatencyWindows(1000, 3000);
    windows.add(run(300, 100, (k) => (k === 7 ? Number.NaN : 1000 + k)));
    const out = windows.summarize();
    expect(out.map((w) => w.startMs)).toEqual([0, 1000, 2000]);
    expect(out.map((w) => w.requests)).toEqual([99, 100, 100]);
    expect(out.reduce((sum, w) => sum + w.requests, 0)).toBe(299);
    expect(out.map((w) => w.offeredPerSec)).toEqual([100, 100, 100]);
    // The first window's p50 is a request of its own (k 0-99), never one of a later window.
    expect(out[0]?.requestP50Us).toBeLessThan(1100);
    expect(out[2]?.requestP50Us).toBeGreaterThan(1200);
    expect(out[2]?.serviceP99Us).toBeLessThan(out[2]?.requestP99Us ?? 0);
    expect(out[2]?.maxUs).toBe(1299);
  });

  it('counts completions where they end: a slow tail adds windows with no offered rate but an achieved one', () => {
    const windows = new LatencyWindows(500, 1000);
    windows.add(run(100, 100, (k) => (k < 50 ? 1000 : 600_000)));
    const out = windows.summarize();
    expect(out).toHaveLength(4);
    expect(out[3]?.offeredPerSec).toBe(0);
    expect(out[3]?.requests).toBe(0);
    expect(out[3]?.requestP99Us).toBeNull();
    expect(out[3]?.achievedPerSec).toBeGreaterThan(0);
    const achievedCount = out.reduce((sum, w) => sum + w.achievedPerSec * 0.5, 0);
    expect(achievedCount).toBeCloseTo(100, 6);
  });

  it('adds the runs: counts summed, rates per run, late starts per window', () => {
    const windows = new LatencyWindows(1000, 2000);
    windows.add(run(200, 100, () => 2000, (k) => k >= 150));
    windows.add(run(200, 100, () => 4000));
    const out = windows.summarize();
    expect(windows.runs).toBe(2);
    expect(out.map((w) => w.requests)).toEqual([200, 200]);
    expect(out.map((w) => w.offeredPerSec)).toEqual([100, 100]);
    expect(out.map((w) => w.lateStarts)).toEqual([0, 50]);
    expect(out[0]?.requestP50Us).toBeCloseTo(2000, -1);
    expect(out[0]?.requestP99Us).toBeCloseTo(4000, -1);
  });

  it('reports the offered rate of a part-scheduled last window over its scheduled part', () => {
    const windows = new LatencyWindows(1000, 1500);
    windows.add(run(150, 100, () => 100));
    expect(windows.summarize().map((w) => w.offeredPerSec)).toEqual([100, 100]);
  });

  it('keeps at most maxWindows windows: the width grows with the schedule and its deadline', () => {
    expect(windowWidthMs(1000, 10_000, 30_000)).toBe(1000);
    const wide = windowWidthMs(100, 3_600_000, 30_000);
    expect(wide).toBe(Math.ceil(3_630_000 / WINDOW_LIMITS.maxWindows));
    const windows = new LatencyWindows(100, 1000);
    windows.add(run(10, 10, () => 3_600_000_000)); // a completion far past every window
    expect(windows.summarize().length).toBeLessThanOrEqual(WINDOW_LIMITS.maxWindows);
  });

  it('summarizes nothing before a run, and refuses a width that is not positive', () => {
    expect(new LatencyWindows(1000, 1000).summarize()).toEqual([]);
    expect(() => new LatencyWindows(0, 1000)).toThrow(/windowMs/);
  });
});
