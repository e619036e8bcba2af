import { describe, expect, it } from 'vitest';
import {
  LATENCY_HISTOGRAM_SETTINGS,
  createLatencyHistogram,
  decodeLatency,
  mergeHistograms,
  recordUs,
  summarizeLatency,
} from '../../../lab/metrics/index.ts';

// HDR with 3 significant digits keeps values within 0.1%.
const withinHdrPrecision = (actual: number, expected: number): void => {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.ceil(expected / 1000));
};

describe('latency histogram', () => {
  it('summarises 1..1000 µs and survives an encode/decode round trip', () => {
    const h = createLatencyHistogram();
    for (let us = 1; us <= 1000; us++) recordUs(h, us);
    const summary = summarizeLatency(h);
    expect(summary.count).toBe(1000);
    withinHdrPrecision(summary.p50, 500);
    withinHdrPrecision(summary.p90, 900);
    withinHdrPrecision(summary.p99, 990);
    withinHdrPrecision(summary.p999, 999);
    expect(summary.max).toBe(1000);
    expect(summary.hdr).toMatch(/^HISTF/);

    const decoded = decodeLatency(summary.hdr);
    const again = summarizeLatency(decoded);
    expect(again.count).toBe(1000);
    expect(again.p50).toBe(summary.p50);
    expect(again.p99).toBe(summary.p99);
    expect(again.max).toBe(summary.max);
    h.destroy();
    decoded.destroy();
  });

  it('records a pipeline batch as one value with a count', () => {
    const h = createLatencyHistogram();
    recordUs(h, 12_345.6, 256);
    const summary = summarizeLatency(h);
    expect(summary.count).toBe(256);
    withinHdrPrecision(summary.p50, 12_346);
    withinHdrPrecision(summary.max, 12_346);
  });

  it('clamps negative values to 0 and rejects non-finite values and bad counts', () => {
    const h = createLatencyHistogram();
    recordUs(h, -3);
    expect(summarizeLatency(h)).toMatchObject({ count: 1, max: 0 });
    expect(() => recordUs(h, Number.NaN)).toThrow(TypeError);
    expect(() => recordUs(h, 5, 0)).toThrow(/count/);
  });

  it('grows past the 60 s setting instead of throwing', () => {
    const h = createLatencyHistogram();
    recordUs(h, LATENCY_HISTOGRAM_SETTINGS.highestTrackableValue * 2);
    withinHdrPrecision(summarizeLatency(h).max, 120_000_000);
  });

  it('merges per-run histograms, also decoded ones, without touching the inputs', () => {
    const a = createLatencyHistogram();
    const b = createLatencyHistogram();
    recordUs(a, 100, 10);
    recordUs(b, 5_000, 10);
    const merged = mergeHistograms([a, decodeLatency(summarizeLatency(b).hdr)]);
    const summary = summarizeLatency(merged);
    expect(summary.count).toBe(20);
    expect(summary.p50).toBe(100);
    withinHdrPrecision(summary.max, 5_000);
    expect(a.totalCount).toBe(10);
    expect(summarizeLatency(mergeHistograms([])).count).toBe(0);
  });
});
