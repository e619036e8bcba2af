import { describe, expect, it } from 'vitest';
import { benchmarkArgs } from '../../bench/redis-benchmark.ts';

// Its report is read by the lab's own parser (test/unit/workload/redis-benchmark-output.test.ts).
describe('benchmarkArgs', () => {
  it('passes the endpoint, the test, and the case', () => {
    expect(benchmarkArgs({ host: '127.0.0.1', port: 7000 }, { pipeline: 256, clients: 1, requests: 200_000 })).toEqual([
      '-h', '127.0.0.1', '-p', '7000', '-t', 'incr', '-n', '200000', '-c', '1', '-P', '256',
    ]);
  });
});
