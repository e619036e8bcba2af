import { describe, expect, it } from 'vitest';
import { isLabError } from '../../../lab/errors/index.ts';
import { isLinkToxic, latencySplitMs, linkShape, linkToxics } from '../../../lab/network/index.ts';

describe('link profile to toxics', () => {
  it('splits an even rtt evenly and an odd rtt with the extra ms downstream', () => {
    expect(latencySplitMs(10)).toEqual({ upstreamMs: 5, downstreamMs: 5 });
    expect(latencySplitMs(1)).toEqual({ upstreamMs: 0, downstreamMs: 1 });
    expect(latencySplitMs(5)).toEqual({ upstreamMs: 2, downstreamMs: 3 });
  });

  it('adds no toxic for rtt 0 without jitter (the bare proxy)', () => {
    expect(linkToxics({ rttMs: 0, jitterMs: 0 })).toEqual([]);
  });

  it('puts one latency toxic on each stream, named with the lab prefix', () => {
    expect(linkToxics({ rttMs: 10, jitterMs: 2 })).toEqual([
      { name: 'lab_latency_upstream', type: 'latency', stream: 'upstream', attributes: { latency: 5, jitter: 2 } },
      { name: 'lab_latency_downstream', type: 'latency', stream: 'downstream', attributes: { latency: 5, jitter: 2 } },
    ]);
  });

  it('skips the zero-latency direction of rtt 1 ms', () => {
    expect(linkToxics({ rttMs: 1, jitterMs: 0 }).map((t) => [t.stream, t.attributes.latency])).toEqual([['downstream', 1]]);
  });

  it('configures the corrected latency when calibration lowers it', () => {
    expect(linkToxics({ rttMs: 10, jitterMs: 0 }, 9).map((t) => t.attributes.latency)).toEqual([4, 5]);
  });

  it('defaults an absent bandwidth to uncapped', () => {
    expect(linkShape({ rttMs: 4, jitterMs: 0 }).bandwidth).toEqual({ upKBps: null, downKBps: null });
    expect(linkToxics({ rttMs: 0, jitterMs: 0, bandwidth: { upKBps: null, downKBps: null } })).toEqual([]);
  });

  it('caps each direction with a bandwidth toxic after the latency toxics, rate in KB/s', () => {
    expect(linkToxics({ rttMs: 2, jitterMs: 0, bandwidth: { upKBps: 100, downKBps: 2_000 } })).toEqual([
      { name: 'lab_latency_upstream', type: 'latency', stream: 'upstream', attributes: { latency: 1, jitter: 0 } },
      { name: 'lab_latency_downstream', type: 'latency', stream: 'downstream', attributes: { latency: 1, jitter: 0 } },
      { name: 'lab_bandwidth_upstream', type: 'bandwidth', stream: 'upstream', attributes: { rate: 100 } },
      { name: 'lab_bandwidth_downstream', type: 'bandwidth', stream: 'downstream', attributes: { rate: 2_000 } },
    ]);
  });

  it('caps only the directions given', () => {
    expect(linkToxics({ rttMs: 0, jitterMs: 0, bandwidth: { upKBps: null, downKBps: 10 } })).toEqual([
      { name: 'lab_bandwidth_downstream', type: 'bandwidth', stream: 'downstream', attributes: { rate: 10 } },
    ]);
  });

  it.each([0, -5, 2.5, Number.NaN])('rejects a rate of %s (0 would stall the link, fractions do not parse)', (rate) => {
    let error: unknown;
    try {
      linkToxics({ rttMs: 0, jitterMs: 0, bandwidth: { upKBps: rate, downKBps: null } });
    } catch (e) {
      error = e;
    }
    expect(isLabError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'E_SCENARIO_INVALID' });
  });

  it('treats lab toxics as the link\'s, except standing faults and foreign toxics', () => {
    expect(isLinkToxic('lab_latency_upstream')).toBe(true);
    expect(isLinkToxic('lab_bandwidth_downstream')).toBe(true);
    expect(isLinkToxic('lab_fault_cut_after_downstream')).toBe(false);
    expect(isLinkToxic('latency_downstream')).toBe(false);
  });
});
