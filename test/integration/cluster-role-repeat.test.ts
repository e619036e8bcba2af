// Cluster policy rows repeated, and a link chosen by role on a cluster (issue 23 follow-up): the
// lab writer runs a cluster's events in order on one cluster, so after failover-1 promoted
// replica-1-1, `current-primary@shard-1` is replica-1-1; each policy run starts a fresh cluster,
// where it is still primary-1. `repeat: 2` gives each policy row two runs.

import { describe, expect, it } from 'vitest';
import { runScenario } from '../../lab/index.ts';
import { inlineScenario } from './support.ts';

describe('cluster: role selector and repeated policy rows (local runtime)', () => {
  it('resolves current-primary@shard-1 when the event fires, and keeps both policy runs', async () => {
    const result = await runScenario(
      inlineScenario(`
name: cluster-role-repeat-small
topology: {cluster: {primaries: 3, replicas: 1, node-timeout: 1000ms}}
workload: {label: INCR, command: INCR, key: counter, commands: 20000}
modes: [sync]
repeat: 2
calibration: {pings: 10}
policies: [ioredis-default]
timeline:
  - {name: failover-1, failover: {promote: replica-1-1}}
  - {name: reset-shard-1, for: 300ms, node: current-primary@shard-1, reset: {}}
`),
      { runtime: 'local' },
    );
    const rows = result.reconcile!;
    const writerReset = rows.find((r) => r.policy === 'lab-writer' && r.fault === 'reset-shard-1')!;
    expect(writerReset.node).toBe('replica-1-1');
    expect(writerReset.events!.map((e) => e.event)).toContain('reset-shard-1: current-primary@shard-1 is replica-1-1');
    const policyReset = rows.find((r) => r.policy === 'ioredis-default' && r.fault === 'reset-shard-1')!;
    // A fresh cluster per policy run: shard 1's primary is primary-1 when the event fires.
    expect(policyReset.node).toBe('primary-1');
    expect(policyReset.reasons).toContain('reset-shard-1: current-primary@shard-1 was primary-1 when the event fired');
    for (const row of rows.filter((r) => r.policy === 'ioredis-default')) {
      expect(row.runs).toBe(2);
      expect(row.runCounts).toHaveLength(2);
      expect(row.runLatencyUs).toHaveLength(2);
    }
  }, 600_000);
});
