// Faults on a node's link (issue 23, item 3): the single-node fault grammar on one named link of a
// primary/replicas or Sentinel topology, in the same timeline as partitions and failovers. Each
// run asserts the fault fired (its start and heal are in the row's events[] with times) and the
// row reconciles: the counter read back equals the increments applied, within the bounds the
// acknowledged and unanswered ones give. Real Redis, Toxiproxy and sentinels, local runtime.

import { describe, expect, it } from 'vitest';
import { runScenario, type ReconcileEntry } from '../../lab/index.ts';
import { inlineScenario } from './support.ts';

const at = (entry: ReconcileEntry, event: string): number | undefined => entry.events?.find((e) => e.event === event)?.atMs;

// The counter and the ledger agree: every applied increment is in the counter once, nothing was
// lost or duplicated, and what the client was told bounds the counter.
const expectReconciled = (entry: ReconcileEntry): void => {
  expect(entry.counter).not.toBeNull();
  expect(entry.counter!.final).toBe(entry.counts.applied);
  expect(entry.counter!.withinBounds).toBe(true);
  expect(entry.counts.lost).toBe(0);
  expect(entry.counts.duplicated).toBe(0);
  expect(entry.counts.acknowledged + entry.counts.indeterminateApplied).toBe(entry.counts.applied);
};

describe('faults on a node link (local runtime)', () => {
  it('resets the primary link after N commands and stalls a replication link at a time, on a primary with a replica', async () => {
    const result = await runScenario(
      inlineScenario(`
name: link-faults-replicas
topology: {primary: 1, replicas: 1}
network: {rtt: 1ms}
workload: {command: INCR, key: counter, commands: 3000}
modes: [sync]
repeat: 1
calibration: {pings: 10}
timeline:
  - {name: stall-replication, at: 100ms, for: 300ms, node: replica-1->primary, stall: {}}
  - {name: reset-writer, after: 400 commands, for: 200ms, node: primary, reset: {}}
`),
      { runtime: 'local' },
    );
    const entry = result.reconcile![0]!;
    expect(entry.fault).toBe('stall-replication + reset-writer');
    expect(entry.faultObserved).toBe(true);
    const stallOn = at(entry, 'stall-replication: stall on replica-1->primary began');
    const stallOff = at(entry, 'stall-replication: stall on replica-1->primary healed');
    const resetOn = at(entry, 'reset-writer: reset on primary began');
    const resetOff = at(entry, 'reset-writer: reset on primary healed');
    expect(stallOn).toBeGreaterThanOrEqual(100);
    expect(stallOff).toBeGreaterThan(stallOn!);
    expect(resetOn).toBeGreaterThan(0);
    expect(resetOff).toBeGreaterThan(resetOn!);
    // The reset hit the writer's own connection: at least one increment went unanswered, and
    // 400 were issued before it (the writer waited for the fault at command 400).
    expect(entry.counts.indeterminate).toBeGreaterThan(0);
    expect(entry.counts.issued).toBeGreaterThan(400);
    expectReconciled(entry);
  }, 180_000);

  it('resets the primary link under sentinels that see no reason to fail over', async () => {
    const result = await runScenario(
      inlineScenario(`
name: link-faults-sentinel
topology: {primary: 1, replicas: 1, sentinels: 3}
sentinel: {down-after: 5000ms}
network: {rtt: 1ms}
workload: {command: INCR, key: counter, commands: 3000}
modes: [sync]
repeat: 1
calibration: {pings: 10}
timeline:
  - {name: reset-writer, after: 300 commands, for: 200ms, node: primary, reset: {}}
`),
      { runtime: 'local' },
    );
    const entry = result.reconcile![0]!;
    expect(entry.faultObserved).toBe(true);
    const on = at(entry, 'reset-writer: reset on primary began');
    const off = at(entry, 'reset-writer: reset on primary healed');
    expect(on).toBeGreaterThan(0);
    expect(off).toBeGreaterThan(on!);
    expect(entry.reasons).toContain('the sentinels never named a new primary (primary stayed primary)');
    expect(entry.counts.indeterminate).toBeGreaterThan(0);
    expectReconciled(entry);
  }, 180_000);
  it('stalls one sentinel\'s client link by name (node: sentinel-1) while the writer runs', async () => {
    const result = await runScenario(
      inlineScenario(`
name: link-faults-sentinel-link
topology: {primary: 1, replicas: 1, sentinels: 3}
sentinel: {down-after: 5000ms}
network: {rtt: 1ms}
workload: {command: INCR, key: counter, commands: 2000}
modes: [sync]
repeat: 1
calibration: {pings: 10}
timeline:
  - {name: stall-sentinel, at: 50ms, for: 300ms, node: sentinel-1, stall: {}}
`),
      { runtime: 'local' },
    );
    const entry = result.reconcile![0]!;
    const on = at(entry, 'stall-sentinel: stall on sentinel-1 began');
    const off = at(entry, 'stall-sentinel: stall on sentinel-1 healed');
    expect(on, JSON.stringify(entry.events)).toBeGreaterThanOrEqual(50);
    expect(off).toBeGreaterThan(on!);
    // The writer's own link was never touched: nothing unanswered, and the sentinels kept the primary.
    expect(entry.counts.indeterminate).toBe(0);
    expect(entry.reasons).toContain('the sentinels never named a new primary (primary stayed primary)');
    expectReconciled(entry);
  }, 180_000);
});
