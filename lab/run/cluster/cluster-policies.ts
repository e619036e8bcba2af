// Policies across a cluster's events (issue 23 item 4): each event × policy runs on a fresh
// cluster, its links shaped as the scenario's, with the policy's own client built from what a
// service configures (the seed nodes and a NAT map to the proxies). The event is the lab writer's
// own (CLUSTER FAILOVER [TAKEOVER], a partition, a frozen node or a fault on its client link), on the
// node the scenario names;
// runPolicyFailover judges what the shard's new primary holds.
//
// A policy's row is judged from one tag log, so every operation lives in one hash slot: the
// workload's key gets a hash tag that puts it on the shard of the event's node (the row says so).

import { keySlot } from '../../client/index.ts';
import { interruptedError } from '../../errors/index.ts';
import { startFault, ToxiproxyApi } from '../../network/index.ts';
import type { LoadedPolicy } from '../../policies/index.ts';
import { startRuntime, type StartedNode, type StartedRuntime } from '../../runtime/index.ts';
import { buildPlan } from '../../workload/index.ts';
import type { ClusterFault, ClusterScenario, ReconcileEntry, Scenario } from '../../contracts/index.ts';
import { clusterFailover, runPolicyFailover, type FailoverEventContext } from '../policy-failover.ts';
import { calibrateNode } from './cluster-links.ts';
import { settleMs } from './cluster-faults.ts';

/** Operations the policy issues after the event is done, so the shard's new primary takes writes too. */
const TAIL_OPS = 500;
const SLOTS = 16_384;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));


/** The first hash tag `{tN}` whose slot the shard of `node` serves. */
const hashTagOnShard = (nodes: readonly StartedNode[], node: string): string => {
  const shard = nodes.find((n) => n.name === node)?.shard;
  const ranges = nodes.filter((n) => n.shard === shard && n.slots !== undefined).map((n) => n.slots!);
  for (let i = 0; i < SLOTS * 8; i++) {
    const slot = keySlot(`{t${i}}`);
    if (ranges.some((r) => slot >= r.first && slot <= r.last)) return `{t${i}}`;
  }
  throw new Error(`no hash tag lands on the shard of ${node}`);
};

// The lab writer's event, as runPolicyFailover's: resolves once the event is over from the lab's side.
const eventOf =
  (fault: ClusterFault, nodeTimeoutMs: number, api: ToxiproxyApi) =>
  async (context: FailoverEventContext): Promise<void> => {
    const { runtime } = context;
    if (fault.kind === 'failover') return clusterFailover(fault.node, settleMs(nodeTimeoutMs), fault.takeover)(context);
    if (fault.kind === 'link') {
      const proxy = runtime.nodes.find((n) => n.name === fault.node)?.clientProxy ?? fault.node;
      const handle = await startFault(api, proxy, fault.fault, fault.fault.kind === 'cut-after' ? fault.fault.plusBytes : undefined);
      try {
        await sleep(fault.forMs);
      } finally {
        await handle.heal();
      }
      return;
    }
    if (fault.kind === 'partition') await runtime.isolate(fault.node);
    else await runtime.pause(fault.node);
    try {
      await sleep(fault.forMs);
    } finally {
      if (fault.kind === 'partition') await runtime.rejoin(fault.node);
      else await runtime.resume(fault.node);
    }
  };

const eventName = (fault: ClusterFault, index: number) => fault.name ?? `${fault.kind}-${index + 1}`;

interface ClusterPolicyInput {
  scenario: Scenario;
  plan: ClusterScenario;
  policies: readonly LoadedPolicy[];
  runtime: StartedRuntime['kind'];
  signal?: AbortSignal;
}

/** One reconcile row per event × policy, each on a fresh cluster; and what went wrong around them. */
export const clusterPolicyRows = async (input: ClusterPolicyInput): Promise<{ rows: ReconcileEntry[]; problems: string[] }> => {
  const { scenario, plan } = input;
  const workload = scenario.workloads[0]!;
  const rows: ReconcileEntry[] = [];
  const problems: string[] = [];
  for (const [index, fault] of plan.faults.entries()) {
    for (const policy of input.policies) {
      if (input.signal?.aborted) throw interruptedError();
      const cluster = await startRuntime(input.runtime, {
        topology: { kind: 'cluster', primaries: plan.topology.cluster.primaries, replicasPerPrimary: plan.topology.cluster.replicas, nodeTimeoutMs: plan.nodeTimeoutMs },
        ...(input.signal ? { signal: input.signal } : {}),
      });
      try {
        const api = new ToxiproxyApi(cluster.toxiproxyApiUrl);
        for (const node of cluster.nodes) await calibrateNode(api, node, plan.network.nodes[node.name]?.rttMs ?? plan.network.rttMs, plan.calibrationPings);
        const tag = hashTagOnShard(cluster.nodes, fault.node);
        const key = `${workload.key}${tag}`;
        const opPlan = buildPlan({ ...workload, key }, workload.commands[0] ?? 0, workload.valueBytes[0] ?? { minBytes: 0, maxBytes: 0 }, scenario.seed);
        const name = eventName(fault, index);
        const found = await runPolicyFailover({
          runtime: cluster,
          policy,
          plan: opPlan,
          eventName: name,
          event: eventOf(fault, plan.nodeTimeoutMs, api),
          eventAfterOps: 1,
          tailOps: TAIL_OPS,
          settleMs: settleMs(plan.nodeTimeoutMs),
          rttMs: plan.network.rttMs,
          tags: scenario.reconcile.tags,
          ...(input.signal ? { signal: input.signal } : {}),
        });
        const { redirects, problems: runProblems, durationMs: _durationMs, node: readOn, ...entry } = found;
        problems.push(...runProblems.map((p) => `${name} / ${policy.name}: ${p}`));
        rows.push({
          ...entry,
          id: `${name} / ${policy.name}`,
          workload: workload.label,
          node: fault.node,
          redirects,
          reasons: [...entry.reasons, `the client was given the seed nodes and a NAT map; the key was written as ${key} so its slot is on the shard of ${fault.node}; read back on ${readOn ?? 'the shard\'s primary'}`],
        });
      } finally {
        const stopped = await cluster.stop();
        problems.push(...stopped.problems);
      }
    }
  }
  return { rows, problems };
};
