// One measured run of a request workload: reset, prefill what its commands read, drive the
// requests (closed-loop, or on an open-loop schedule), verify every command's replies and the
// final state of every command's keys, and hand back per-command waits (as a command run does,
// so the per-command histogram is unchanged) with the per-request latencies beside them.

import type { ControlClient, RequestClient } from '../client/index.ts';
import type { ConfigCell, ScheduleHealth } from '../contracts/index.ts';
import type { Keyspace } from '../keyspace/index.ts';
import { collectGarbage, startCpuMeter, watchClientSpan } from '../metrics/index.ts';
import { newDriveOutcome, nowUs, Recorder, type DriveOutcome } from './drive.ts';
import { checkFinalStateWith, prefill, readInfo, spanCosts, type SpanHooks, type WorkloadRun } from './measured-run.ts';
import { driveOpenLoop } from './open-loop.ts';
import type { BatchRecord } from './window-batcher.ts';
import type { OperationPlan } from './plan.ts';
import { prepareReplyChecks } from './reply-checks.ts';
import { buildRequestPlan, type RequestPlan } from './request-plan.ts';
import { driveRequestsClosed, type RequestRecorders } from './requests.ts';

export interface RequestRun extends WorkloadRun {
  /** Per request, µs: closed-loop from its start, open-loop from its intended start (NaN: unfinished). */
  requestUs: Float64Array;
  /** Open-loop only: per request, µs from its actual send. */
  serviceUs: Float64Array | null;
  schedule: ScheduleHealth | null;
  /** Open-loop only: per request, its intended start (µs after t0) and whether it started late. */
  offsetsUs: Float64Array | null;
  lateStart: Uint8Array | null;
  /** Open-loop with a window batcher: what it did (waits to fill, flushes, batch sizes). */
  batching: BatchRecord | null;
}

export { buildRequestPlan, type RequestPlan };

// One command's outcome against its plan; the first problem, or undefined.
const verifyPlan = async (control: ControlClient, plan: OperationPlan, o: DriveOutcome, ordered: boolean): Promise<string | undefined> => {
  const where = `${plan.name} ${plan.workload.key}`;
  if (o.aborted) return `run aborted at ${o.aborted}`;
  const errors = Object.entries(o.errorsByKind).reduce((sum, [, count]) => sum + count, 0);
  if (errors > 0) return `${where}: ${errors} reply error(s): ${o.firstError ?? ''}`;
  if (o.wrongReplies > 0) return `${where}: ${o.wrongReplies} wrong replies, first: ${o.firstWrongReply ?? '?'}`;
  const wrong = o.replyCheck?.result();
  if (wrong !== undefined) return `${where}: ${wrong}`;
  // Unordered: any caller's write may be the last one to a key.
  return checkFinalStateWith(control, plan, ordered ? {} : { connectionOf: (op) => op });
};

// Every command's waits and errors as one outcome, for the per-command histogram and error counts.
const mergeOutcomes = (outcomes: DriveOutcome[], totalMs: number): DriveOutcome => {
  const waits = outcomes.reduce((sum, o) => sum + o.waits, 0);
  // `replied` over every command: what the client was told, reconciled against the server's count
  // when the server closes the client (server-settings.ts).
  const merged: DriveOutcome = { ...newDriveOutcome(waits), totalMs, waits };
  let at = 0;
  for (const o of outcomes) {
    merged.waitUs.set(o.waitUs.subarray(0, o.waits), at);
    merged.waitSize.set(o.waitSize.subarray(0, o.waits), at);
    at += o.waits;
    merged.wrongReplies += o.wrongReplies;
    merged.replied = (merged.replied ?? 0) + (o.replied ?? 0);
    for (const [kind, count] of Object.entries(o.errorsByKind)) merged.errorsByKind[kind] = (merged.errorsByKind[kind] ?? 0) + count;
    merged.firstError ??= o.firstError;
    merged.firstWrongReply ??= o.firstWrongReply;
    merged.aborted ??= o.aborted;
  }
  return merged;
};

interface RequestRunInput {
  clients: RequestClient[];
  /** Straight to the data: one node, or a Cluster client straight to every primary. */
  control: ControlClient;
  keyspace: Keyspace;
  cell: ConfigCell;
  plan: RequestPlan;
  seed: number;
  /** Called just around the timed span (replication lag sampling on a topology). */
  span?: SpanHooks;
}

export const runRequests = async ({ clients, control, keyspace, cell, plan, seed, span }: RequestRunInput): Promise<RequestRun> => {
  await keyspace.reset(control);
  for (const p of plan.plans) {
    await prefill(control, p);
    prepareReplyChecks(p);
  }
  // One caller issuing every request in order fixes each key's sequence; anything else does not.
  const ordered = cell.arrival === undefined && clients.length === 1 && cell.mode.kind !== 'auto';
  const recorders: RequestRecorders = { of: new Map(plan.plans.map((p) => [p, new Recorder(p, p.size, ordered)])) };
  const before = await readInfo(control);
  collectGarbage('young'); // as runWorkload: an empty nursery, optimized code kept
  await span?.begin();
  const client = watchClientSpan();
  const cpu = startCpuMeter();
  const startUs = nowUs();
  let requestUs: Float64Array;
  let serviceUs: Float64Array | null = null;
  let schedule: ScheduleHealth | null = null;
  let offsetsUs: Float64Array | null = null;
  let lateStart: Uint8Array | null = null;
  let batching: BatchRecord | null = null;
  let totalMs: number;
  try {
    if (cell.arrival === undefined) {
      requestUs = new Float64Array(plan.requests).fill(Number.NaN);
      await driveRequestsClosed(clients, cell.mode, plan, recorders, requestUs);
      totalMs = (nowUs() - startUs) / 1000;
    } else {
      const open = await driveOpenLoop({ clients, mode: cell.mode, plan, recorders, arrival: cell.arrival, seed });
      ({ requestUs, serviceUs, schedule, totalMs, offsetsUs, lateStart, batching } = open);
      // Requests still in flight at the deadline: drop their connections so nothing lingers.
      if (open.schedule.unfinished > 0) for (const client of clients) client.disconnect();
    }
  } catch (error) {
    client.stop(); // ends V8's GC recording
    await span?.end().catch(() => undefined);
    throw error;
  }
  await span?.end();
  const clientCpuMs = cpu.stop();
  const { memory: memoryRun, gcMs: clientGcMs } = client.stop();
  const { serverInfo, costs, calls } = await spanCosts(control, before, [...new Set(plan.plans.map((p) => p.name))], clientCpuMs);
  const outcomes = plan.plans.map((p) => (recorders.of.get(p) as Recorder).outcome);
  const outcome = mergeOutcomes(outcomes, totalMs);
  let failure: string | undefined = schedule !== null && schedule.unfinished > 0 ? `${schedule.unfinished} of ${schedule.scheduled} requests unfinished at the deadline` : undefined;
  for (const [i, p] of plan.plans.entries()) {
    if (failure !== undefined) break;
    failure = await verifyPlan(control, p, outcomes[i] as DriveOutcome, ordered);
  }
  return { outcome, clientGcMs, memory: memoryRun, serverInfo, costs, executed: calls, verified: failure === undefined, ...(failure === undefined ? {} : { failure }), requestUs, serviceUs, schedule, offsetsUs, lateStart, batching };
};
