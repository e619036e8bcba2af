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
import type { LatencyHistogram } from '../../metrics/index.ts';
import { ToxiproxyApi } from '../../network/index.ts';
import type { LoadedPolicy } from '../../policies/index.ts';
import { startRuntime, type StartedNode, type StartedRuntime } from '../../runtime/index.ts';
import { buildPlan } from '../../workload/index.ts';
import { isRoleSelector, selectorShard, type ReconcileEntry, type Scenario, type TopologyEvent } from '../../contracts/index.ts';
import { clusterFailover, runPolicyFailover, type FailoverEventContext } from '../policy-failover.ts';
import { repeatPolicy, type PolicyRun } from '../policy-repeat.ts';
import { calibrateNode } from './cluster-links.ts';
import { resolveClusterEvent } from './cluster-role.ts';
import { settleMs, startClusterFault } from './cluster-faults.ts';
import { clusterTopologyOf, defaultRttMs, eventForMs, eventNode, nodeRttMs } from './cluster-scenario.ts';

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
// A role selector (`current-primary@shard-2`) is resolved as the event fires; `seen.resolved` says to what.
const eventOf =
  (scenario: Scenario, written: TopologyEvent, api: ToxiproxyApi, seen: { resolved?: string }) =>
  async (context: FailoverEventContext): Promise<void> => {
    const { nodeTimeoutMs } = clusterTopologyOf(scenario);
    if (written.action.kind === 'failover') return clusterFailover(written.action.promote, settleMs(nodeTimeoutMs), written.action.takeover === true)(context);
    const { event, resolved } = await resolveClusterEvent(context.runtime, written, context.control);
    if (resolved !== undefined) seen.resolved = resolved;
    const heal = await startClusterFault(context.runtime, api, event);
    try {
      await sleep(eventForMs(scenario, event));
    } finally {
      await heal();
    }
  };

interface ClusterPolicyInput {
  scenario: Scenario;
  policies: readonly LoadedPolicy[];
  runtime: StartedRuntime['kind'];
  signal?: AbortSignal;
}

// One run of `policy` across `event` on a fresh cluster (stopped after; its problems go to `problems`).
const clusterPolicyRun = async (input: ClusterPolicyInput, event: TopologyEvent, policy: LoadedPolicy, rowLatency: LatencyHistogram, problems: string[]): Promise<PolicyRun> => {
  const { scenario } = input;
  const workload = scenario.workloads[0]!;
  const topology = clusterTopologyOf(scenario);
  const node = eventNode(event);
  const cluster = await startRuntime(input.runtime, {
    topology,
    ...(input.signal ? { signal: input.signal } : {}),
  });
  try {
    const api = new ToxiproxyApi(cluster.toxiproxyApiUrl);
    for (const n of cluster.nodes) await calibrateNode(api, n, nodeRttMs(scenario, n.name), scenario.calibrationPings);
    // A selector's shard is the shard of its primary at start.
    const tag = hashTagOnShard(cluster.nodes, isRoleSelector(node) ? `primary-${selectorShard(node)}` : node);
    const seen: { resolved?: string } = {};
    const key = `${workload.key}${tag}`;
    const opPlan = buildPlan({ ...workload, key }, workload.commands[0] ?? 0, workload.valueBytes[0] ?? { minBytes: 0, maxBytes: 0 }, scenario.seed);
    const { name } = event;
    const found = await runPolicyFailover({
      runtime: cluster,
      policy,
      plan: opPlan,
      eventName: name,
      event: eventOf(scenario, event, api, seen),
      eventAfterOps: 1,
      tailOps: TAIL_OPS,
      settleMs: settleMs(topology.nodeTimeoutMs),
      rttMs: defaultRttMs(scenario),
      rowLatency,
      tags: scenario.reconcile.tags,
      ...(input.signal ? { signal: input.signal } : {}),
    });
    const { redirects, problems: runProblems, durationMs: _durationMs, node: readOn, ...entry } = found;
    const row: ReconcileEntry = {
      ...entry,
      id: `${name} / ${policy.name}`,
      workload: workload.label,
      node: seen.resolved ?? node,
      redirects,
      reasons: [
        ...entry.reasons,
        ...(seen.resolved === undefined ? [] : [`${name}: ${node} was ${seen.resolved} when the event fired`]),
        `the client was given the seed nodes and a NAT map; the key was written as ${key} so its slot is on the shard of ${node}; read back on ${readOn ?? 'the shard\'s primary'}`,
      ],
    };
    return { row, problems: runProblems };
  } finally {
    const stopped = await cluster.stop();
    problems.push(...stopped.problems);
  }
};

/** One reconcile row per event × policy, `repeat` runs each on a fresh cluster; and what went wrong
 * around them. `lossAgreed`: every row's runs agree as to loss (the scenario fails otherwise, as for the writer's rows). */
export const clusterPolicyRows = async (input: ClusterPolicyInput): Promise<{ rows: ReconcileEntry[]; problems: string[]; lossAgreed: boolean }> => {
  const rows: ReconcileEntry[] = [];
  const problems: string[] = [];
  let lossAgreed = true;
  for (const event of input.scenario.timeline ?? []) {
    for (const policy of input.policies) {
      const found = await repeatPolicy({
        repeat: input.scenario.repeat,
        once: (_run, rowLatency) => clusterPolicyRun(input, event, policy, rowLatency, problems),
        ...(input.signal ? { signal: input.signal } : {}),
      });
      problems.push(...found.problems.map((p) => `${event.name} / ${policy.name}: ${p}`));
      lossAgreed &&= found.lossAgreed;
      rows.push(found.row);
    }
  }
  return { rows, problems, lossAgreed };
};
