// The drivers: one timed run of a plan's operations over one or more connections, and what it
// records. The timed span runs from preparing the first command to receiving the last reply on
// every connection; resetting state, prefilling, reading INFO and checking the final state
// happen outside it (measured-run.ts).
//
// Modes: `sync` is a plain awaited loop, one command and one reply per round trip. `pipeline: B`
// and `multi: B` send B commands per batch (an ioredis Pipeline, or MULTI ... EXEC, one write)
// and await all replies before the next batch; each command's latency is its batch's time,
// which is what the caller waited. `auto: C` is ioredis auto-pipelining (the client must be
// created with enableAutoPipelining): C callers each await their own commands one at a time,
// and ioredis batches whatever they issued in the same event-loop turn into one pipeline.

import type { ChainableCommander, Redis } from 'ioredis';
import type { RequestClient } from '../client/index.ts';
import { batchSize, type Mode, type WaitOption } from '../contracts/index.ts';
import { errorMessage } from '../errors/index.ts';
import { errorKind, isReplyError } from '../metrics/index.ts';
import type { OperationPlan } from './plan.ts';
import { checkReply } from './reply-checks.ts';
import { runReplyCheck, type RunReplyCheck } from './run-checks.ts';
import { newWaitTally, waitAfter, type WaitAfter, type WaitTally } from './wait-after.ts';

interface DriveInput {
  /** One client per connection; for `auto` each must have enableAutoPipelining. */
  clients: Redis[];
  mode: Mode;
  plan: OperationPlan;
  /** WAIT after each write (sync, auto) or each batch (pipeline, multi), on the same connection. */
  wait?: WaitOption;
}

export interface DriveOutcome {
  /** Wall time of the timed span: preparing the first command to the last reply, ms. */
  totalMs: number;
  /** Per wait: how long the caller waited, µs, and how many commands it answered. */
  waitUs: Float64Array;
  waitSize: Uint32Array;
  /** Waits recorded (connections fill their own slices, so this is a count, not an index). */
  waits: number;
  /** INCR, INCRBY and HSET: their replies, checked per key as they came (their per-key sequence
   * is what is fixed; nothing per operation is kept); its result() after the run. Else null. */
  replyCheck: RunReplyCheck | null;
  /** Replies that came back but were wrong, and the first such, described. */
  wrongReplies: number;
  firstWrongReply?: string;
  /** Reply and connection errors by kind (WRONGTYPE, ABORTED, ...). */
  errorsByKind: Record<string, number>;
  firstError?: string;
  /** The connection-level error that ended a connection's loop early, if any. */
  aborted?: string;
  /** Replies that came back (not errors), right or wrong: what the client was told. */
  replied?: number;
  /** With `wait`: every WAIT sent (wait-after.ts); each command's or batch's wait above includes its WAIT. */
  waitAfter?: WaitTally;
}

/** An empty outcome with room for `waitsCapacity` waits (each wait's size 0 until recorded). */
export const newDriveOutcome = (waitsCapacity: number, replyCheck: RunReplyCheck | null = null): DriveOutcome => ({
  totalMs: 0,
  waitUs: new Float64Array(waitsCapacity),
  waitSize: new Uint32Array(waitsCapacity),
  waits: 0,
  replyCheck,
  wrongReplies: 0,
  errorsByKind: {},
  replied: 0,
});

/** Which operations one connection issues: first (inclusive) and end (exclusive) of its share. */
interface OpRange {
  start: number;
  end: number;
}

/** Monotonic clock in µs: a double, so reading it allocates nothing (hrtime.bigint allocates a
 * BigInt per read, which a sync loop pays twice per command). Sub-µs resolution in Node. */
export const nowUs = (): number => performance.now() * 1_000;

/** Splits N operations over C connections in contiguous shares (the first N % C get one more). */
export const splitOps = (commands: number, connections: number): OpRange[] => {
  const ranges: OpRange[] = [];
  let start = 0;
  for (let c = 0; c < connections; c++) {
    const size = Math.floor(commands / connections) + (c < commands % connections ? 1 : 0);
    ranges.push({ start, end: start + size });
    start += size;
  }
  return ranges;
};

// What one timed run records, in preallocated arrays: per wait (a command for sync and auto, a
// batch for pipeline and multi) how long the caller waited, plus what came back. Checking a
// reply is a comparison, so it stays inside the timed span.
export class Recorder {
  readonly outcome: DriveOutcome;

  /** `ordered`: one caller issues the plan's operations in index order (one connection, not auto),
   * so each INCR / HSET reply is fixed exactly. */
  constructor(
    private readonly plan: OperationPlan,
    waitsCapacity: number,
    ordered: boolean,
  ) {
    this.outcome = newDriveOutcome(waitsCapacity, runReplyCheck(plan, { ordered }));
  }

  /** One wait of `size` commands that took `us`. */
  wait(us: number, size: number): void {
    const o = this.outcome;
    o.waitUs[o.waits] = us;
    o.waitSize[o.waits] = size;
    o.waits++;
  }

  /** The reply (or error) of operation `op`. */
  reply(op: number, error: unknown, value: unknown): void {
    const o = this.outcome;
    if (error) {
      this.error(error);
      o.replyCheck?.add(op, Number.NaN);
      return;
    }
    o.replied = (o.replied ?? 0) + 1;
    if (o.replyCheck !== null) {
      o.replyCheck.add(op, typeof value === 'number' ? value : Number.NaN);
      return;
    }
    const wrong = checkReply(this.plan, op, value);
    if (wrong !== undefined) {
      o.wrongReplies++;
      o.firstWrongReply ??= `operation ${op + 1} (key ${this.plan.keyOf(op)}): ${wrong}`;
    }
  }

  /** Operation `op`, sent alone at `sentUs`, was answered with `value`. */
  answered(op: number, sentUs: number, value: unknown): void {
    this.wait(nowUs() - sentUs, 1);
    this.reply(op, null, value);
  }

  /** Operation `op`, sent alone at `sentUs`, threw. A reply error (Redis answered -ERR) is its
   * answer: counted, and the caller goes on (true). A connection error ends the caller's loop
   * (false) and is recorded as the run's abort, `where` naming what was cut short. */
  threw(op: number, sentUs: number, error: unknown, where: string): boolean {
    if (!isReplyError(error)) {
      this.abort(where, error);
      return false;
    }
    this.wait(nowUs() - sentUs, 1);
    this.reply(op, error, null);
    return true;
  }

  error(error: unknown): void {
    const kind = errorKind(error);
    const o = this.outcome;
    o.errorsByKind[kind] = (o.errorsByKind[kind] ?? 0) + 1;
    o.firstError ??= errorMessage(error);
  }

  /** A connection's loop ended early; `where` says at which command or batch. */
  abort(where: string, error: unknown): void {
    this.error(error);
    this.outcome.aborted ??= `${where}: ${errorMessage(error)}`;
  }
}

// Arguments reach ioredis spread (or through `apply`), never as one array: ioredis flattens an
// array argument (`args.flat()`) on every command. `npm run bench:instructions`, pipeline:256
// through `call`: 3.7 % more main-thread instructions per command than a bare
// `pipeline.incr(key)` loop with the array, 2.3-2.5 % spread.

/** One awaited command, recorded (see Recorder.threw for what ends the caller's loop: false). */
export const callOne = async (client: RequestClient, plan: OperationPlan, op: number, rec: Recorder, where: string): Promise<boolean> => {
  const sentUs = nowUs();
  try {
    const value = await client.call(plan.name, ...plan.argsOf(op));
    rec.answered(op, sentUs, value);
    return true;
  } catch (error) {
    return rec.threw(op, sentUs, error, where);
  }
};

// Operations first, first + step, ... below end, one awaited command at a time: all of sync
// (step 1) and one caller of auto (step C). The loop awaits ioredis directly: going through
// callOne, an async function per command, made sync 1.5-3 % slower than a bare loop (A/B on
// one core, 2026-12-02: 1.047 against 1.018 inlined).
const driveAwaited = async (client: Redis, plan: OperationPlan, first: number, end: number, step: number, rec: Recorder): Promise<void> => {
  for (let op = first; op < end; op += step) {
    const sentUs = nowUs();
    try {
      const value = await client.call(plan.name, ...plan.argsOf(op));
      rec.answered(op, sentUs, value);
    } catch (error) {
      if (!rec.threw(op, sentUs, error, `command ${op + 1}`)) return;
    }
  }
};

// driveAwaited with a WAIT after each command, inside the command's timed wait (kept apart so
// that the plain loop stays as it is).
const driveWaited = async (client: Redis, plan: OperationPlan, first: number, end: number, step: number, rec: Recorder, after: WaitAfter): Promise<void> => {
  for (let op = first; op < end; op += step) {
    const sentUs = nowUs();
    let value: unknown;
    try {
      value = await client.call(plan.name, ...plan.argsOf(op));
    } catch (error) {
      if (!rec.threw(op, sentUs, error, `command ${op + 1}`)) return;
      continue;
    }
    try {
      await after(client);
    } catch (error) {
      rec.abort(`WAIT after command ${op + 1}`, error);
      return;
    }
    rec.answered(op, sentUs, value);
  }
};

// ioredis's builtin-command function for the plan's command (createBuiltinCommand: the function
// ioredis generates for `pipeline.incr`, for any name and without a method name), made once per
// connection. `queue.call(name, ...)` shifts the name off its arguments on every command:
// pipeline:256 ran 1.018-1.023 of a bare `pipeline.incr(key)` loop through `call`, 0.998-1.012
// through this (two A/B runs on one core, 2026-12-02). Only for pipelines: ioredis never
// auto-pipelines a function without a method name.
type QueueCommand = (this: ChainableCommander, ...args: string[]) => unknown;

const queueCommandOf = (client: Redis, plan: OperationPlan): QueueCommand => client.createBuiltinCommand(plan.name).string as QueueCommand;

const driveBatches = async (
  client: Redis,
  plan: OperationPlan,
  range: OpRange,
  batch: number,
  transactional: boolean,
  rec: Recorder,
  after: WaitAfter | undefined,
): Promise<void> => {
  const send = queueCommandOf(client, plan);
  let batchIndex = 0;
  for (let offset = range.start; offset < range.end; offset += batch, batchIndex++) {
    const t0 = nowUs();
    const size = Math.min(batch, range.end - offset);
    try {
      const queue = transactional ? client.multi() : client.pipeline();
      for (let j = 0; j < size; j++) send.apply(queue, plan.argsOf(offset + j));
      const results = await queue.exec();
      if (after !== undefined) await after(client);
      rec.wait(nowUs() - t0, size);
      if (results === null) throw new Error('EXEC returned nil: the transaction was aborted');
      for (let j = 0; j < size; j++) {
        const [error, value] = results[j] ?? [new Error('no reply'), null];
        rec.reply(offset + j, error, value);
      }
    } catch (error) {
      // A rejected exec means the connection failed (or EXECABORT): no reply is trustworthy.
      rec.abort(`batch ${batchIndex + 1} (commands ${offset + 1}-${offset + size})`, error);
      return;
    }
  }
};

// Caller k issues operations start+k, start+k+C, ...: interleaved, so the work stays in order overall.
const driveAuto = async (client: Redis, plan: OperationPlan, range: OpRange, callers: number, rec: Recorder, after: WaitAfter | undefined): Promise<void> => {
  const count = Math.min(callers, range.end - range.start);
  await Promise.all(
    Array.from({ length: count }, (_, k) =>
      after === undefined ? driveAwaited(client, plan, range.start + k, range.end, callers, rec) : driveWaited(client, plan, range.start + k, range.end, callers, rec, after),
    ),
  );
};

// Waits one connection records for its share: one per command, or one per batch.
const waitsOf = (mode: Mode, range: OpRange): number => {
  const size = range.end - range.start;
  if (mode.kind === 'pipeline' || mode.kind === 'multi') return Math.ceil(size / batchSize(mode, size));
  return size;
};

const driveConnection = (client: Redis, input: DriveInput, range: OpRange, rec: Recorder, after: WaitAfter | undefined): Promise<void> => {
  const { mode, plan } = input;
  switch (mode.kind) {
    case 'sync':
      return after === undefined ? driveAwaited(client, plan, range.start, range.end, 1, rec) : driveWaited(client, plan, range.start, range.end, 1, rec, after);
    case 'pipeline':
    case 'multi':
      return driveBatches(client, plan, range, batchSize(mode, plan.size), mode.kind === 'multi', rec, after);
    case 'auto':
      return driveAuto(client, plan, range, mode.callers, rec, after);
  }
};

export const drive = async (input: DriveInput): Promise<DriveOutcome> => {
  const ranges = splitOps(input.plan.size, input.clients.length);
  const ordered = input.clients.length === 1 && input.mode.kind !== 'auto';
  const capacity = ranges.reduce((sum, r) => sum + waitsOf(input.mode, r), 0);
  const rec = new Recorder(input.plan, capacity, ordered);
  let after: WaitAfter | undefined;
  if (input.wait !== undefined) {
    const tally = newWaitTally(capacity, input.wait);
    rec.outcome.waitAfter = tally;
    after = waitAfter(input.wait, tally);
  }
  const startUs = nowUs();
  await Promise.all(
    ranges.map((range, c) => {
      const client = input.clients[c];
      if (client === undefined) throw new Error(`drive: no client for connection ${c}`);
      return driveConnection(client, input, range, rec, after);
    }),
  );
  rec.outcome.totalMs = (nowUs() - startUs) / 1_000;
  return rec.outcome;
};
