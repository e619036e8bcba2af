import { describe, expect, it } from 'vitest';
import { benchmarkArgs, parseQuietRps } from '../../bench/redis-benchmark.ts';

describe('parseQuietRps', () => {
  it('reads the final rate of -q output, past the live \\r-redrawn lines', () => {
    const out = 'INCR: rps=812345.0 (overall: 800000.0) avg_msec=0.300 (overall: 0.310)\r' + 'INCR: 1412429.00 requests per second, p50=0.175 msec                    \n\n';
    expect(parseQuietRps(out)).toBe(1412429);
  });

  it('reads the older format without percentiles', () => {
    expect(parseQuietRps('INCR: 19120.46 requests per second\n')).toBeCloseTo(19120.46, 2);
  });

  it('returns undefined when no rate was printed', () => {
    expect(parseQuietRps('Could not connect to Redis at 127.0.0.1:1: Connection refused\n')).toBeUndefined();
  });
});

describe('benchmarkArgs', () => {
  it('passes the endpoint, the test, and the case', () => {
    expect(benchmarkArgs({ host: '127.0.0.1', port: 7000 }, { pipeline: 256, clients: 1, requests: 200_000 })).toEqual([
      '-h', '127.0.0.1', '-p', '7000', '-t', 'incr', '-n', '200000', '-c', '1', '-P', '256', '-q',
    ]);
  });
});
