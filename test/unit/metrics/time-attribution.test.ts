import { describe, expect, it } from 'vitest';
import { attributeTime, commandTimeDelta, parseCommandStats, respBulkBytes, respCommandBytes, type RunCosts } from '../../../lab/metrics/index.ts';

const run = (order: number, wallMs: number, over: Partial<RunCosts> = {}): RunCosts => ({
  order, wallMs, clientCpuMs: 10, serverMs: 2, bytesUp: 0, bytesDown: 0, ...over,
});
const uncapped = { upKBps: null, downKBps: null };

describe('attributeTime', () => {
  it('breaks down the median run: waits x added rtt, server, CPU, and the rest unexplained', () => {
    const a = attributeTime([run(0, 1200), run(1, 1100), run(2, 1500)], { waits: 100, addedRttMs: 10, bandwidth: uncapped });
    expect(a).toMatchObject({ runOrder: 0, wallMs: 1200, linkWaitMs: 1000, serverMs: 2, clientCpuMs: 10, bandwidthCapMs: null, runs: 3 });
    expect(a?.unexplainedMs).toBeCloseTo(188, 9);
    expect(a?.explainedPct).toBeCloseTo((1012 / 1200) * 100, 9);
    expect(a?.explainedPctMin).toBeCloseTo((1012 / 1500) * 100, 9);
    expect(a?.explainedPctMax).toBeCloseTo((1012 / 1100) * 100, 9);
  });

  it('takes the lower middle of an even count', () => {
    expect(attributeTime([run(0, 40), run(1, 10), run(2, 30), run(3, 20)], { waits: 1, addedRttMs: 1, bandwidth: uncapped })?.runOrder).toBe(3);
  });

  it('counts each capped direction at its rate (KB = 1000 bytes) and says when parts overlap', () => {
    const a = attributeTime([run(0, 900, { bytesUp: 1_000_000, bytesDown: 50_000 })], {
      waits: 4, addedRttMs: 10, bandwidth: { upKBps: 1000, downKBps: null },
    });
    expect(a?.bandwidthCapMs).toBe(1000); // 1 MB at 1000 KB/s; the uncapped direction adds nothing
    expect(a?.unexplainedMs).toBeCloseTo(900 - (40 + 2 + 10 + 1000), 9); // negative: the parts overlap
    expect(a?.explainedPct).toBeGreaterThan(100);
  });

  it('leaves the link out when it was not calibrated, and has nothing for no runs', () => {
    expect(attributeTime([run(0, 50)], { waits: 5, addedRttMs: null, bandwidth: uncapped })?.linkWaitMs).toBeNull();
    expect(attributeTime([], { waits: 5, addedRttMs: 1, bandwidth: uncapped })).toBeUndefined();
  });
});

describe('commandstats', () => {
  const before = parseCommandStats('# Commandstats\r\ncmdstat_incr:calls=10,usec=50,usec_per_call=5.00,rejected_calls=0,failed_calls=0\r\ncmdstat_info:calls=3,usec=300,usec_per_call=100.00\r\n');
  const after = parseCommandStats('cmdstat_incr:calls=130,usec=650,usec_per_call=5.00\ncmdstat_info:calls=4,usec=400\ncmdstat_set:calls=9,usec=90\n');

  it('counts only the named commands, so the lab\'s INFO and prefill are left out', () => {
    expect(commandTimeDelta(before, after, ['INCR'])).toEqual({ calls: 120, serverUs: 600 });
  });

  it('reads a counter that went down as reset', () => {
    expect(commandTimeDelta(after, before, ['incr'])).toEqual({ calls: 10, serverUs: 50 });
  });

  it('sizes RESP on the wire', () => {
    expect(respCommandBytes(['INCR', 'c'])).toBe('*2\r\n$4\r\nINCR\r\n$1\r\nc\r\n'.length);
    expect(respBulkBytes('ab')).toBe('$2\r\nab\r\n'.length);
  });
});
