// Many connections and auto-pipelining under a fault, on real Redis and Toxiproxy: a run opens
// one policy client per connection through the relay, the fault (a byte-counted reply cut, which
// Toxiproxy counts per connection) hits all of them, and the checker judges order per connection.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenario, startRuntime, type ReconcileEntry, type StartedRuntime } from '../../lab/index.ts';
import { inlineScenario } from './support.ts';

let runtime: StartedRuntime;
beforeAll(async () => {
  runtime = await startRuntime('local');
});
afterAll(async () => {
  await runtime?.stop();
});

const scenario = (connections: number, modes: string) =>
  inlineScenario(`
name: conns
workload: {command: INCR, key: "conns:counter", commands: 512}
modes: [${modes}]
connections: ${connections}
faults:
  - {name: cut, after: 256 commands, cut-after: {down: "8 replies"}}
policies: [none, ioredis-default]
reconcile: {tags: log, deadline: 5s}
`);

const expectJudgedPerConnection = (row: ReconcileEntry, connections: number) => {
  expect(row.faultObserved, row.id).toBe(true);
  expect(row.verdict, row.id).not.toBe('NOT-TESTED');
  expect(row.connections, row.id).toBe(connections);
  expect(row.faultHits, row.id).toBe(`${connections === 1 ? "the run's one connection" : `all ${connections} connections`}; the byte cut counts on each connection's own stream`);
  // Every connection carried applied ops and was checked on its own; Redis keeps each one's order.
  expect(row.prefix?.connections, row.id).toBe(connections);
  expect(row.prefix?.reordered, row.id).toBe(0);
  expect(row.prefix?.nonPrefix, row.id).toBe(0);
  expect(row.counter?.withinBounds, row.id).toBe(true);
  // The cut left each connection's later ops unacknowledged: something was indeterminate.
  expect(row.counts.indeterminate, row.id).toBeGreaterThan(0);
  expect(row.counts.lost, row.id).toBe(0);
};

describe('fault runs on several connections', () => {
  it('connections: 4 under pipeline:16 and auto:16 reconcile, checked per connection, and say the fault hit all 4', async () => {
    const result = await runScenario(scenario(4, 'pipeline:16, auto:16'), { runtime });
    const rows = result.reconcile ?? [];
    expect(rows.map((r) => r.id)).toStrictEqual([
      'cut / pipeline:16 / none @conns=4',
      'cut / pipeline:16 / ioredis-default @conns=4',
      'cut / auto:16 / none @conns=4',
      'cut / auto:16 / ioredis-default @conns=4',
    ]);
    for (const row of rows) expectJudgedPerConnection(row, 4);
    // No retry: nothing can be applied twice.
    for (const row of rows.filter((r) => r.policy === 'none')) expect(row.counts.duplicated, row.id).toBe(0);
    // Whole batches per connection under pipeline: one prefix check per batch of 16.
    expect(rows[0]?.prefix?.batchesChecked).toBeGreaterThan(4);
  });

  it('auto:16 on one connection reconciles too', async () => {
    const result = await runScenario(scenario(1, 'auto:16'), { runtime });
    const rows = result.reconcile ?? [];
    expect(rows.map((r) => r.id)).toStrictEqual(['cut / auto:16 / none', 'cut / auto:16 / ioredis-default']);
    for (const row of rows) expectJudgedPerConnection(row, 1);
  });
});
