import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isLabError } from '../../../lab/errors/index.ts';
import { infoDelta, mergeInfoDeltas, parseInfo } from '../../../lab/metrics/index.ts';
import type { ServerInfoDelta } from '../../../lab/contracts/index.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const before = fixture('redis-7.0-info-before.txt');
const after = fixture('redis-7.0-info-after.txt');

// The 7.0 reply with the two Redis 7.4 Stats counters added after rejected_connections.
const with74Counters = (text: string, query: number, output: number) =>
  text.replace(
    /(rejected_connections:\d+\r\n)/,
    `$1client_query_buffer_limit_disconnections:${query}\r\nclient_output_buffer_limit_disconnections:${output}\r\n`,
  );

const expectE_REDIS = (run: () => unknown, message: RegExp) => {
  try {
    run();
  } catch (error) {
    expect(isLabError(error) && error.code).toBe('E_REDIS');
    expect((error as Error).message).toMatch(message);
    return;
  }
  throw new Error('expected an E_REDIS LabError');
};

describe('parseInfo', () => {
  it('reads the figures of a real Redis 7.0 INFO everything reply', () => {
    expect(parseInfo(before)).toEqual({
      netInputBytes: 75,
      netOutputBytes: 12,
      clientRecentMaxInputBufferBytes: 0,
      clientRecentMaxOutputBufferBytes: 0,
      usedMemoryPeakBytes: 965_856,
      evictedKeys: 0,
      rejectedConnections: 0,
      queryBufferLimitDisconnections: null,
      outputBufferLimitDisconnections: null,
      errorStats: {},
    });
    expect(parseInfo(after)).toEqual({
      netInputBytes: 3_042_893,
      netOutputBytes: 107_504,
      clientRecentMaxInputBufferBytes: 20_523,
      clientRecentMaxOutputBufferBytes: 0,
      usedMemoryPeakBytes: 2_203_408,
      evictedKeys: 2103,
      rejectedConnections: 1,
      queryBufferLimitDisconnections: null,
      outputBufferLimitDisconnections: null,
      errorStats: { ERR: 2, WRONGTYPE: 3 },
    });
  });

  it('reads the 7.4 buffer-limit disconnection counters where present', () => {
    expect(parseInfo(with74Counters(after, 4, 7))).toMatchObject({
      queryBufferLimitDisconnections: 4,
      outputBufferLimitDisconnections: 7,
    });
  });

  it('accepts LF line ends', () => {
    expect(parseInfo(after.replaceAll('\r\n', '\n'))).toEqual(parseInfo(after));
  });

  it('throws E_REDIS when a needed field is missing or not a number', () => {
    expectE_REDIS(() => parseInfo(after.replace(/evicted_keys:\d+\r\n/, '')), /no evicted_keys/);
    expectE_REDIS(() => parseInfo(after.replace(/used_memory_peak:\d+/, 'used_memory_peak:lots')), /used_memory_peak:lots/);
    expectE_REDIS(() => parseInfo(after.replace('errorstat_ERR:count=2', 'errorstat_ERR:2')), /errorstat_ERR:2/);
    expectE_REDIS(() => parseInfo('# Server\r\nredis_version:7.0.15\r\n'), /total_net_input_bytes/);
  });
});

describe('infoDelta', () => {
  it('subtracts counters and keeps the after value of gauges', () => {
    expect(infoDelta(parseInfo(before), parseInfo(after))).toEqual({
      netInputBytes: 3_042_818,
      netOutputBytes: 107_492,
      clientRecentMaxInputBufferBytes: 20_523,
      clientRecentMaxOutputBufferBytes: 0,
      usedMemoryPeakBytes: 2_203_408,
      evictedKeys: 2103,
      rejectedConnections: 1,
      queryBufferLimitDisconnections: null,
      outputBufferLimitDisconnections: null,
      errorStats: { ERR: 2, WRONGTYPE: 3 },
    });
  });

  it('subtracts the 7.4 counters when both replies have them, else null', () => {
    const delta = infoDelta(parseInfo(with74Counters(before, 1, 2)), parseInfo(with74Counters(after, 4, 2)));
    expect([delta.queryBufferLimitDisconnections, delta.outputBufferLimitDisconnections]).toEqual([3, 0]);
    expect(infoDelta(parseInfo(before), parseInfo(with74Counters(after, 4, 2))).queryBufferLimitDisconnections).toBeNull();
  });

  it('leaves out error kinds that did not grow and counts a reset counter from zero', () => {
    const a = parseInfo(after);
    const b = { ...a, netInputBytes: a.netInputBytes + 10, evictedKeys: 5, errorStats: { ERR: 2, WRONGTYPE: 4, NOSCRIPT: 1 } };
    const delta = infoDelta(a, b);
    expect(delta.errorStats).toEqual({ WRONGTYPE: 1, NOSCRIPT: 1 });
    expect(delta.netInputBytes).toBe(10);
    expect(delta.evictedKeys).toBe(5); // 2103 -> 5: CONFIG RESETSTAT in between
  });
});

describe('mergeInfoDeltas', () => {
  const delta = (overrides: Partial<ServerInfoDelta>): ServerInfoDelta => ({
    netInputBytes: 0,
    netOutputBytes: 0,
    clientRecentMaxInputBufferBytes: 0,
    clientRecentMaxOutputBufferBytes: 0,
    usedMemoryPeakBytes: 0,
    evictedKeys: 0,
    rejectedConnections: 0,
    queryBufferLimitDisconnections: null,
    outputBufferLimitDisconnections: null,
    errorStats: {},
    ...overrides,
  });

  it('sums counters and takes the highest gauges', () => {
    const merged = mergeInfoDeltas([
      delta({ netInputBytes: 100, netOutputBytes: 10, clientRecentMaxInputBufferBytes: 500, usedMemoryPeakBytes: 9000, evictedKeys: 1, errorStats: { ERR: 1 } }),
      delta({ netInputBytes: 50, netOutputBytes: 5, clientRecentMaxOutputBufferBytes: 70, usedMemoryPeakBytes: 8000, rejectedConnections: 2, errorStats: { ERR: 2, OOM: 1 } }),
    ]);
    expect(merged).toEqual({
      netInputBytes: 150,
      netOutputBytes: 15,
      clientRecentMaxInputBufferBytes: 500,
      clientRecentMaxOutputBufferBytes: 70,
      usedMemoryPeakBytes: 9000,
      evictedKeys: 1,
      rejectedConnections: 2,
      queryBufferLimitDisconnections: null,
      outputBufferLimitDisconnections: null,
      errorStats: { ERR: 3, OOM: 1 },
    });
  });

  it('sums the busiest node\'s output bytes over runs when every run has them (a cluster), else leaves them out', () => {
    const runs = [delta({ netOutputBytes: 12, busiestNodeNetOutputBytes: 10 }), delta({ netOutputBytes: 7, busiestNodeNetOutputBytes: 6 })];
    expect(mergeInfoDeltas(runs)?.busiestNodeNetOutputBytes).toBe(16);
    expect(mergeInfoDeltas([...runs, delta({ netOutputBytes: 5 })])).not.toHaveProperty('busiestNodeNetOutputBytes');
    expect(mergeInfoDeltas([delta({ netOutputBytes: 5 })])).not.toHaveProperty('busiestNodeNetOutputBytes');
  });

  it('sums the nullable counters where present and is null without runs', () => {
    const merged = mergeInfoDeltas([
      delta({ queryBufferLimitDisconnections: 1, outputBufferLimitDisconnections: 0 }),
      delta({ queryBufferLimitDisconnections: 2, outputBufferLimitDisconnections: 3 }),
    ]);
    expect([merged?.queryBufferLimitDisconnections, merged?.outputBufferLimitDisconnections]).toEqual([3, 3]);
    expect(mergeInfoDeltas([])).toBeNull();
  });

  it('merges real per-run deltas', () => {
    const one = infoDelta(parseInfo(before), parseInfo(after));
    expect(mergeInfoDeltas([one, one])).toMatchObject({ netInputBytes: 2 * 3_042_818, usedMemoryPeakBytes: 2_203_408, errorStats: { ERR: 4, WRONGTYPE: 6 } });
  });
});
