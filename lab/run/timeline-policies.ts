// Policies across a primary/replicas timeline (issue 23 item 4): each workload × policy runs the
// policy's own client (built by its connect from what a service configures: every node's
// endpoint, or on a Sentinel topology the sentinels and the master name) while the scenario's
// timeline runs as the failover event of runPolicyFailover. On a Sentinel topology the timeline
// only cuts links: the sentinels decide and promote, and the read-back waits until every node's
// role agrees (the old primary is demoted after the heal). On plain replicas the timeline's own
// failover step is the commanded failover (REPLICAOF NO ONE, the others re-pointed).

import type { Redis } from 'ioredis';
import type { LatencyHistogram } from '../metrics/index.ts';
import type { ToxiproxyApi } from '../network/index.ts';
import type { LoadedPolicy } from '../policies/index.ts';
import type { StartedRuntime } from '../runtime/index.ts';
import type { OperationPlan } from '../workload/index.ts';
import type { FailoverTimeline, ReconcileEntry, TopologyEvent } from '../contracts/index.ts';
import { runPolicyFailover, type FailoverEventContext, type SentinelSet } from './policy-failover.ts';
import { startTimeline } from './topology-timeline.ts';
import { timelineEvents, timelineName, timelineNode } from './topology-rows.ts';

/** Operations the policy issues after the timeline is done, so the new primary takes writes too. */
const TAIL_OPS = 500;

/** The scenario's timeline as runPolicyFailover's event: resolves once every step ran and healed. */
const timelineEvent =
  (api: ToxiproxyApi, events: readonly TopologyEvent[], problems: string[], signal: AbortSignal | undefined, seen: { times?: FailoverTimeline }) =>
  async ({ runtime, control }: FailoverEventContext): Promise<void> => {
    // A signal of this run's own, so the timeline's waits add no listener to the scenario's signal.
    const stop = new AbortController();
    const onAbort = () => stop.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const timeline = startTimeline({
      api,
      topology: runtime,
      events,
      control: control as Map<string, Redis>,
      signal: stop.signal,
      // The policy's client finds the new primary itself (its sentinels, or its own node list).
      hooks: { moveWriter: () => undefined, problem: (text) => problems.push(text) },
    });
    seen.times = timeline.times;
    try {
      await timeline.done;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      await timeline.healAll();
    }
  };

const sentinelSetOf = (runtime: StartedRuntime): SentinelSet | undefined =>
  runtime.masterName === undefined || runtime.sentinels.length === 0
    ? undefined
    : { sentinels: runtime.sentinels.map((s) => s.proxied), masterName: runtime.masterName, ...(runtime.password === undefined ? {} : { password: runtime.password }) };

/** One policy across the timeline on `runtime` (fresh: the caller restarts between runs) as a reconcile row. */
export const policyTimelineRow = async (input: {
  api: ToxiproxyApi;
  runtime: StartedRuntime;
  policy: LoadedPolicy;
  plan: OperationPlan;
  workload: string;
  events: readonly TopologyEvent[];
  rttMs: number;
  /** The row's histogram over its runs: this run's writes are added to it. */
  rowLatency?: LatencyHistogram;
  /** `reconcile.tags` (default log): `none` sends the bare command (a module that runs its own script needs it). */
  tags?: 'log' | 'none';
  signal?: AbortSignal;
}): Promise<{ row: ReconcileEntry; problems: string[] }> => {
  const problems: string[] = [];
  const sentinels = sentinelSetOf(input.runtime);
  const fault = timelineName(input.events);
  // The timeline's steps as it ran (ms from its start: the event's), for the row's events.
  const seen: { times?: FailoverTimeline } = {};
  const found = await runPolicyFailover({
    runtime: input.runtime,
    policy: input.policy,
    plan: input.plan,
    eventName: fault,
    event: timelineEvent(input.api, input.events, problems, input.signal, seen),
    // The timeline's times count from the event's start: start it with the first operation.
    eventAfterOps: 1,
    tailOps: TAIL_OPS,
    rttMs: input.rttMs,
    ...(input.rowLatency === undefined ? {} : { rowLatency: input.rowLatency }),
    ...(input.tags === undefined ? {} : { tags: input.tags }),
    ...(sentinels === undefined ? {} : { sentinels }),
    ...(input.signal === undefined ? {} : { signal: input.signal }),
  });
  const { redirects: _redirects, problems: runProblems, durationMs: _durationMs, node: readOn, ...entry } = found;
  const node = timelineNode(input.events, seen.times);
  const row: ReconcileEntry = {
    ...entry,
    ...(seen.times === undefined ? {} : { events: timelineEvents(seen.times) }),
    id: `${input.workload} / ${input.policy.name}`,
    workload: input.workload,
    ...(node === undefined ? {} : { node }),
    reasons: [...entry.reasons, ...(sentinels === undefined ? [] : [`the client was given the sentinels and the master name ${sentinels.masterName}; read back on ${readOn ?? 'the primary'}`])],
  };
  return { row, problems: [...problems, ...runProblems] };
};
