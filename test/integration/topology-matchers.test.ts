// The vitest matchers on a primary with a replica without a timeline (issue 23): the single-node
// path (lab/run/topology-single.ts), whose configs carry replication lag and readsFrom. One matcher
// passes and one fails with a message naming why. (A request workload under a fault on the same
// topology: request-faults.test.ts.) Real Redis and Toxiproxy, local runtime.

import { describe, expect, it } from 'vitest';
import '../../lab/vitest/index.ts';
import { runScenario } from '../../lab/index.ts';
import { childServers, inlineScenario } from './support.ts';

describe('matchers on a primary with a replica (local runtime)', () => {
  it('without a timeline: runs verified, lag sampled; a threshold no run can meet fails toPassThresholds', async () => {
    const before = childServers();
    const result = await runScenario(
      inlineScenario(`
name: replica-single-path-matchers
topology: {primary: 1, replicas: 1}
network: {rtt: 1ms, nodes: {replica-1: {rtt: 10ms}}}
workload: {label: SET, command: SET, key: "k:{i}", keys: sequential, value: 64B, commands: 300}
modes: [sync]
warmup: 0
repeat: 2
calibration: {pings: 10}
expect:
  - "SET: p(99) < 10s"
  - "SET: median < 1us"
`),
      { runtime: 'local' },
    );
    expect(childServers()).toEqual(before);
    const [config] = result.configs;
    expect(config!.readsFrom).toBe('primary');
    expect(config!.lag?.[0]?.replica).toBe('replica-1');
    expect(result.thresholds.map((t) => t.pass)).toEqual([true, false]);
    expect(result).toHaveVerifiedRuns();
    expect(() => expect(result).toPassThresholds()).toThrow(/1 of 2 thresholds failed:[\s\S]*SET: median < 1us/);
  }, 90_000);
});
