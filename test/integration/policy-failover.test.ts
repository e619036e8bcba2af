// Built-in policies judged across a failover on the local runtime: ioredis-default and
// node-redis-default each drive INCR while a replica is promoted (a commanded failover on a
// primary with one replica; CLUSTER FAILOVER on a 3-primary cluster), and the row's counts must
// add up and agree with the counter read straight from the new primary.

import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keySlot } from '../../lab/client/index.ts';
import { loadPolicies, type LoadedPolicy } from '../../lab/policies/index.ts';
import { clusterFailover, commandedFailover, runPolicyFailover, type PolicyFailoverRow } from '../../lab/run/policy-failover.ts';
import { startRuntime, type StartedRuntime } from '../../lab/runtime/index.ts';
import { buildPlan } from '../../lab/workload/index.ts';
import { inlineScenario, processAlive } from './support.ts';

const scenario = inlineScenario(`
name: policy-failover
workload: {command: INCR, key: counter, commands: 4000}
modes: [sync]
`);
const plan = () => {
  const workload = scenario.workloads[0]!;
  return buildPlan(workload, workload.commands[0] ?? 0, workload.valueBytes[0] ?? { minBytes: 0, maxBytes: 0 }, scenario.seed);
};

// Asks a node on a connection of the test's own.
const onNode = async <T>(runtime: StartedRuntime, node: string, ask: (client: Redis) => Promise<T>): Promise<T> => {
  const direct = runtime.nodes.find((n) => n.name === node)!.direct;
  const client = new Redis({ host: direct.host, port: direct.port, password: direct.password, lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await client.connect();
    return await ask(client);
  } finally {
    client.disconnect();
  }
};
const counterOn = (runtime: StartedRuntime, node: string) => onNode(runtime, node, async (c) => Number((await c.get('counter')) ?? 0));
const logLengthOn = (runtime: StartedRuntime, node: string) => onNode(runtime, node, (c) => c.llen('lab:log:{counter}'));
const mastersAmong = async (runtime: StartedRuntime, names: readonly string[]) => {
  const roles = await Promise.all(names.map((n) => onNode(runtime, n, async (c) => String(((await c.call('ROLE')) as unknown[])[0]))));
  return names.filter((_, i) => roles[i] === 'master');
};

// What every row must satisfy, whatever the policy did.
const expectAccounted = async (runtime: StartedRuntime, row: PolicyFailoverRow) => {
  const { counts } = row;
  expect(row.faultObserved).toBe(true);
  expect(['SAFE', 'UNSAFE', 'UNKNOWN']).toContain(row.verdict);
  expect(counts.issued).toBeGreaterThan(0);
  expect(counts.acknowledged + counts.failed + counts.indeterminate).toBe(counts.issued);
  expect(row.node).toBeDefined();
  const final = await counterOn(runtime, row.node!);
  // The judge read the same counter: its bounds are the row's counts, and the read-back agrees.
  expect(row.counter).not.toBeNull();
  expect(row.counter!.final).toBe(final);
  expect(row.counter!.lower).toBe(counts.acknowledged);
  expect(row.counter!.upper).toBe(counts.acknowledged + counts.indeterminate);
  expect(row.counter!.withinBounds).toBe(final >= counts.acknowledged && final <= counts.acknowledged + counts.indeterminate);
  // Every application appended its op id to the log in the same script: the counter is the log's length.
  expect(await logLengthOn(runtime, row.node!)).toBe(final);
  expect(counts.applied).toBeLessThanOrEqual(final);
  if (counts.duplicated === 0) expect(final).toBe(counts.applied);
  // Nothing the caller was told succeeded is missing unless the row says lost.
  expect(counts.applied).toBeGreaterThanOrEqual(counts.acknowledged - counts.lost);
  expect(row.verdict === 'SAFE').toBe(counts.lost + counts.duplicated + counts.failedButApplied + counts.unexpected === 0 && row.counter!.withinBounds);
};

const policies = await loadPolicies({ ...scenario, policies: ['ioredis-default', 'node-redis-default'] });
const policy = (name: string) => policies.get(name) as LoadedPolicy;

describe('policies across a commanded failover on {primary: 1, replicas: 1} (local runtime)', () => {
  let runtime: StartedRuntime;
  beforeAll(async () => {
    runtime = await startRuntime('local', { topology: { kind: 'replicas', replicas: 1 } });
  });
  afterAll(async () => {
    const pids = runtime.resources.pids;
    expect((await runtime.stop()).problems).toEqual([]);
    expect(pids.some(processAlive)).toBe(false);
  });

  for (const name of ['ioredis-default', 'node-redis-default']) {
    it(`${name}: INCR across REPLICAOF NO ONE, counts that the new primary's counter agrees with`, async () => {
      const names = runtime.nodes.map((n) => n.name);
      const [before] = await mastersAmong(runtime, names);
      const row = await runPolicyFailover({ runtime, policy: policy(name), plan: plan(), eventName: 'failover', event: commandedFailover(), eventAfterOps: 500, tailOps: 1000 });
      await expectAccounted(runtime, row);
      expect(row.policy).toBe(name);
      expect(row.redirects).toEqual({ moved: 0, ask: 0 });
      // The row was read on the node promoted, which is the one primary now.
      expect(row.node).not.toBe(before);
      expect(await mastersAmong(runtime, names)).toEqual([row.node]);
    }, 120_000);
  }
});

describe('policies across CLUSTER FAILOVER on a 3-primary cluster with 1 replica each (local runtime)', () => {
  let runtime: StartedRuntime;
  beforeAll(async () => {
    runtime = await startRuntime('local', { topology: { kind: 'cluster', primaries: 3, replicasPerPrimary: 1, nodeTimeoutMs: 1_000 } });
  }, 120_000);
  afterAll(async () => {
    const pids = runtime.resources.pids;
    expect((await runtime.stop()).problems).toEqual([]);
    expect(pids.some(processAlive)).toBe(false);
  });

  for (const name of ['ioredis-default', 'node-redis-default']) {
    it(`${name}: INCR across CLUSTER FAILOVER of the key's shard, read back on its new primary`, async () => {
      const slot = keySlot('counter');
      const shard = runtime.nodes.find((n) => n.slots !== undefined && n.slots.first <= slot && slot <= n.slots.last)!.shard;
      const shardNodes = runtime.nodes.filter((n) => n.shard === shard).map((n) => n.name);
      const [before] = await mastersAmong(runtime, shardNodes);
      const row = await runPolicyFailover({ runtime, policy: policy(name), plan: plan(), eventName: 'cluster-failover', event: clusterFailover(), eventAfterOps: 500, tailOps: 1000 });
      await expectAccounted(runtime, row);
      // Read on the key's shard, on the replica that took over.
      expect(shardNodes).toContain(row.node);
      expect(row.node).not.toBe(before);
      expect(await mastersAmong(runtime, shardNodes)).toEqual([row.node]);
      // The old primary answered the client's next write with a redirect.
      expect(row.redirects.moved + row.redirects.ask).toBeGreaterThan(0);
    }, 180_000);
  }
});
