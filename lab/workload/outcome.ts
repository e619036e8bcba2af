// What one timed run records, in preallocated arrays: per wait (a command for sync and auto, a
// batch for pipeline and multi) how long the caller waited, plus what came back. Drivers call
// these methods; checking a reply is a comparison, so it stays inside the timed span.

import { errorKind } from '../metrics/index.ts';
import { errorMessage } from '../errors/index.ts';
import type { OperationPlan } from './commands.ts';
import { checkReply } from './reply-check.ts';

export interface DriveOutcome {
  /** Wall time of the timed span: preparing the first command to the last reply, ms. */
  totalMs: number;
  /** Per wait: how long the caller waited, µs, and how many commands it answered. */
  waitUs: Float64Array;
  waitSize: Uint32Array;
  /** Waits recorded (connections fill their own slices, so this is a count, not an index). */
  waits: number;
  /** Numeric replies in operation order for INCR, INCRBY and HSET (NaN: none came back), checked
   * as a whole after the run (their per-key sequence is what is fixed); else null. */
  numericReplies: Float64Array | null;
  /** Replies that came back but were wrong, and the first such, described. */
  wrongReplies: number;
  firstWrongReply?: string;
  /** Reply and connection errors by kind (WRONGTYPE, ABORTED, ...). */
  errorsByKind: Record<string, number>;
  firstError?: string;
  /** The connection-level error that ended a connection's loop early, if any. */
  aborted?: string;
}

/** Commands whose replies are checked per key after the run rather than one by one. */
export const checkedAfterRun = (command: string): boolean => command === 'INCR' || command === 'INCRBY' || command === 'HSET';

export class Recorder {
  readonly outcome: DriveOutcome;

  constructor(
    private readonly plan: OperationPlan,
    waitsCapacity: number,
  ) {
    this.outcome = {
      totalMs: 0,
      waitUs: new Float64Array(waitsCapacity),
      waitSize: new Uint32Array(waitsCapacity),
      waits: 0,
      numericReplies: checkedAfterRun(plan.command) ? new Float64Array(plan.size).fill(Number.NaN) : null,
      wrongReplies: 0,
      errorsByKind: {},
    };
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
    if (error) {
      this.error(error);
      return;
    }
    const o = this.outcome;
    if (o.numericReplies !== null) {
      o.numericReplies[op] = typeof value === 'number' ? value : Number.NaN;
      return;
    }
    const wrong = checkReply(this.plan, op, value);
    if (wrong !== undefined) {
      o.wrongReplies++;
      o.firstWrongReply ??= `operation ${op + 1} (key ${this.plan.keyOf(op)}): ${wrong}`;
    }
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
