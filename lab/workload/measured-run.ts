// One complete measured run: reset the lab's keys, prefill what the workload reads, read INFO,
// collect the client's garbage, drive the timed span, read INFO again, verify.
//
// The timed span is drive() alone: the client's memory and GC figures are read just before and
// just after it, and during it only by the kernel and V8 themselves (client-memory.ts says how
// and what they can miss), so the lab's JS does nothing on the span's hot path but drive.
//
// Whether a run counts: every reply came back, none was an error or wrong, and the server holds
// what the operations should have left (read on a separate connection, outside the timed span).
// A dropped reply, an error or a foreign write fails the run; a failed run is never reported as
// fast.

import type { Redis } from 'ioredis';
import { dataNodes, sendAll, type ControlClient } from '../client/index.ts';
import type { Mode, ServerInfoDelta, WaitOption } from '../contracts/index.ts';
import type { Keyspace } from '../keyspace/index.ts';
import {
  collectGarbage,
  commandTimeDelta,
  infoDelta,
  INFO_SECTIONS,
  mergeInfoDeltas,
  parseCommandStats,
  parseInfo,
  respBulkBytes,
  respCommandBytes,
  startCpuMeter,
  watchClientSpan,
  type CommandStats,
  type InfoSnapshot,
  type MemoryRun,
} from '../metrics/index.ts';
import { drive, splitOps, type DriveOutcome } from './drive.ts';
import type { OperationPlan } from './plan.ts';
import { prepareReplyChecks } from './reply-checks.ts';
import { checkFinalValue, expectedFinalState, type FinalStateOptions } from './run-checks.ts';
import { settleReplicas } from './wait-after.ts';

/** Whether a measured run counts, and if not, why. */
interface Verification {
  verified: boolean;
  /** What was wrong, first problem first. */
  failure?: string;
}

export interface WorkloadRun extends Verification {
  outcome: DriveOutcome;
  /** Client GC pause time during the timed span, ms (V8's pause times; concurrent GC work is not in it). */
  clientGcMs: number;
  /** The client's start and peak RSS and heap over the timed span. */
  memory: MemoryRun;
  serverInfo: ServerInfoDelta;
  /** Client CPU over the timed span, the server's time in the workload's own command, and the
   * bytes each way (INFO net counters less the lab's INFO calls): where the time went. */
  costs: { clientCpuMs: number; serverMs: number; bytesUp: number; bytesDown: number };
  /** Calls of the workload's command the server counted over the span (INFO commandstats). */
  executed?: number;
}

interface WorkloadRunInput {
  /** One per connection, through the proxy (or direct for the baseline). */
  clients: Redis[];
  /** Straight to Redis: reset, prefill, INFO, read-back. */
  control: Redis;
  /** What the reset before the run may empty: the whole database, or only the lab's keys. */
  keyspace: Keyspace;
  mode: Mode;
  plan: OperationPlan;
  /** Called just around the timed span (the bystander runs between them, issue 27). */
  span?: SpanHooks;
  /** A primary with replicas: WAIT after each write (or batch), on the same connection. */
  wait?: WaitOption;
  /** A primary with replicas: how many replicas must hold the reset and prefill before the span
   * (`control` is the primary). */
  replicas?: number;
}

/** Work that runs beside the timed span: begun just before drive(), ended just after it. */
export interface SpanHooks {
  begin(): Promise<void>;
  end(): Promise<void>;
}

// The lab's own reads and writes around a run (prefill, read-back) go in pipelined chunks small
// enough in bytes that they do not inflate the server's client buffer gauges much
// (client_recent_max_input/output_buffer are server-wide and cover the last few seconds).
const CHUNK_BYTES = 64 * 1024;
const MAX_CHUNK = 1_000;

// Entries per pipelined chunk when each carries about `bytesPerEntry` bytes.
const chunkSize = (bytesPerEntry: number): number => Math.max(1, Math.min(MAX_CHUNK, Math.floor(CHUNK_BYTES / Math.max(1, bytesPerEntry))));

// GET and MGET read keys that must exist: write them, outside the timed span.
export const prefill = async (control: ControlClient, plan: OperationPlan): Promise<void> => {
  const chunk = chunkSize(plan.valueSize.maxBytes);
  let queued: string[][] = [];
  for (const { key, value } of plan.prefill.entries()) {
    queued.push(['set', key, value]);
    if (queued.length === chunk) {
      await sendAll(control, queued);
      queued = [];
    }
  }
  if (queued.length > 0) await sendAll(control, queued);
  const { script } = plan.workload;
  // EVALSHA finds its script on the node that runs it: every node that holds keys.
  if (plan.sha !== undefined && script !== undefined) for (const node of dataNodes(control)) await node.script('LOAD', script);
};

const INFO_ARGS = [...INFO_SECTIONS, 'commandstats'];

// INFO with the sections the lab reads, and the bytes its reply put on the wire.
/** One INFO reading: the sections the lab reads, commandstats, and its reply's bytes on the wire. */
export interface InfoReading {
  info: InfoSnapshot;
  commands: CommandStats;
  replyBytes: number;
}

const readNodeInfo = async (node: Redis): Promise<InfoReading> => {
  const text = String(await node.call('INFO', INFO_ARGS));
  return { info: parseInfo(text), commands: parseCommandStats(text), replyBytes: respBulkBytes(text) };
};

/** INFO on every node that holds the lab's keys (one, or a cluster's primaries), in dataNodes order. */
export const readInfo = (control: ControlClient): Promise<InfoReading[]> => Promise.all(dataNodes(control).map(readNodeInfo));

// The net counters between two INFO calls hold one of the lab's own INFO requests (the second,
// read before it runs) and one reply (the first, written after it ran): take them out.
const runBytes = (delta: ServerInfoDelta, firstReplyBytes: number) => ({
  bytesUp: Math.max(0, delta.netInputBytes - respCommandBytes(['INFO', ...INFO_ARGS])),
  bytesDown: Math.max(0, delta.netOutputBytes - firstReplyBytes),
});

/** After a timed span: the server's INFO deltas (the lab's own INFO bytes taken out), and what
 * the span cost besides its wall time: client CPU, the server's time in `commands`, bytes each way.
 * On a cluster each primary's deltas are added up (counters summed, gauges the highest), and the
 * output bytes of the primary that wrote the most are kept beside them. */
export const spanCosts = async (control: ControlClient, before: readonly InfoReading[], commands: readonly string[], clientCpuMs: number) => {
  const after = await readInfo(control);
  const deltas: ServerInfoDelta[] = [];
  let serverUs = 0;
  let calls = 0;
  for (const [i, reading] of after.entries()) {
    const first = before[i] ?? reading;
    const delta = infoDelta(first.info, reading.info);
    const bytes = runBytes(delta, first.replyBytes);
    deltas.push({ ...delta, netInputBytes: bytes.bytesUp, netOutputBytes: bytes.bytesDown });
    const time = commandTimeDelta(first.commands, reading.commands, [...commands]);
    serverUs += time.serverUs;
    calls += time.calls;
  }
  const merged = mergeInfoDeltas(deltas) as ServerInfoDelta;
  const serverInfo = deltas.length > 1 ? { ...merged, busiestNodeNetOutputBytes: Math.max(...deltas.map((d) => d.netOutputBytes)) } : merged;
  return { serverInfo, costs: { clientCpuMs, serverMs: serverUs / 1000, bytesUp: serverInfo.netInputBytes, bytesDown: serverInfo.netOutputBytes }, calls };
};

// The connection each operation went out on (contiguous shares, see splitOps).
const connectionOfFor = (plan: OperationPlan, connections: number): ((op: number) => number) => {
  const ends = splitOps(plan.size, connections).map((r) => r.end);
  return (op) => ends.findIndex((end) => op < end);
};

// Reads the expected keys (or a sample) back in pipelined chunks and compares.
const checkFinalState = (control: ControlClient, plan: OperationPlan, connections: number): Promise<string | undefined> =>
  checkFinalStateWith(control, plan, connections > 1 ? { connectionOf: connectionOfFor(plan, connections) } : {});

/** Reads what the plan's operations should have left and compares; `connectionOf` maps each
 * operation to the caller that issued it in order (writes of different callers may interleave). */
export const checkFinalStateWith = async (control: ControlClient, plan: OperationPlan, options: FinalStateOptions): Promise<string | undefined> => {
  const expected = expectedFinalState(plan, options);
  const size = chunkSize(plan.valueSize.maxBytes);
  for (let start = 0; start < expected.entries.length; start += size) {
    const chunk = expected.entries.slice(start, start + size);
    const results = await sendAll(control, chunk.map((entry) => (entry.field === undefined ? ['get', entry.key] : ['hget', entry.key, entry.field])));
    for (const [j, entry] of chunk.entries()) {
      const [error, value] = results[j] ?? [new Error('no reply'), null];
      const wrong = error ? `reading ${entry.key} failed: ${error.message}` : checkFinalValue(entry, value);
      if (wrong !== undefined) return `after the run, ${wrong}${expected.sampled ? ` (checked a sample of ${expected.entries.length} of ${expected.keys} keys)` : ''}`;
    }
  }
  return undefined;
};

const verifyRun = async (control: ControlClient, plan: OperationPlan, connections: number, outcome: DriveOutcome): Promise<Verification> => {
  if (outcome.aborted) return { verified: false, failure: `run aborted at ${outcome.aborted}` };
  const errors = Object.entries(outcome.errorsByKind);
  if (errors.length > 0) {
    const total = errors.reduce((sum, [, n]) => sum + n, 0);
    return { verified: false, failure: `${total} reply error(s) (${errors.map(([k, n]) => `${k}×${n}`).join(', ')}): ${outcome.firstError ?? ''}` };
  }
  if (outcome.wrongReplies > 0) {
    const noun = outcome.wrongReplies === 1 ? 'reply' : 'replies';
    return { verified: false, failure: `${outcome.wrongReplies} wrong ${noun}, first: ${outcome.firstWrongReply ?? '?'}` };
  }
  // Checked per key as the replies came (in order when one caller issued everything in order).
  const wrong = outcome.replyCheck?.result();
  if (wrong !== undefined) return { verified: false, failure: wrong };
  const wrongState = await checkFinalState(control, plan, connections);
  return wrongState === undefined ? { verified: true } : { verified: false, failure: wrongState };
};

export const runWorkload = async ({ clients, control, keyspace, mode, plan, span, wait, replicas }: WorkloadRunInput): Promise<WorkloadRun> => {
  await keyspace.reset(control); // every run starts with none of the lab's keys (see lab/keyspace)
  await prefill(control, plan);
  if (replicas !== undefined && replicas > 0) await settleReplicas(control, replicas);
  prepareReplyChecks(plan);
  const before = await readInfo(control);
  collectGarbage('young'); // an empty nursery: the span's heap figures start from its own allocation
  await span?.begin();
  const client = watchClientSpan();
  const cpu = startCpuMeter();
  // A drive that throws still ends what runs beside it (the bystander's timer, its child's loop).
  const outcome = await drive({ clients, mode, plan, ...(wait === undefined ? {} : { wait }) }).catch(async (error: unknown) => {
    client.stop(); // ends V8's GC recording
    await span?.end().catch(() => undefined);
    throw error;
  });
  const clientCpuMs = cpu.stop();
  const { memory, gcMs: clientGcMs } = client.stop();
  await span?.end();
  const { serverInfo, costs, calls } = await spanCosts(control, before, [plan.name], clientCpuMs);
  const verification = await verifyRun(control, plan, clients.length, outcome);
  return { outcome, clientGcMs, memory, serverInfo, costs, executed: calls, ...verification };
};
