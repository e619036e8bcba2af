// The single-node fault grammar on a Redis Cluster node's client link (issue 23 item 3): a stall
// and a reset on primary-1's client proxy, each for its `for`, while the lab's writer writes
// through the Cluster client; each becomes a reconcile row whose events name the fault and whose
// writes are read back once the cluster settled. The bus is untouched: no failover follows.

import { describe, expect, it } from 'vitest';
import { runScenario } from '../../lab/index.ts';
import { inlineScenario } from './support.ts';

describe('faults on a cluster node\'s client link (local runtime)', () => {
  it('stalls and resets primary-1\'s client link, reads every write back, and no failover follows', async () => {
    const result = await runScenario(
      inlineScenario(`
name: cluster-link-faults
topology: {cluster: {primaries: 3, replicas: 1, node-timeout: 1000ms}}
workload: {command: SET, key: "lf:{i}", keys: sequential, commands: 300}
modes: [sync]
repeat: 1
calibration: {pings: 10}
timeline:
  - {name: stall-1, for: 1500ms, node: primary-1, stall: {}}
  - {name: reset-1, for: 1s, node: primary-1, reset: {}}
`),
      { runtime: 'local' },
    );
    const rows = result.reconcile!;
    expect(rows.map((r) => r.fault)).toEqual(['stall-1', 'reset-1']);
    for (const row of rows) {
      const c = row.counts;
      expect(row.faultObserved).toBe(true);
      expect(row.node).toBe('primary-1');
      expect(c.issued).toBeGreaterThan(0);
      expect(c.issued).toBe(c.acknowledged + c.failed + c.indeterminate);
      // Every acknowledged SET was read back: a link fault alone loses nothing.
      expect(c.lost).toBe(0);
      expect(row.faultHits).toContain("primary-1's client link");
      const events = (row.events ?? []).map((e) => e.event);
      expect(events.some((e) => e.includes("on primary-1's client link"))).toBe(true);
      expect(events.some((e) => e.includes("primary-1's client link healed"))).toBe(true);
      // The bus kept going: primary-1 is still its shard's primary.
      expect(events.some((e) => /after: primary-1 is the shard's primary/.test(e))).toBe(true);
    }
    // The reset reached the client: ioredis saw its connection to primary-1 close, and retried.
    const reset = rows[1]!;
    expect(reset.reasons.some((r) => /ioredis retried \d+ CLUSTERDOWN, \d+ TRYAGAIN, [1-9]\d* closed connection/.test(r))).toBe(true);
  }, 240_000);
});
