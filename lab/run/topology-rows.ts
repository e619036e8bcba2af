// A primary/replicas timeline run's findings as the rows every result has (issue 23): each
// workload × WAIT setting under a timeline becomes a ReconcileEntry. Pure: the runners measure, this only arranges.

import { waitLabel, type FaultTimeline, type LatencySummaryUs, type ReconcileCounts, type ReconcileEntry, type RowRunCounts, type TopologyEvent, type Verdict, type WaitOption } from '../contracts/index.ts';
import type { FailoverRunFindings } from './failover-run.ts';

/** The timeline as a fault's name: its events' names, in order. */
export const timelineName = (events: readonly TopologyEvent[]): string => events.map((e) => e.name).join(' + ');

/** The node the timeline is about: the first node it partitions, else the replica it promotes, else
 * the first link fault's node; a role selector as the node it resolved to in `timeline` (when given). */
export const timelineNode = (events: readonly TopologyEvent[], timeline?: Timeline): string | undefined => {
  const named = writtenNode(events);
  return timeline?.selections?.find((s) => s.selector === named)?.node ?? named;
};

const writtenNode = (events: readonly TopologyEvent[]): string | undefined => {
  for (const { action } of events) if (action.kind === 'partition') return action.nodes[0];
  for (const { action } of events) if (action.kind === 'failover') return action.promote;
  for (const { action } of events) if (action.kind === 'link-fault') return action.link.split('->')[0];
  return undefined;
};

type Timeline = FailoverRunFindings['timeline'];
type StepKey = 'partitionMs' | 'partitionAppliedMs' | 'failoverMs' | 'healMs' | 'demotedMs' | 'endMs';

const STEPS: readonly [StepKey, string][] = [
  ['partitionMs', 'partition began'],
  ['partitionAppliedMs', 'partition applied'],
  ['failoverMs', 'replica promoted'],
  ['healMs', 'partition healed'],
  ['demotedMs', 'old primary demoted'],
  ['endMs', 'writer stopped'],
];

/** One run's timeline as the events a reconcile row lists, in time order; on a Sentinel topology
 * also when the sentinels' switch was first seen (`sentinels switched to replica-1`), and the node
 * each role selector resolved to (`cut: current-primary is replica-1`). */
export const timelineEvents = (timeline: Timeline): { atMs: number; event: string }[] => {
  const steps = STEPS.flatMap(([key, event]) => {
    const atMs = timeline[key];
    return atMs === null ? [] : [{ atMs, event }];
  });
  for (const f of timeline.linkFaults ?? []) {
    if (f.startMs !== null) steps.push({ atMs: f.startMs, event: `${f.name}: ${f.fault} on ${f.link} began` });
    if (f.healedMs !== null) steps.push({ atMs: f.healedMs, event: `${f.name}: ${f.fault} on ${f.link} healed` });
  }
  for (const s of timeline.selections ?? []) steps.push({ atMs: s.atMs, event: `${s.name}: ${s.selector} is ${s.node}` });
  const seenMs = timeline.switchSeenMs;
  if (seenMs !== undefined && seenMs !== null) steps.push({ atMs: seenMs, event: `sentinels switched to ${timeline.switchedTo ?? 'a node the lab does not know'}` });
  return steps.sort((a, b) => a.atMs - b.atMs);
};

// Fault on: when the partition was in place (or the promotion, or the first link fault, without
// one); nothing records the moment the writer's connection closed.
const firstLinkFault = (t: Timeline): { startMs: number | null; healedMs: number | null } | undefined => t.linkFaults?.find((f) => f.startMs !== null);
const faultTimeline = (t: FailoverRunFindings['timeline']): FaultTimeline => ({
  faultOnMs: t.partitionAppliedMs ?? t.failoverMs ?? firstLinkFault(t)?.startMs ?? null,
  closedMs: null,
  healedMs: t.healMs ?? firstLinkFault(t)?.healedMs ?? null,
  endMs: t.endMs,
});

/** The timeline acted in this run: a partition, a failover, or a link fault in place. */
const acted = (t: Timeline): boolean => t.partitionMs !== null || t.failoverMs !== null || firstLinkFault(t) !== undefined;

/** What two runs must share to be consistent: counts, counter and verdict. */
export const fingerprint = (run: { counts: unknown; counter: unknown; verdict: Verdict }): string => JSON.stringify([run.counts, run.counter, run.verdict]);

/** The worst verdict of the runs; a run in which the timeline (or the event) never acted tested nothing. */
export const rowVerdict = (runs: readonly Pick<FailoverRunFindings, 'verdict'>[]): Verdict => {
  if (runs.some((r) => r.verdict === 'NOT-TESTED')) return 'NOT-TESTED';
  if (runs.some((r) => r.verdict === 'UNSAFE')) return 'UNSAFE';
  if (runs.some((r) => r.verdict === 'UNKNOWN')) return 'UNKNOWN';
  return 'SAFE';
};

/** What a row of several runs adds to its reasons: whose reasons they are, and a disagreement on loss. */
export const runsNotes = (runs: readonly Pick<FailoverRunFindings, 'counts'>[], worstIsFirst: boolean): string[] => [
  ...(worstIsFirst ? [] : ['(reasons of the first run that was UNSAFE; counts are the first run\'s)']),
  ...(lossAgrees(runs) ? [] : [`the ${runs.length} runs disagree on loss: ${runs.map((r) => r.counts.lost).join(' / ')} lost`]),
];

/** Every run lost writes, or none did. */
export const lossAgrees = (runs: readonly Pick<FailoverRunFindings, 'counts'>[]): boolean => new Set(runs.map((r) => r.counts.lost > 0)).size <= 1;

/** One run's counts as a row keeps them (`redirects`: MOVED + ASK the run's client met). */
export const rowRunCounts = (counts: ReconcileCounts, redirects = 0): RowRunCounts => ({
  lost: counts.lost,
  duplicated: counts.duplicated,
  indeterminate: counts.indeterminate,
  failedButApplied: counts.failedButApplied,
  redirects,
  retries: counts.retries,
});

/** A workload × WAIT setting under the timeline as a reconcile row: the lab's own writer (one
 * connection, no retry: policy `none`); `counts` of the first run, `runCounts` of every run, and
 * per-write latency over every run (`latency`: the histogram the runs added to). */
export const failoverRow = (input: {
  workload: string;
  wait: WaitOption | null;
  events: readonly TopologyEvent[];
  rttMs: number;
  runs: readonly FailoverRunFindings[];
  latency?: LatencySummaryUs | null;
}): ReconcileEntry => {
  const { runs, wait } = input;
  const first = runs[0];
  if (first === undefined) throw new Error(`failover row ${input.workload} has no runs`);
  const worst = runs.find((r) => r.verdict === 'UNSAFE') ?? first;
  const consistent = runs.every((r) => fingerprint(r) === fingerprint(first));
  const node = timelineNode(input.events, first.timeline);
  const reasons = [...worst.reasons, ...runsNotes(runs, worst === first)];
  return {
    id: `${input.workload} / ${waitLabel(wait)}`,
    workload: input.workload,
    fault: timelineName(input.events),
    mode: 'sync',
    policy: 'none',
    rttMs: input.rttMs,
    connections: 1,
    runs: runs.length,
    consistent,
    counts: first.counts,
    counter: first.counter,
    prefix: null,
    faultObserved: runs.every((r) => acted(r.timeline)),
    verdict: rowVerdict(runs),
    reasons,
    examples: { lost: runs.find((r) => r.lostExamples.length > 0)?.lostExamples ?? [], duplicated: [], unexpected: [] },
    errorsByKind: {},
    timelines: runs.map((r) => faultTimeline(r.timeline)),
    ...(node === undefined ? {} : { node }),
    wait,
    acknowledgedByMinority: first.acknowledgedByMinority,
    waitSplit: first.waitSplit,
    events: timelineEvents(first.timeline),
    runCounts: runs.map((r) => rowRunCounts(r.counts)),
    ...(input.latency === undefined ? {} : { latencyUs: input.latency }),
    runLatencyUs: runs.map((r) => r.latencyUs),
  };
};
