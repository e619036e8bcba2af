import { describe, expect, it } from 'vitest';
import { calibrationToleranceMs, calibrationWithinTolerance, summarizeCalibration } from '../../../lab/network/index.ts';

describe('calibration summary', () => {
  const baseline = [0.1, 0.2, 0.3, 0.2, 0.2];
  const proxied = [10.1, 10.3, 10.2, 10.4, 10.2, 11.9, 10.2, 10.3, 10.1, 10.2];

  it('reports medians, the added rtt and the spread of the proxied samples', () => {
    const c = summarizeCalibration({ rttMs: 10, jitterMs: 0 }, baseline, proxied, 9);
    expect(c.baselineMs).toBe(0.2);
    // The lab's one percentile definition (HDR, lab/metrics): nearest rank at HDR precision
    // (within 0.1 %, never below): ranks 5, 1 and 9 of the 10 sorted samples.
    const hdr = (actual: number, expected: number) => expect(actual - expected).toSatisfy((d: number) => d >= 0 && d <= expected / 1000);
    hdr(c.measuredMs, 10.2);
    hdr(c.addedMs, 10.0);
    hdr(c.p10Ms, 10.1);
    hdr(c.p90Ms, 10.4);
    expect([c.upstreamLatencyMs, c.downstreamLatencyMs]).toEqual([4, 5]);
    expect(c.samples).toBe(10);
  });

  it('allows 0.5 ms or 10 %, whichever is larger', () => {
    expect(calibrationToleranceMs(1)).toBe(0.5);
    expect(calibrationToleranceMs(20)).toBe(2);
    const at = (rttMs: number, addedMs: number) =>
      calibrationWithinTolerance({ ...summarizeCalibration({ rttMs, jitterMs: 0 }, [0], [addedMs]) });
    expect(at(10, 10.9)).toBe(true);
    expect(at(10, 11.1)).toBe(false);
    expect(at(1, 1.45)).toBe(true);
    expect(at(1, 1.6)).toBe(false);
  });
});
