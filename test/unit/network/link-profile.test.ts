import { describe, expect, it } from 'vitest';
import { latencySplitMs, linkToxics } from '../../../lab/network/index.ts';

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
});
