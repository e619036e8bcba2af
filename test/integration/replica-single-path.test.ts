// WAIT and read-from on the single-node measuring path (issue 23), real Redis and Toxiproxy on the
// local runtime: WAIT 1 after each write reaches the replica every time and costs a round trip
// across the replica's 10 ms link (write + WAIT against writes without WAIT in the same run), in
// sync and after each batch of a pipeline; GETs with read-from go to the replica's proxy (the
// replica's INFO commandstats counts them, the primary's does not), writes to the primary.

import type { Redis } from 'ioredis';
import { beforeAll, describe, expect, it } from 'vitest';
import { runScenario, type LabResult } from '../../lab/index.ts';
import { ownKeyspace } from '../../lab/keyspace/index.ts';
import { endpointConnector, RunClients } from '../../lab/run/measured-runs.ts';
import { startRuntime } from '../../lab/runtime/index.ts';
import { expandMatrix } from '../../lab/scenario/index.ts';
import { buildPlan, runWorkload } from '../../lab/workload/index.ts';
import { endpointClient, inlineScenario } from './support.ts';

const TOPOLOGY = `topology: {primary: 1, replicas: 1}
network: {rtt: 1ms, nodes: {replica-1: {rtt: 10ms}}}
calibration: {pings: 10}
warmup: 0
repeat: 2`;

let waited: LabResult;

beforeAll(async () => {
  waited = await runScenario(
    inlineScenario(`
name: wait-single
${TOPOLOGY}
replication: {wait: [none, {replicas: 1, timeout: 500ms}]}
workload: {label: SET, command: SET, key: "w:{i}", keys: sequential, value: 64B, commands: 120}
modes: [sync, pipeline:20]
expect: ["at wait=1/500ms: under-replicated == 0"]
`),
    { runtime: 'local' },
  );
}, 300_000);

const config = (id: string) => {
  const found = waited.configs.find((c) => c.id === id);
  expect(found, `config ${id} in ${waited.configs.map((c) => c.id).join(', ')}`).toBeDefined();
  return found!;
};

describe('WAIT on the single-node path (local runtime)', () => {
  it('follows each sync write with WAIT 1, which reaches the replica every time and costs the replica link', () => {
    const plain = config('SET / no WAIT / sync@rtt=1ms');
    const sync = config('SET / WAIT 1 500ms / sync@rtt=1ms');
    expect(sync.wait).toEqual({ replicas: 1, timeoutMs: 500 });
    expect(plain.wait).toBeNull();
    expect(sync.errors).toBe(0);
    // 120 writes x 2 verified runs: one WAIT per write, each reached the one replica.
    expect(sync.latencyUs!.count).toBe(240);
    expect(sync.waitReached).toEqual({ '1': 240 });
    expect(sync.underReplicated).toBe(0);
    expect(sync.waitLatencyUs!.count).toBe(240);
    expect(sync.waits).toBe(240);
    // Ratios within the run: WAIT crosses the 10 ms replication link, the write alone the 1 ms one.
    expect(sync.latencyUs!.p50).toBeGreaterThan(plain.latencyUs!.p50 * 3);
    expect(sync.latencyUs!.p50).toBeGreaterThanOrEqual(sync.waitLatencyUs!.p50);
    expect(sync.readsFrom).toBe('primary');
    expect(sync.lag?.[0]?.replica).toBe('replica-1');
    expect(waited.thresholds.map((t) => t.pass)).toEqual([true]);
    expect(waited.pass).toBe(true);
  });

  it('sends WAIT after each batch of a pipeline: one WAIT per 20 writes', () => {
    const piped = config('SET / WAIT 1 500ms / pipeline:20@rtt=1ms');
    const plain = config('SET / no WAIT / pipeline:20@rtt=1ms');
    expect(piped.errors).toBe(0);
    expect(piped.waitReached).toEqual({ '1': 12 });
    expect(piped.latencyUs!.p50).toBeGreaterThan(plain.latencyUs!.p50 * 2);
    expect(waited.notMeasured.some((line) => line.includes('each batch (pipeline, multi) is followed by WAIT'))).toBe(true);
  });
});

// GET calls a node's INFO commandstats counts (0 when it has none).
const getCalls = async (client: Redis): Promise<number> => {
  const text = String(await client.call('INFO', 'commandstats'));
  return Number(/cmdstat_get:calls=(\d+)/.exec(text)?.[1] ?? 0);
};

const READS = `
name: read-from-single
${TOPOLOGY}
replication: {read-from: replica-1}
workload:
  - {label: GET, command: GET, key: "r:{i}", keys: sequential, value: 32B, commands: 100}
  - {label: SET, command: SET, key: "s:{i}", keys: sequential, value: 32B, commands: 100}
modes: [sync]
`;

describe('read-from on the single-node path (local runtime)', () => {
  it("sends a GET config's commands to replica-1's proxy: the replica's commandstats count every one", async () => {
    const runtime = await startRuntime('local', { topology: { kind: 'replicas', replicas: 1 } });
    const primaryNode = runtime.nodes.find((n) => n.role === 'primary')!;
    const replicaNode = runtime.nodes.find((n) => n.name === 'replica-1')!;
    const primary = endpointClient(primaryNode.direct);
    const replica = endpointClient(replicaNode.direct);
    const clients = new RunClients(endpointConnector({ proxied: runtime.proxied, direct: runtime.redisDirect, nodes: new Map(runtime.nodes.map((n) => [n.name, n])) }));
    try {
      const [cell] = expandMatrix(inlineScenario(READS));
      expect(cell!.readFrom).toBe('replica-1');
      const before = [await getCalls(primary), await getCalls(replica)];
      const connections = await clients.connect(cell!);
      const plan = buildPlan(cell!.workload, cell!.commands, cell!.valueBytes, 1);
      const run = await runWorkload({ clients: connections, control: primary, keyspace: ownKeyspace(), mode: cell!.mode, plan, replicas: 1 }).finally(() => clients.close(connections));
      expect(run.failure).toBeUndefined();
      expect(run.verified).toBe(true);
      const after = [await getCalls(primary), await getCalls(replica)];
      // Every GET of the workload reached the replica (nothing else sends it GETs); the primary
      // got only the final check's read-back of the 100 keys (200 if the workload had gone there).
      expect(after[1]! - before[1]!).toBe(100);
      expect(after[0]! - before[0]!).toBe(100);
    } finally {
      primary.disconnect();
      replica.disconnect();
      expect((await runtime.stop()).problems).toEqual([]);
    }
  }, 120_000);

  it('runs end to end: reads from replica-1, writes to the primary, every read finding its prefilled value', async () => {
    const result = await runScenario(inlineScenario(READS), { runtime: 'local' });
    const get = result.configs.find((c) => c.workload === 'GET')!;
    const set = result.configs.find((c) => c.workload === 'SET')!;
    expect(get.id).toBe('GET / reads from replica-1');
    expect(set.id).toBe('SET / no WAIT');
    expect([get.readsFrom, set.readsFrom]).toEqual(['replica-1', 'primary']);
    expect(get.errors).toBe(0);
    expect(get.runs.every((r) => r.verified)).toBe(true);
    // A GET crosses replica-1's 10 ms client link, a SET the primary's 1 ms one.
    expect(get.latencyUs!.p50).toBeGreaterThan(set.latencyUs!.p50 * 3);
    expect(result.pass).toBe(true);
  }, 300_000);
});
