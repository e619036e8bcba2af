// Faults on a cluster, each judged by reading every write back once the cluster healed:
//   failover  CLUSTER FAILOVER [TAKEOVER] on a replica, then one run of the workload with the
//             client's slot map left as it was: the redirects it meets, and what they cost.
//   partition the primary isolated both ways (StartedRuntime.isolate) for `for`, while the
//             cluster client writes on the majority side and a client connected straight to
//             the primary writes on the minority side.
//   down      the node's process frozen (SIGSTOP) for `for`, then thawed; the cluster client writes.

import type { Redis } from 'ioredis';
import { closeClient, connectClient, connectCluster, type LabCluster } from '../../client/index.ts';
import { adminClient, clusterInfo, nodeRole } from '../../runtime/cluster/index.ts';
import type { StartedNode, StartedRuntime } from '../../runtime/index.ts';
import { clusterCommand, clusterOps, driveCluster } from '../../workload/cluster/index.ts';
import { modeLabel, type Scenario, type TopologyEvent } from '../../contracts/index.ts';
import { startFault, type FaultHandle, type ToxiproxyApi } from '../../network/index.ts';
import type { ClusterFaultResult } from './cluster-run.ts';
import { clusterTopologyOf, eventForMs, eventNode, failoverMode, scaleReadsOf } from './cluster-scenario.ts';
import { readBack, startClusterWriter, startMinorityWriter, type WriteRecord, type Writer } from './cluster-writers.ts';

export interface FaultContext {
  scenario: Scenario;
  cluster: StartedRuntime;
  client: LabCluster;
  /** Announced address to the link's added rtt (ms), for the redirects' cost. */
  addedMs: Map<string, number>;
  /** Toxiproxy's API, for a fault on a node's client link. */
  api: ToxiproxyApi;
  signal?: AbortSignal;
}

const POLL_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Admin connections to every node, straight (not through the proxies an isolation disables).
const withAdmins = async <T>(nodes: readonly StartedNode[], use: (admins: Map<string, Redis>) => Promise<T>): Promise<T> => {
  const admins = new Map<string, Redis>();
  try {
    for (const node of nodes) admins.set(node.name, await adminClient(node.direct));
    return await use(admins);
  } finally {
    admins.forEach((c) => c.disconnect());
  }
};

// Polls until every node says cluster_state:ok and `shard` has one primary (`expected`, when
// given: CLUSTER FAILOVER answers OK before the replica has taken over); the primary's name,
// or undefined at the deadline.
const waitHealed = async (admins: Map<string, Redis>, nodes: readonly StartedNode[], shard: number, deadlineMs: number, expected?: string): Promise<string | undefined> => {
  const deadline = performance.now() + deadlineMs;
  while (performance.now() < deadline) {
    const states = await Promise.all([...admins.values()].map((c) => clusterInfo(c).then((i) => i.cluster_state).catch(() => 'no answer')));
    const masters: string[] = [];
    for (const node of nodes.filter((n) => n.shard === shard)) if ((await nodeRole(admins.get(node.name)!)) === 'master') masters.push(node.name);
    if (states.every((s) => s === 'ok') && masters.length === 1 && (expected === undefined || masters[0] === expected)) return masters[0];
    await sleep(POLL_MS);
  }
  return undefined;
};

// The read-back that judges loss asks each shard's primary: with `read-from: replica` (scaleReads
// slave or all) the run's client would read replicas, and a write not yet replicated would count as lost.
const readFromPrimaries = async (ctx: FaultContext, keys: readonly string[]): Promise<Map<string, string | null>> => {
  if (scaleReadsOf(ctx.scenario) === 'master') return readBack(ctx.client, keys);
  const { cluster } = ctx;
  const reader = await connectCluster({
    seeds: cluster.nodes.map((n) => n.proxied),
    natMap: cluster.natMap,
    ...(cluster.password === undefined ? {} : { password: cluster.password }),
    scaleReads: 'master',
  });
  try {
    return await readBack(reader, keys);
  } finally {
    await reader.close();
  }
};

const count = (writes: readonly WriteRecord[]) => ({
  acknowledged: writes.filter((w) => w.outcome === 'acknowledged').length,
  failed: writes.filter((w) => w.outcome === 'failed').length,
  indeterminate: writes.filter((w) => w.outcome === 'indeterminate').length,
});

// Each write has its own key and value: found means applied.
const readBackOf = (writes: readonly WriteRecord[], values: Map<string, string | null>) => {
  const applied = writes.filter((w) => values.get(w.key) === w.value);
  return {
    applied: applied.length,
    indeterminateApplied: applied.filter((w) => w.outcome === 'indeterminate').length,
    failedButApplied: applied.filter((w) => w.outcome === 'failed').length,
  };
};

const lostOf = (writes: readonly WriteRecord[], values: Map<string, string | null>) =>
  writes.filter((w) => w.outcome === 'acknowledged' && values.get(w.key) !== w.value).length;

const redirectSummary = (ctx: FaultContext, since: number) => {
  const redirects = ctx.client.redirects.slice(since);
  // A link whose calibration measured it below its baseline (noise on a loaded machine) adds nothing, never a negative cost.
  const costMs = redirects.reduce((sum, r) => sum + (r.from === undefined ? 0 : Math.max(0, ctx.addedMs.get(r.from) ?? 0)), 0);
  return { moved: redirects.filter((r) => r.kind === 'MOVED').length, ask: redirects.filter((r) => r.kind === 'ASK').length, costMs };
};

// Time allowed for a failover and for the cluster to settle after a heal (topologies.md §8 bound, doubled).
export const settleMs = (nodeTimeoutMs: number): number => 2 * (2 * nodeTimeoutMs + 1_000 + Math.max(4 * nodeTimeoutMs, 4_000) + Math.max(2 * nodeTimeoutMs, 2_000));

/** Undoes a started fault: the node rejoins, thaws, or its link heals. */
export type Heal = () => Promise<void>;

/** Starts a partition, down or link fault on the node the event names; the heal undoes it. A
 * failover is not healed: it is run by the caller (CLUSTER FAILOVER and its wait). */
export const startClusterFault = async (runtime: StartedRuntime, api: ToxiproxyApi, event: TopologyEvent): Promise<Heal> => {
  const { action } = event;
  const name = eventNode(event);
  switch (action.kind) {
    case 'partition':
      await runtime.isolate(name);
      return () => runtime.rejoin(name);
    case 'down':
      await runtime.pause(name);
      return () => runtime.resume(name);
    case 'link-fault': {
      const proxy = runtime.nodes.find((n) => n.name === name)?.clientProxy ?? name;
      const handle: FaultHandle = await startFault(api, proxy, action.fault, action.fault.kind === 'cut-after' ? action.fault.plusBytes : undefined);
      return async () => {
        await handle.heal();
      };
    }
    case 'failover':
      throw new Error(`${event.name}: a failover is run, not started and healed`);
  }
};

export const runClusterFault = async (ctx: FaultContext, fault: TopologyEvent, index: number): Promise<ClusterFaultResult> => {
  const { cluster, client } = ctx;
  const { action } = fault;
  const nodeTimeoutMs = clusterTopologyOf(ctx.scenario).nodeTimeoutMs;
  const cell = { workload: ctx.scenario.workloads[0]!, commands: ctx.scenario.workloads[0]!.commands[0]!, valueBytes: ctx.scenario.workloads[0]!.valueBytes[0]! };
  const node = cluster.nodes.find((n) => n.name === eventNode(fault))!;
  const shardNodes = cluster.nodes.filter((n) => n.shard === node.shard);
  const redirectsBefore = client.redirects.length;
  const retriesBefore = { ...client.retries };
  const timeline: { atMs: number; event: string }[] = [];
  const t0 = performance.now();
  const mark = (event: string): number => {
    const atMs = Math.round(performance.now() - t0);
    timeline.push({ atMs, event });
    return atMs;
  };
  return withAdmins(cluster.nodes, async (admins) => {
    let writes: WriteRecord[] = [];
    let faultWindow: ClusterFaultResult['window'];
    let minority: WriteRecord[] = [];
    let note = '';
    if (action.kind === 'failover') {
      const takeover = action.takeover === true;
      const mode = failoverMode(ctx.scenario, fault);
      const command = clusterCommand(cell);
      await admins.get(node.name)!.call('CLUSTER', 'FAILOVER', ...(takeover ? ['TAKEOVER'] : []));
      mark(`CLUSTER FAILOVER${takeover ? ' TAKEOVER' : ''} sent to ${node.name}`);
      const primary = await waitHealed(admins, shardNodes, node.shard, settleMs(nodeTimeoutMs), node.name);
      mark(primary === undefined ? `${node.name} did not take over in time (the cluster did not settle)` : `${primary} is the shard's primary; cluster_state ok on every node`);
      const ops = clusterOps(cell, `f${index}`, `fault${index}:`);
      const outcome = await driveCluster(client, command, mode, ops);
      mark(`one ${modeLabel(mode)} run with the stale slot map: ${outcome.totalMs.toFixed(1)} ms, ${outcome.errors} error(s)`);
      if (command === 'SET') {
        const last = new Map(ops.map((op) => [op.key, op.args[1]!]));
        // The driver checks every reply but does not say which command erred: with any error, each
        // write counts as indeterminate (read back, never counted lost).
        writes = [...last].map(([key, value]): WriteRecord => ({ key, value, sentAtMs: 0, outcome: outcome.errors === 0 ? 'acknowledged' : 'indeterminate' }));
      }
      note = 'The run after the failover used the slot map the client had before it; ioredis refreshes the map on the first MOVED, so only the commands sent before the refresh landed are redirected.';
      if (command !== 'SET') note += ' INCR writes are not read back (counters carry no unique value), so no write is counted here.';
    } else {
      const forMs = eventForMs(ctx.scenario, fault);
      const direct = action.kind === 'partition' ? await connectClient(node.direct, `${node.name} direct (minority side)`) : undefined;
      // The fault, healed after its for (or on the way out).
      let heal: Heal | undefined;
      const majority: Writer = startClusterWriter(client, `fault${index}:w`, t0);
      const minorityWriter = direct ? startMinorityWriter(client, direct, [node.announced, `${node.proxied.host}:${node.proxied.port}`], `fault${index}m`, t0) : undefined;
      try {
        await sleep(200);
        heal = await startClusterFault(cluster, ctx.api, fault);
        const onMs = mark(
          action.kind === 'partition'
            ? `${node.name} isolated (its proxies disabled, ${cluster.faultWords.isolatedOut})`
            : action.kind === 'down'
              ? `${node.name} frozen (${cluster.faultWords.freeze})`
              : `${action.fault.kind} on ${node.name}'s client link (${node.clientProxy})`,
        );
        const replicas = shardNodes.filter((n) => n.role === 'replica');
        const deadline = performance.now() + forMs;
        let promoted: string | undefined;
        while (performance.now() < deadline) {
          ctx.signal?.throwIfAborted();
          for (const r of replicas) if (!promoted && (await nodeRole(admins.get(r.name)!)) === 'master') {
            promoted = r.name;
            mark(`${r.name} promoted (ROLE master)`);
          }
          await sleep(POLL_MS);
        }
        if (!promoted) mark(`no replica promoted within ${forMs} ms`);
        if (minorityWriter?.firstError) timeline.push({ atMs: Math.round(minorityWriter.firstError.atMs), event: `minority side: first refused write (${minorityWriter.firstError.message.split('\n')[0]})` });
        await minorityWriter?.stop();
        const healing = heal;
        heal = undefined;
        await healing();
        faultWindow = {
          onMs,
          offMs: mark(action.kind === 'partition' ? `${node.name} rejoined` : action.kind === 'down' ? `${node.name} thawed (${cluster.faultWords.thaw})` : `${node.name}'s client link healed`),
        };
        const primary = await waitHealed(admins, shardNodes, node.shard, settleMs(nodeTimeoutMs));
        mark(primary === undefined ? `the cluster did not settle within ${settleMs(nodeTimeoutMs)} ms` : `${primary} is the shard's primary; cluster_state ok on every node`);
        await sleep(500);
      } finally {
        await heal?.().catch(() => undefined);
        await majority.stop();
        await minorityWriter?.stop();
        if (direct) await closeClient(direct);
      }
      writes = majority.writes;
      minority = minorityWriter?.writes ?? [];
      note =
        action.kind === 'link-fault'
          ? 'A fault on the node\'s client link only: the cluster bus and replication keep going, so no failover is expected; the client sees the link fail while the node stays healthy.'
          : action.kind === 'partition'
          ? `Isolation cuts the node both ways on the bus and cuts its client proxy (so replication from it too); a client connected straight to it stands for clients on its side of the partition. ${cluster.faultWords.afterHeal}`
          : 'A frozen process answers nothing and sends nothing; what queued in its sockets is handled when it thaws, before it learns of a failover.';
    }
    const all = [...writes, ...minority];
    const values = await readFromPrimaries(ctx, all.map((w) => w.key));
    mark('every write read back');
    const afterPrimary = await (async () => {
      for (const n of shardNodes) if ((await nodeRole(admins.get(n.name)!)) === 'master') return n.name;
      return '(none)';
    })();
    const redirects = redirectSummary(ctx, redirectsBefore);
    const totals = count(all);
    return {
      fault,
      timeline: timeline.sort((a, b) => a.atMs - b.atMs),
      ...(faultWindow ? { window: faultWindow } : {}),
      writes: totals,
      lost: lostOf(all, values),
      readBack: readBackOf(all, values),
      minorityAcknowledged: count(minority).acknowledged,
      minorityLost: lostOf(minority, values),
      redirects: { moved: redirects.moved, ask: redirects.ask },
      redirectCostMs: redirects.costMs,
      retries: {
        clusterDown: client.retries.clusterDown - retriesBefore.clusterDown,
        tryAgain: client.retries.tryAgain - retriesBefore.tryAgain,
        connectionClosed: client.retries.connectionClosed - retriesBefore.connectionClosed,
      },
      after: { primaryOfShard: afterPrimary, nodeRole: (await nodeRole(admins.get(node.name)!)) ?? 'no answer' },
      note,
    };
  });
};
