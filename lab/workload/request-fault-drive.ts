// The driver of a request workload under a fault: each request's steps go through the retry
// policy's clients (perform, or performBatch for a request sent whole as pipeline:all or
// multi:all), closed-loop (one request after another per caller) or on an open-loop schedule.
// The request's one write (a counter increment) goes into the ledger as an operation, numbered
// in the order the writes were issued, so the fault path's checkers reconcile it; its reads are
// counted (ok or failed), never reconciled. A step that fails ends its request (as the measured
// driver does), and the request counts as failed with that error's kind.
//
// `after: N` counts requests: the fault starts just before request N is issued (0-based), with
// whatever is in flight left in flight (unlike a command workload, whose workers park first).
//
// A window batcher (`batch: {window, size}`, open loop only) gathers arriving requests as on the
// measured path (batch-window.ts); a departing batch is one policy batch (performBatch) of every
// command of its requests, on the shared client (the first connection) or a pool's free one. A
// request's send is its batch's departure, so its latency from the intended start includes the
// wait to fill; each request completes or fails on its own commands' replies.

import { setMaxListeners } from 'node:events';
import type { Mode, Policy, PolicyOperation, PolicyReply } from '../contracts/index.ts';
import { errorKind } from '../metrics/index.ts';
import type { Ledger } from '../reconcile/index.ts';
import type { OperationPlan } from './plan.ts';
import { stepsOf, type RequestPlan } from './request-plan.ts';
import { connectionPool } from './connection-pool.ts';
import { sleepMs } from './abortable-sleep.ts';
import { nowUs } from './drive.ts';
import { performGroup, policyOp, settle, untilAborted, type OpWrapping } from './fault-drive.ts';
import { BatchWindow, type BatchRecord, type WindowEntry } from './batch-window.ts';

/** Per request: when it was meant to start, started, got its connection and ended (ms after t0; NaN: never). */
export interface RequestTimes {
  intendedMs: Float64Array;
  startMs: Float64Array;
  sendMs: Float64Array;
  endMs: Float64Array;
  /** 0 not started, 1 completed, 2 failed, 3 started but unfinished at the deadline. */
  status: Uint8Array;
  /** A failed request: its first error's kind. */
  errorKindOf: Map<number, string>;
}

export const REQUEST_STATUS = { notStarted: 0, completed: 1, failed: 2, unfinished: 3 } as const;

export interface RequestFaultDriveInput {
  policy: Policy;
  clients: readonly unknown[];
  /** `pool`: a request takes a client for itself (waiting for a free one); `shared`: request r uses client r mod N. */
  pool: boolean;
  mode: Mode;
  plan: RequestPlan;
  /** The write of the request (the plan of its one reconciled command). */
  write: OperationPlan;
  ledger: Ledger;
  wrapping: OpWrapping;
  tagKeys: { logKey: string; doneKey: string };
  /** Open-loop: each request's intended start, µs after t0; absent: closed-loop. */
  offsetsUs?: Float64Array;
  /** Open-loop: a window batcher the requests gather in (W ms or B commands); absent: each request on arrival. */
  window?: { windowMs: number; size: number };
  trigger?: { beforeRequest: number; run: () => Promise<void> };
  signal: AbortSignal;
  /** performance.now() of the run's start: every time in RequestTimes is after it. */
  t0Ms: number;
}

export interface RequestFaultDriveEnd {
  times: RequestTimes;
  reads: { ok: number; failed: number };
  /** Writes whose perform had not settled at the deadline. */
  unsettled: number;
  /** What the window batcher did; null without one. */
  batching: BatchRecord | null;
}

export const driveRequestsWithLedger = async (input: RequestFaultDriveInput): Promise<RequestFaultDriveEnd> => {
  const { plan, ledger, signal, clients, policy, mode } = input;
  const n = plan.requests;
  const nowMs = () => performance.now() - input.t0Ms;
  const times: RequestTimes = {
    intendedMs: new Float64Array(n).fill(Number.NaN),
    startMs: new Float64Array(n).fill(Number.NaN),
    sendMs: new Float64Array(n).fill(Number.NaN),
    endMs: new Float64Array(n).fill(Number.NaN),
    status: new Uint8Array(n),
    errorKindOf: new Map(),
  };
  const reads = { ok: 0, failed: 0 };
  const pool = input.pool ? connectionPool([...clients.keys()]) : undefined;
  const whole = mode.kind === 'pipeline' || mode.kind === 'multi';
  setMaxListeners(n + clients.length + 10, signal);

  // One command of request r as a policy operation: the write gets its ledger op, reads an id of their own.
  const opFor = (command: OperationPlan, r: number, connection: number, writes: number[]): PolicyOperation => {
    if (command === input.write) {
      const op = ledger.issue(r, connection);
      writes.push(op);
      return policyOp({ ...input, plan: command }, op);
    }
    const ordinal = plan.ordinalOf[r] ?? 0;
    return { id: `r${r}:${command.name}`, command: command.name, args: command.argsOf(ordinal), retrying: () => undefined };
  };

  // Sends the commands of one or more requests as one group; per request, the first failure's
  // kind (undefined when all of its commands succeeded), or null when the run was aborted first.
  const sendGroup = async (parts: readonly { r: number; commands: readonly OperationPlan[] }[], connection: number): Promise<(string | undefined)[] | null> => {
    const writes: number[] = [];
    const ops = parts.flatMap(({ r, commands }) => commands.map((command) => opFor(command, r, connection, writes)));
    const replies = await untilAborted(performGroup(policy, mode, clients[connection], ops), signal);
    if (replies === null) return null;
    let at = 0;
    return parts.map(({ commands }) => {
      let failure: string | undefined;
      for (const command of commands) {
        const reply: PolicyReply = replies[at++] ?? { ok: false, error: new Error('the policy returned no reply for this command') };
        if (command === input.write) settle(ledger, writes.shift() as number, reply);
        else if (reply.ok) reads.ok += 1;
        else reads.failed += 1;
        if (!reply.ok) failure ??= errorKind(reply.error);
      }
      return failure;
    });
  };

  const end = (r: number, failure: string | undefined): void => {
    if (failure !== undefined) {
      times.status[r] = REQUEST_STATUS.failed;
      times.errorKindOf.set(r, failure);
    } else times.status[r] = REQUEST_STATUS.completed;
    times.endMs[r] = nowMs();
  };

  // Request r on a client; null: aborted before it ended.
  const request = async (r: number, fixed?: number): Promise<void> => {
    times.startMs[r] = nowMs();
    times.status[r] = REQUEST_STATUS.unfinished;
    const connection = fixed ?? (pool === undefined ? r % clients.length : await pool.acquire());
    try {
      times.sendMs[r] = nowMs();
      const steps = stepsOf(plan, r);
      const groups = whole ? [steps.flat()] : steps;
      for (const group of groups) {
        const outcome = await sendGroup([{ r, commands: group }], connection);
        if (outcome === null) return;
        if (outcome[0] !== undefined) return end(r, outcome[0]);
      }
      end(r, undefined);
    } finally {
      if (pool !== undefined && fixed === undefined) pool.release(connection);
    }
  };

  // Window batching: request r joins the open batch (its start: its arrival); a departing batch
  // is sent whole on one connection, its departure each request's send.
  const join = (window: BatchWindow<WindowEntry>, r: number, intendedMs: number): void => {
    times.startMs[r] = nowMs();
    times.status[r] = REQUEST_STATUS.unfinished;
    const commands = stepsOf(plan, r).flat().length;
    window.join({ r, intendedUs: (input.t0Ms + intendedMs) * 1000, joinedUs: nowUs(), commands });
  };
  const sendBatch = async (entries: readonly WindowEntry[]): Promise<void> => {
    const connection = pool === undefined ? 0 : await pool.acquire();
    try {
      const sentMs = nowMs();
      for (const { r } of entries) times.sendMs[r] = sentMs;
      const parts = entries.map(({ r }) => ({ r, commands: stepsOf(plan, r).flat() }));
      const outcome = await sendGroup(parts, connection);
      if (outcome !== null) entries.forEach(({ r }, i) => end(r, outcome[i]));
    } finally {
      if (pool !== undefined) pool.release(connection);
    }
  };

  const triggerBefore = async (r: number) => {
    if (input.trigger !== undefined && r === input.trigger.beforeRequest && !signal.aborted) await input.trigger.run();
  };

  if (input.offsetsUs === undefined) {
    // Closed loop: one caller per client (C per client under auto:C), each taking the next request.
    const callers = mode.kind === 'auto' ? mode.callers : 1;
    let next = 0;
    const caller = async (connection: number) => {
      while (!signal.aborted && next < n) {
        const r = next++;
        await triggerBefore(r);
        times.intendedMs[r] = nowMs();
        await request(r, connection);
      }
    };
    await Promise.all(Array.from({ length: clients.length * callers }, (_, w) => caller(Math.floor(w / callers))));
  } else {
    const offsets = input.offsetsUs;
    const inFlight: Promise<void>[] = [];
    const window = input.window === undefined ? undefined : new BatchWindow<WindowEntry>(n, input.window, (entries) => inFlight.push(sendBatch(entries)));
    for (let r = 0; r < n && !signal.aborted; r++) {
      const intendedMs = (offsets[r] ?? 0) / 1000;
      await sleepMs(intendedMs - nowMs(), signal);
      if (signal.aborted) break;
      await triggerBefore(r);
      times.intendedMs[r] = intendedMs;
      if (window === undefined) inFlight.push(request(r));
      else join(window, r, intendedMs);
    }
    // The last batch leaves on its timer; an abort drops it unsent (its requests stay unfinished).
    while (window?.gathering === true && !signal.aborted) await sleepMs(1, signal);
    window?.close();
    await untilAborted(Promise.all(inFlight), signal);
    return { times, reads, unsettled: signal.aborted ? ledger.counts().sent : 0, batching: window?.record ?? null };
  }
  return { times, reads, unsettled: signal.aborted ? ledger.counts().sent : 0, batching: null };
};
