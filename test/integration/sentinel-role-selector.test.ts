// A role-selected link fault on a Sentinel timeline (lab/run/role-resolve.ts): the primary is cut
// off until the sentinels promote the replica on their own; an event naming `node: current-primary`
// after that asks the sentinels which node is the master when it fires, and so resets the NEW
// primary's link (replica-1), not the node named primary at start. Real Redis, sentinels and
// Toxiproxy, local runtime.

import { describe, expect, it } from 'vitest';
import { runScenario } from '../../lab/index.ts';
import { childServers, inlineScenario } from './support.ts';

describe('current-primary on a Sentinel timeline (local runtime)', () => {
  it('resets the node the sentinels promoted, resolved after they switched', async () => {
    const before = childServers();
    const result = await runScenario(
      inlineScenario(`
name: sentinel-current-primary
topology: {primary: 1, replicas: 1, sentinels: 3}
sentinel: {down-after: 1000ms, failover-timeout: 5000ms, quorum: 2}
network: {rtt: 1ms}
workload: {label: INCR, command: INCR, key: counter, commands: 200000}
modes: [sync]
repeat: 1
calibration: {pings: 10}
timeline:
  - {name: isolate-primary, at: 300ms, for: 4s, partition: {nodes: [primary], from: all}}
  - {name: reset-new, at: 5s, for: 300ms, node: current-primary, reset: {}}
`),
      { runtime: 'local' },
    );
    expect(childServers()).toEqual(before);
    const row = result.reconcile![0]!;
    const events = row.events!;
    const names = events.map((e) => e.event);
    const at = (event: string) => events.find((e) => e.event === event)?.atMs;
    expect(names, JSON.stringify(names)).toContain('sentinels switched to replica-1');
    expect(names).toContain('reset-new: current-primary is replica-1');
    expect(names).toContain('reset-new: reset on replica-1 began');
    expect(names).toContain('reset-new: reset on replica-1 healed');
    expect(names.some((e) => e.includes('reset on primary'))).toBe(false);
    // Resolved when it fired, after the sentinels had switched; the reset hit the writer's new link.
    expect(at('reset-new: current-primary is replica-1')!).toBeGreaterThan(at('sentinels switched to replica-1')!);
    expect(row.faultObserved).toBe(true);
    const c = row.counts;
    expect(c.issued).toBe(c.acknowledged + c.failed + c.indeterminate);
  }, 120_000);
});
