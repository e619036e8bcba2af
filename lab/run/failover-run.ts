// One run of a topology timeline (failover-lost-writes): a writer issues tagged operations (each
// a Lua script that runs the command and appends the op's id to a log list, atomically) through
// the primary's client proxy, one per round trip, with WAIT after each when asked, into a ledger;
// the timeline partitions, promotes and heals meanwhile, and the writer moves to the new primary
// when told. After the old primary is demoted and has resynced, the log and the counter are read
// on the final primary and judged: an acknowledged op missing from the log was lost. On a
// Sentinel topology the sentinels, not the timeline, promote a replica: the run learns the new
// primary from them (sentinel-watch.ts), moves the writer, and before reading back waits until
// every node's ROLE agrees with them (the old primary is demoted up to ~10 s after the heal).

import type { Redis } from 'ioredis';
import { connectClient } from '../client/index.ts';
import { errorMessage, interruptedError, withTimeout } from '../errors/index.ts';
import { createLatencyHistogram, errorKind, isReplyError, recordUs, valueAtPercentileUs, type LatencyHistogram } from '../metrics/index.ts';
import type { ToxiproxyApi } from '../network/index.ts';
import { ACKNOWLEDGED, checkApplied, checkCounter, Ledger, scanLog, verdictFor } from '../reconcile/index.ts';
import type { StartedRuntime } from '../runtime/index.ts';
import { cutAfterBytes, tagKeys, wrapOp, type OperationPlan } from '../workload/index.ts';
import type { FailoverTimeline, ReconcileCounts, RowRunLatency, TopologyEvent, Verdict, WaitOption, WaitSplit } from '../contracts/index.ts';
import { startTimeline } from './topology-timeline.ts';
import { settleBoundMs, watchSentinels, type SentinelWatch } from './sentinel-watch.ts';

/** Writes go on this long after the timeline's last step, so the new primary takes writes too. */
const TAIL_MS = 500;
/** How long the demoted primary gets to resync before the state is read. */
const CONVERGE_MS = 15_000;
/** One control command after the run (INFO, WAIT 5000): a connection that never answers is a
 * problem to report, not a wait forever (a run was seen waiting 15 minutes after a Sentinel failover). */
const CONTROL_COMMAND_MS = 10_000;
const bounded = <T>(what: string, work: () => Promise<T>): Promise<T> =>
  withTimeout(what, CONTROL_COMMAND_MS, () => work(), (name, ms) => new Error(`${name}: no answer in ${ms / 1000} s`));
const RECONNECT_PAUSE_MS = 20;
const NO_WAIT = -1;
const WAIT_UNANSWERED = -2;

const READY_WAIT_MS = 2_000;
const LINK_WATCH_MS = 25;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Until the timeline's first step: when the primary lists fewer connected replicas than it has
// (ms after the writer started), so a link that drops on its own is not taken for the partition.
const watchLinks = (primary: Redis, replicas: number, startMs: number, stepped: () => boolean): { stop: () => Promise<number[]> } => {
  const drops: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running && !stepped()) {
      const info = await primary.info('replication').catch(() => '');
      const connected = Number(/^connected_slaves:(\d+)/m.exec(info)?.[1] ?? replicas);
      if (connected < replicas && !stepped()) drops.push(performance.now() - startMs);
      await sleep(LINK_WATCH_MS);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return drops;
    },
  };
};

export interface FailoverRunFindings {
  counts: ReconcileCounts;
  acknowledgedByMinority: number;
  waitSplit: WaitSplit | null;
  counter: { final: number; lower: number; upper: number; withinBounds: boolean } | null;
  verdict: Verdict;
  reasons: string[];
  lostExamples: number[];
  timeline: FailoverTimeline;
  /** This run's per-write latency (send to reply, WAIT included when asked; writes that got a reply). */
  latencyUs: RowRunLatency;
  problems: string[];
}

const isCounter = (plan: OperationPlan) => plan.command === 'INCR' || plan.command === 'INCRBY';

// Every node but `primary` reports master_link_status:up, so what is read is what survived.
const converge = async (topology: StartedRuntime, control: Map<string, Redis>, primary: string): Promise<string | undefined> => {
  const deadline = performance.now() + CONVERGE_MS;
  const others = topology.nodes.filter((n) => n.name !== primary);
  for (;;) {
    const states = await Promise.all(others.map(async (n) => /^master_link_status:up/m.test(await bounded(`INFO on ${n.name}`, () => (control.get(n.name) as Redis).info('replication')).catch(() => ''))));
    if (states.every(Boolean)) {
      const waited = await bounded(`WAIT on ${primary}`, () => (control.get(primary) as Redis).call('WAIT', String(others.length), '5000')).then(
        () => undefined,
        (error: unknown) => `WAIT on ${primary} after the timeline failed (${errorMessage(error)}); the state was read anyway`,
      );
      return waited;
    }
    if (performance.now() > deadline) return `replication had not converged ${CONVERGE_MS / 1000} s after the timeline (${others.filter((_, i) => !states[i]).map((n) => n.name).join(', ')} not linked); the state was read anyway`;
    await sleep(50);
  }
};

export const runFailover = async (input: {
  api: ToxiproxyApi;
  topology: StartedRuntime;
  control: Map<string, Redis>;
  plan: OperationPlan;
  wait: WaitOption | null;
  events: readonly TopologyEvent[];
  /** Every run's writes are added to it (the row's histogram); the run keeps its own percentiles. */
  latency: LatencyHistogram;
  signal?: AbortSignal;
}): Promise<FailoverRunFindings> => {
  const own = createLatencyHistogram();
  try {
    return await runFailoverTimed(input, own);
  } finally {
    own.destroy();
  }
};

const runFailoverTimed = async (input: Parameters<typeof runFailover>[0], own: LatencyHistogram): Promise<FailoverRunFindings> => {
  const { api, topology, control, plan, wait, events } = input;
  const keys = tagKeys(plan.keyOf(0));
  const ledger = new Ledger(plan.size);
  const ackedAtMs = new Float64Array(plan.size).fill(Number.NaN);
  const ackedBy = new Int16Array(plan.size).fill(-1);
  const reached = new Int16Array(plan.size).fill(NO_WAIT);
  const nodeIndex = new Map(topology.nodes.map((n, i) => [n.name, i]));
  const problems: string[] = [];
  const stop = new AbortController();
  const abortAll = () => stop.abort();
  input.signal?.addEventListener('abort', abortAll, { once: true });
  let target = topology.nodes.find((n) => n.role === 'primary')?.name ?? 'primary';
  const oldPrimary = target;
  const primaryControl = control.get(oldPrimary) as Redis;
  const replicas = topology.nodes.length - 1;
  // Replication must be up and caught up when the writer starts, or early losses mean nothing.
  await primaryControl.set('lab:ready', '1');
  const ready = Number(await primaryControl.call('WAIT', String(replicas), String(READY_WAIT_MS)));
  if (ready < replicas) problems.push(`before the writer started, WAIT ${replicas} ${READY_WAIT_MS} reached only ${ready}: replication was not caught up`);
  const sentinelOptions = topology.topology.kind === 'replicas' ? topology.topology.sentinel : undefined;
  const startMs = performance.now();
  const sentinels: SentinelWatch | undefined = sentinelOptions === undefined ? undefined : await watchSentinels(topology, startMs, (node) => (target = node));
  const timeline = startTimeline({
    api,
    topology,
    events,
    control,
    signal: stop.signal,
    hooks: {
      moveWriter: (node) => (target = node),
      problem: (text) => problems.push(text),
      // Sized on the writer's next commands, one per round trip (the validator refuses a cut in
      // replies or commands with WAIT, whose replies would cross the link too).
      cutBytes: (fault) => cutAfterBytes(fault, { plan, mode: { kind: 'sync' }, wrapping: 'tagged', tagKeys: keys, fromOp: Math.min(ledger.size, plan.size - 1) }),
    },
  });
  const watch = watchLinks(primaryControl, replicas, startMs, () => timeline.times.partitionMs !== null || timeline.times.failoverMs !== null || (timeline.times.linkFaults?.length ?? 0) > 0);
  let timelineDone = false;
  let timelineError: unknown;
  void timeline.done.then(
    () => (timelineDone = true),
    (error: unknown) => {
      timelineError = error;
      timelineDone = true;
    },
  );
  let client: Redis | undefined;
  let clientNode = '';
  let doneAtMs = Number.POSITIVE_INFINITY;
  try {
    while (!stop.signal.aborted && ledger.size < plan.size) {
      if (timelineDone && doneAtMs === Number.POSITIVE_INFINITY) doneAtMs = performance.now();
      if (performance.now() > doneAtMs + TAIL_MS) break;
      const node = target;
      if (client === undefined || clientNode !== node) {
        client?.disconnect();
        client = undefined;
        const endpoint = topology.nodes.find((n) => n.name === node)?.proxied;
        if (endpoint === undefined) break;
        client = await connectClient(endpoint, `${node} through its proxy`).catch(() => undefined);
        clientNode = node;
        if (client === undefined) {
          await sleep(RECONNECT_PAUSE_MS);
          continue;
        }
      }
      const gate = timeline.beforeCommand(ledger.size);
      if (gate !== undefined) await gate;
      if (stop.signal.aborted) break;
      const op = ledger.issue(0, 0);
      const { name, args } = wrapOp('tagged', op, plan.name, plan.argsOf(op), keys);
      const sentNs = process.hrtime.bigint();
      try {
        const reply = await client.call(name, ...args);
        ledger.ack(op, typeof reply === 'number' ? reply : Number.NaN);
        ackedAtMs[op] = performance.now() - startMs;
        ackedBy[op] = nodeIndex.get(node) ?? -1;
      } catch (error) {
        const kind = errorKind(error);
        // A refusal (READONLY, ...) or a command never written did not execute; anything else may have.
        if (isReplyError(error) || kind === 'STREAM_NOT_WRITEABLE') ledger.fail(op, kind);
        else ledger.indeterminate(op, kind);
        client.disconnect();
        client = undefined;
        await sleep(RECONNECT_PAUSE_MS);
        continue;
      }
      if (wait !== null) {
        try {
          reached[op] = Number(await client.call('WAIT', String(wait.replicas), String(wait.timeoutMs)));
        } catch {
          reached[op] = WAIT_UNANSWERED;
          client.disconnect();
          client = undefined;
        }
      }
      const tookUs = Number(process.hrtime.bigint() - sentNs) / 1e3;
      recordUs(input.latency, tookUs);
      recordUs(own, tookUs);
    }
  } finally {
    client?.disconnect();
    if (!timelineDone && !stop.signal.aborted) problems.push(`the workload's ${plan.size} commands ran out before the timeline ended: raise commands`);
    if (!timelineDone) {
      stop.abort();
      await timeline.done.catch(() => undefined);
    }
    await timeline.healAll();
    input.signal?.removeEventListener('abort', abortAll);
  }
  const drops = await watch.stop();
  // The sentinels' view, once every node agrees with it (bounded: a problem, not a wait forever).
  const settled = sentinels === undefined || sentinelOptions === undefined ? undefined : await sentinels.settle(control, settleBoundMs(sentinelOptions)).finally(() => sentinels.stop());
  if (settled?.problem !== undefined) problems.push(settled.problem);
  if (drops.length > 0) problems.push(`the primary listed fewer than ${replicas} connected replica(s) before the timeline's first step, at ${drops.map((ms) => `${ms.toFixed(0)} ms`).join(', ')} (INFO every ${LINK_WATCH_MS} ms)`);
  if (input.signal?.aborted) throw interruptedError();
  if (timelineError !== undefined) problems.push(`the timeline failed: ${errorMessage(timelineError)}`);
  const switched = sentinels?.switched ?? null;
  const times: FailoverTimeline = {
    ...timeline.times,
    endMs: performance.now() - startMs,
    ...(sentinels === undefined ? {} : { switchSeenMs: switched?.atMs ?? null, demotedMs: settled?.oldDemotedMs ?? null }),
    ...(switched === null ? {} : { switchedTo: switched.node }),
  };
  const primary = sentinels?.current() ?? timeline.primary();
  const notConverged = await converge(topology, control, primary);
  if (notConverged !== undefined) problems.push(notConverged);
  const finalPrimary = control.get(primary) as Redis;
  const log = Uint32Array.from(await bounded(`LRANGE on ${primary}`, () => finalPrimary.lrange(keys.logKey, 0, -1)), Number);
  const checked = checkApplied(ledger, { log });
  const counter = isCounter(plan) ? checkCounter(ledger, Number((await bounded(`GET on ${primary}`, () => finalPrimary.get(plan.keyOf(0)))) ?? 0), plan.incrementBy) : null;
  const { applications } = scanLog(log, ledger.size);
  const oldIndex = nodeIndex.get(oldPrimary) ?? -1;
  let acknowledgedByMinority = 0;
  let lostByMinority = 0;
  // Lost writes acknowledged outside the minority window: before the cut (not yet replicated), or by another node.
  let lostBeforeCut = 0;
  let lostElsewhere = 0;
  let lostFirstMs = Number.NaN;
  const split: WaitSplit = { replicated: { acknowledged: 0, lost: 0 }, underReplicated: { acknowledged: 0, lost: 0 } };
  for (let op = 0; op < ledger.size; op++) {
    if (ledger.state(op) !== ACKNOWLEDGED) continue;
    const lost = applications[op] === 0;
    if (ackedBy[op] === oldIndex && times.partitionMs !== null && (ackedAtMs[op] ?? 0) >= times.partitionMs && primary !== oldPrimary) {
      acknowledgedByMinority += 1;
      if (lost) lostByMinority += 1;
    } else if (lost && ackedBy[op] === oldIndex && (times.partitionMs === null || (ackedAtMs[op] ?? 0) < times.partitionMs)) {
      lostBeforeCut += 1;
      if (Number.isNaN(lostFirstMs)) lostFirstMs = ackedAtMs[op] ?? Number.NaN;
    } else if (lost) {
      lostElsewhere += 1;
    }
    if (wait !== null) {
      const side = (reached[op] ?? NO_WAIT) >= wait.replicas ? split.replicated : split.underReplicated;
      side.acknowledged += 1;
      if (lost) side.lost += 1;
    }
  }
  const linkFaults = times.linkFaults ?? [];
  const faultObserved = times.partitionMs !== null || times.failoverMs !== null || switched !== null || linkFaults.some((f) => f.startMs !== null);
  const noun = isCounter(plan) ? 'increment' : 'write';
  const judged = verdictFor({ counts: checked.counts, counter, prefix: null, tagsVisible: true, noun, faultObserved });
  const reasons = [...judged.reasons];
  if (sentinels !== undefined) {
    reasons.push(
      switched === null
        ? `the sentinels never named a new primary (${oldPrimary} stayed primary)`
        : `the sentinels promoted ${switched.node}: the switch was seen at ${switched.atMs.toFixed(0)} ms (${switched.via === 'poll' ? 'SENTINEL get-master-addr-by-name' : '+switch-master'}), ${oldPrimary} demoted at ${times.demotedMs === null ? 'never (within the bound)' : `${times.demotedMs.toFixed(0)} ms`}`,
    );
  }
  if (acknowledgedByMinority > 0) reasons.push(`${acknowledgedByMinority} ${noun}s were acknowledged by ${oldPrimary} after it was cut off (a minority primary); ${lostByMinority} of them are gone from ${primary}`);
  if (lostBeforeCut > 0) {
    reasons.push(`${lostBeforeCut} lost ${noun}s were acknowledged by ${oldPrimary} before the cut began (the first at ${lostFirstMs.toFixed(1)} ms, the cut at ${times.partitionMs?.toFixed(1) ?? 'never'} ms): never replicated to ${primary}`);
  }
  for (const event of events) {
    if (event.action.kind !== 'link-fault') continue;
    const { link, fault } = event.action;
    const f = linkFaults.find((step) => step.name === event.name);
    reasons.push(
      f?.startMs === null || f?.startMs === undefined
        ? `${event.name}: the ${fault.kind} on ${link} never started (the writer ended first)`
        : `${event.name}: ${fault.kind} on ${link} (proxy ${f.proxy}) from ${f.startMs.toFixed(0)} ms to ${f.healedMs === null ? 'never healed' : `${f.healedMs.toFixed(0)} ms`}`,
    );
  }
  if (lostElsewhere > 0) reasons.push(`${lostElsewhere} lost ${noun}s were acknowledged by ${primary} after the failover`);
  if (wait !== null) {
    reasons.push(
      `WAIT ${wait.replicas} ${wait.timeoutMs}ms: ${split.replicated.acknowledged} acknowledged with WAIT reaching ${wait.replicas} (${split.replicated.lost} lost), ` +
        `${split.underReplicated.acknowledged} acknowledged with WAIT reaching fewer, i.e. told NOT replicated (${split.underReplicated.lost} lost)`,
    );
  }
  return {
    counts: checked.counts,
    acknowledgedByMinority,
    waitSplit: wait === null ? null : split,
    counter,
    verdict: judged.verdict,
    reasons,
    lostExamples: checked.examples.lost,
    timeline: times,
    latencyUs: own.totalCount === 0 ? { p50Us: null, p99Us: null } : { p50Us: valueAtPercentileUs(own, 50), p99Us: valueAtPercentileUs(own, 99) },
    problems,
  };
};
