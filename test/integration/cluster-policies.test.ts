// Policies across a Redis Cluster failover from a scenario (issue 23 item 4): `policies:` on a
// cluster timeline adds one reconcile row per event × policy beside the lab writer's; each runs on
// a fresh cluster, its client built from the seed nodes and a NAT map, its key given a hash tag
// on the shard of the promoted replica, and is judged on that shard's new primary.

import { describe, expect, it } from 'vitest';
import { runScenario } from '../../lab/index.ts';
import { inlineScenario } from './support.ts';

describe('policies across a cluster failover (local runtime)', () => {
  it('ioredis-default and node-redis-default each get a row on the promoted shard whose counts add up', async () => {
    const result = await runScenario(
      inlineScenario(`
name: cluster-policies-small
topology: {cluster: {primaries: 3, replicas: 1, node-timeout: 1000ms}}
workload: {label: INCR, command: INCR, key: counter, commands: 20000}
modes: [sync]
repeat: 1
calibration: {pings: 10}
policies: [ioredis-default, node-redis-default]
timeline:
  - {name: failover-1, failover: {promote: replica-1-1}}
expect:
  - "policy ioredis-default: lost == 0"
`),
      { runtime: 'local' },
    );
    const rows = result.reconcile!;
    expect(rows.map((r) => r.policy)).toEqual(['lab-writer', 'ioredis-default', 'node-redis-default']);
    for (const row of rows.slice(1)) {
      const c = row.counts;
      expect(row.fault).toBe('failover-1');
      expect(row.node).toBe('replica-1-1');
      expect(row.faultObserved).toBe(true);
      expect(c.issued).toBeGreaterThan(500);
      expect(c.issued).toBe(c.acknowledged + c.failed + c.indeterminate);
      expect(['SAFE', 'UNSAFE', 'UNKNOWN']).toContain(row.verdict);
      // The key was moved onto the promoted replica's shard, and read back on that shard's new primary.
      expect(row.reasons.some((r) => /written as counter\{t\d+\} so its slot is on the shard of replica-1-1; read back on replica-1-1/.test(r))).toBe(true);
      expect(row.redirects).toBeDefined();
    }
    const threshold = result.thresholds.find((t) => t.source.includes('ioredis-default'))!;
    expect(threshold.checked.map((c) => c.configId)).toEqual([rows[1]!.id]);
  }, 300_000);
});
