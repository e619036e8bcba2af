// Policies across a Sentinel failover from a scenario (issue 23 item 4): `policies:` on a
// primary/replicas timeline adds one reconcile row per workload × policy beside the lab writer's;
// each policy's client asks the sentinels (through their proxies) for the primary, the timeline
// only cuts the primary off, and the sentinels promote the replica themselves.

import { describe, expect, it } from 'vitest';
import { runScenario } from '../../lab/index.ts';
import { inlineScenario } from './support.ts';

describe('policies on a Sentinel timeline (local runtime)', () => {
  it('ioredis-default and node-redis-default each get a row whose counts add up, with a verdict', async () => {
    const result = await runScenario(
      inlineScenario(`
name: sentinel-policies-small
topology: {primary: 1, replicas: 1, sentinels: 3}
sentinel: {down-after: 1000ms, failover-timeout: 5000ms}
network: {rtt: 1ms}
workload: {label: INCR, command: INCR, key: counter, commands: 200000}
modes: [sync]
repeat: 1
calibration: {pings: 10}
policies: [ioredis-default, node-redis-default]
timeline:
  - {name: isolate-primary, at: 300ms, for: 4s, partition: {nodes: [primary], from: all}}
expect:
  - "policy ioredis-default: SAFE"
`),
      { runtime: 'local' },
    );
    const rows = result.reconcile!;
    expect(rows.map((r) => r.policy)).toEqual(['none', 'ioredis-default', 'node-redis-default']);
    for (const row of rows.slice(1)) {
      const c = row.counts;
      expect(row.fault).toBe('isolate-primary');
      expect(row.workload).toBe('INCR');
      expect(row.node).toBe('primary');
      expect(c.issued).toBeGreaterThan(0);
      expect(c.issued).toBe(c.acknowledged + c.failed + c.indeterminate);
      expect(['SAFE', 'UNSAFE', 'UNKNOWN']).toContain(row.verdict);
      // The event fired and the counter was read on the node the sentinels promoted.
      expect(row.faultObserved).toBe(true);
      expect(row.reasons.some((r) => r.includes('read back on replica-1'))).toBe(true);
    }
    // The threshold is judged on the ioredis-default row.
    const threshold = result.thresholds.find((t) => t.source.includes('ioredis-default'))!;
    expect(threshold.checked.map((c) => c.configId)).toEqual([rows[1]!.id]);
    expect(threshold.pass).toBe(rows[1]!.verdict === 'SAFE');
  }, 240_000);
});
