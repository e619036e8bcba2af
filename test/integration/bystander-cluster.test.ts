// The bystander on a Redis Cluster (issue 27): a request workload sent whole as one pipeline per
// request (pipeline:all), every key under one hash tag in primary-3's slots, on a local cluster of
// 3 primaries. The bystander stands on primary-3 (not the entry node, primary-1): its GETs, in the
// lab's process and in a child process, are counted by primary-3's INFO and by no other primary's,
// read just before the cluster stops. Its result names the node, has baseline and during figures,
// passes a threshold on its p99 read through the registry, and goes through every surface (its
// description carries the markup every-surface.ts checks is escaped). Real Redis Cluster nodes
// and Toxiproxy, started by the code under test.

import { describe, expect, it, vi } from 'vitest';
import type { Redis } from 'ioredis';
import '../../lab/vitest/index.ts';
import { keySlot } from '../../lab/client/index.ts';
import { runScenario, type BystanderSideResult, type LabResult, type StartedRuntime } from '../../lab/index.ts';
import { expectEverySurface } from './every-surface.ts';
import { childServers, endpointClient, inlineScenario, useTempDir } from './support.ts';

/** Each primary's GET calls (INFO commandstats) and keyspace misses, read before the runtime stops. */
type NodeCounts = Map<string, { gets: number; misses: number }>;
const seen: { counts?: NodeCounts } = {};

// The runtime the run starts, its stop() wrapped to read every primary's counters first.
vi.mock('../../lab/runtime/index.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lab/runtime/index.ts')>();
  const field = (info: string, pattern: RegExp): number => Number(pattern.exec(info)?.[1] ?? 0);
  const readCounts = async (runtime: StartedRuntime): Promise<NodeCounts> => {
    const counts: NodeCounts = new Map();
    for (const node of runtime.nodes.filter((n) => n.role === 'primary')) {
      const client: Redis = endpointClient(node.direct);
      try {
        const info = await client.info('all');
        counts.set(node.name, { gets: field(info, /^cmdstat_get:calls=(\d+)/m), misses: field(info, /^keyspace_misses:(\d+)/m) });
      } finally {
        client.disconnect();
      }
    }
    return counts;
  };
  return {
    ...original,
    startRuntime: async (...args: Parameters<typeof original.startRuntime>) => {
      const runtime = await original.startRuntime(...args);
      const stop = runtime.stop.bind(runtime);
      runtime.stop = async () => {
        seen.counts = await readCounts(runtime).catch(() => undefined);
        return stop();
      };
      return runtime;
    },
  };
});

// A hash tag in primary-3's slots (10923..16383 on a cluster of three made by the lab).
const TAG = Array.from({ length: 200 }, (_, i) => `hot${i}`).find((t) => keySlot(t) >= 10923)!;

const SCENARIO = `name: bystander-cluster
description: 'a pipelined request workload on one hash tag, a bystander on its node </table><script>alert("surfaces")</script>'
topology: { cluster: { primaries: 3, replicas: 0 } }
network: { rtt: 1ms }
workload:
  label: hot
  requests: 1000
  request:
    - {command: INCR, key: "{${TAG}}:n:{r}"}
    - {command: INCR, key: "{${TAG}}:m:{r}"}
    - {command: SET, key: "{${TAG}}:v:{r}", value: 64B}
modes: [pipeline:all]
connections: 2
warmup: 0
repeat: 3
calibration: { pings: 10 }
bystander: {rate: 200/s, process: both}
expect:
  - "hot: bystander-p(99) < 30s"
  - "hot: bystander-other-p(99) < 30s"
`;

describe('bystander on a Redis Cluster', () => {
  const dir = useTempDir('rfl-bystander-cluster-');

  it('stands on the node of the workload’s one hash tag: its GETs reach that primary alone, baseline and during recorded', async () => {
    const before = childServers();
    const result: LabResult = await runScenario(inlineScenario(SCENARIO), { runtime: 'local' });
    expect(childServers()).toEqual(before);
    const [config] = result.configs;
    expect(config?.runs.map((r) => r.failure ?? 'ok')).toEqual(['ok', 'ok', 'ok']);
    const bystander = config?.bystander;
    expect(bystander?.node).toEqual({ name: 'primary-3', chosen: 'workload-slot' });
    expect(result.notMeasured.join('\n')).toMatch(/bystander's GETs went to primary-3 alone/);
    const sides = [bystander?.same, bystander?.other] as BystanderSideResult[];
    for (const side of sides) {
      expect(side.errors, side.process).toBe(0);
      expect(side.baselineLatencyUs?.count ?? 0, side.process).toBeGreaterThan(10);
      expect(side.duringLatencyUs?.count ?? 0, side.process).toBeGreaterThan(10);
    }
    // Every bystander GET (a key nobody writes: a keyspace miss) was served by primary-3; the
    // other primaries served no GET at all (the workload's read-back is on primary-3 too).
    const sent = sides.reduce((sum, side) => sum + side.sent, 0);
    const counts = seen.counts;
    expect(counts?.get('primary-3')?.misses).toBe(sent);
    expect(counts?.get('primary-3')?.gets ?? 0).toBeGreaterThanOrEqual(sent);
    expect(counts?.get('primary-1')).toEqual({ gets: 0, misses: 0 });
    expect(counts?.get('primary-2')).toEqual({ gets: 0, misses: 0 });
    // The thresholds on its p99 were read through the registry, and passed.
    const onBystander = result.thresholds.filter((t) => /bystander/.test(t.source));
    expect(onBystander.map((t) => [t.metric, t.pass, t.checked.map((c) => typeof c.actual === 'number' && c.actual > 0)])).toEqual([
      ['bystanderP99Us', true, [true]],
      ['bystanderOtherP99Us', true, [true]],
    ]);
    expect(onBystander[0]?.checked[0]?.actual).toBe(bystander?.same?.duringLatencyUs?.p99);
    await expectEverySurface(result, (name) => dir.file(name), { matcher: (r) => expect(r).toBeRetrySafe('none'), why: /no reconcile entr/ });
  }, 240_000);
});
