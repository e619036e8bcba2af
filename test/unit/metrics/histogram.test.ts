import { describe, expect, it } from 'vitest';
import {
  LATENCY_HISTOGRAM_SETTINGS,
  createLatencyHistogram,
  decodeLatency,
  max,
  median,
  min,
  percentile,
  recordUs,
  summarizeLatency,
  valueAtPercentileUs,
} from '../../../lab/metrics/histogram.ts';

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

  it('never reports a percentile above the recorded max (HDR answers a bucket\u2019s highest equivalent value)', () => {
    // The field case: 1209.6 ms recorded, p99.9 read 1210.4 ms before the clamp.
    const h = createLatencyHistogram();
    recordUs(h, 1_000, 998);
    recordUs(h, 1_209_600, 2);
    expect(h.getValueAtPercentile(99.9)).toBeGreaterThan(1_209_600); // what HDR itself answers
    const summary = summarizeLatency(h);
    expect(summary.max).toBe(1_209_600);
    expect(summary.p999).toBe(1_209_600);
    for (const p of [summary.p50, summary.p90, summary.p99, summary.p999]) expect(p).toBeLessThanOrEqual(summary.max);
    expect(summary.p50).toBeGreaterThanOrEqual(1_000);
    expect(valueAtPercentileUs(createLatencyHistogram(), 99)).toBe(0);
    h.destroy();
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
});

// The lab's one percentile definition, HDR's, for run totals and PING samples in ms (these tests
// replace the earlier linear-interpolation ones: a median is now a nearest-rank value).
describe('run-time stats', () => {
  it('takes the middle of an odd count and the lower middle of an even count (nearest rank)', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2); // not 2.5
    expect(median([1.5])).toBe(1.5);
    // Above 2.048 ms HDR buckets are wider than 1 µs: the answer is within 0.1 %, never below.
    const m = median([30, 10, 20]) as number;
    expect(m).toBeGreaterThanOrEqual(20);
    withinHdrPrecision(m * 1000, 20_000);
    withinHdrPrecision((median([40, 10, 30, 20]) as number) * 1000, 20_000); // not 25
  });

  it('takes percentiles by nearest rank, returning a measured sample', () => {
    const xs = [0.1, 0.2, 0.3, 0.4, 0.5];
    expect(percentile(xs, 0)).toBe(0.1);
    expect(percentile(xs, 100)).toBe(0.5);
    expect(percentile(xs, 10)).toBe(0.1);
    expect(percentile(xs, 40)).toBe(0.2);
    expect(percentile(xs, 41)).toBe(0.3);
    expect(percentile(xs, 90)).toBe(0.5);
    expect(percentile([1.2344], 50)).toBe(1.2344); // the sample itself, not a bucket edge
    expect(() => percentile(xs, 101)).toThrow(TypeError);
  });

  it('agrees with the per-command latency percentiles of the same values', () => {
    const ms = Array.from({ length: 500 }, (_, i) => 0.05 + ((i * 7919) % 500) * 0.037);
    const h = createLatencyHistogram();
    for (const x of ms) recordUs(h, x * 1000);
    const summary = summarizeLatency(h);
    // Same rank rule: HDR reports the same sample at its bucket's upper edge (3 significant digits).
    withinHdrPrecision(summary.p50, Math.round((percentile(ms, 50) as number) * 1000));
    withinHdrPrecision(summary.p99, Math.round((percentile(ms, 99) as number) * 1000));
  });

  it('returns min and max exactly, without reordering the input', () => {
    const xs = [3, 1, 2];
    expect(min(xs)).toBe(1);
    expect(max(xs)).toBe(3);
    expect(median(xs)).toBe(2);
    expect(xs).toEqual([3, 1, 2]);
    expect(max([123.4567, 1])).toBe(123.4567);
  });

  it('returns null for empty input', () => {
    expect(median([])).toBeNull();
    expect(min([])).toBeNull();
    expect(max([])).toBeNull();
    expect(percentile([], 50)).toBeNull();
  });
});
