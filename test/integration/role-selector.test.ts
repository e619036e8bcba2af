// A link fault chosen by role (issue 23 follow-up): after the timeline's failover promoted
// replica-1, `node: current-primary` lands on replica-1 (the node that is primary when the event
// fires), not on the node named primary at start; the writer's row and the policy's row say so.

import { describe, expect, it } from 'vitest';
import { runScenario } from '../../lab/index.ts';
import { inlineScenario } from './support.ts';

describe('a role-selected link fault after a failover (local runtime)', () => {
  it('resets the promoted node\'s link, and the events name it', async () => {
    const result = await runScenario(
      inlineScenario(`
name: role-selector-small
topology: {primary: 1, replicas: 1}
network: {rtt: 1ms}
workload: {label: INCR, command: INCR, key: counter, commands: 200000}
modes: [sync]
repeat: 1
calibration: {pings: 10}
policies: [ioredis-default]
timeline:
  - {name: promote, at: 300ms, failover: {promote: replica-1}}
  - {name: reset-new, at: 800ms, for: 300ms, node: current-primary, reset: {}}
`),
      { runtime: 'local' },
    );
    const rows = result.reconcile!;
    expect(rows.map((r) => r.policy)).toEqual(['none', 'ioredis-default']);
    for (const row of rows) {
      const events = row.events!.map((e) => e.event);
      expect(events).toContain('reset-new: current-primary is replica-1');
      expect(events).toContain('reset-new: reset on replica-1 began');
      expect(events).toContain('reset-new: reset on replica-1 healed');
      expect(events.some((e) => e.includes('reset on primary'))).toBe(false);
      // Resolved when it fired: after the promotion.
      const promoted = row.events!.find((e) => e.event === 'replica promoted');
      const resolved = row.events!.find((e) => e.event === 'reset-new: current-primary is replica-1')!;
      if (promoted !== undefined) expect(resolved.atMs).toBeGreaterThan(promoted.atMs);
    }
    // The writer's row: the timeline's failover promoted replica-1 before the selector was read.
    expect(rows[0]!.events!.map((e) => e.event)).toContain('replica promoted');
  }, 240_000);
});
