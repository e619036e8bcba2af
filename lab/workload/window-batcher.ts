// The application-side window batcher (issue 27): open-loop requests join the current batch,
// whole; the batch leaves as one ioredis pipeline W ms after the first request joined it (the
// timer) or as soon as it holds B commands (the size), whichever comes first. Each request's
// wait to fill runs from its scheduled arrival to the moment its batch left. The timer is
// armed to wake a millisecond early and then polls with setImmediate, so a flush is not a
// setTimeout's millisecond late (which would add about 1 ms to every timer-flushed wait).
// On a pool a departing batch checks out a free connection for its pipeline (waiting, when
// every connection is busy, after its wait to fill has ended); on a shared client it leaves at once.

import type { RequestClient } from '../client/index.ts';
import { nowUs, type Recorder } from './drive.ts';
import type { OperationPlan } from './plan.ts';
import type { RequestRecorders } from './requests.ts';
import type { RequestPlan } from './request-plan.ts';

/** What the batcher did in one run. */
export interface BatchRecord {
  /** Per request, µs from its scheduled arrival until its batch left (NaN: never joined). */
  waitUs: Float64Array;
  batches: number;
  timerFlushes: number;
  sizeFlushes: number;
  /** Commands over every batch, and the largest batch. */
  commands: number;
  maxCommands: number;
  /** Over the requests that joined: the generator's lateness (join minus scheduled arrival), µs, summed. */
  lateSumUs: number;
}

interface Entry {
  r: number;
  op: number;
  plans: readonly OperationPlan[];
  intendedUs: number;
  joinedUs: number;
  done: (outcome: { ok: boolean; sentUs: number }) => void;
}

/** Where a departing batch gets its connection: a pool's checkout, or the shared client. */
export interface BatchConnections {
  /** A connection for a batch of `requests` requests (they all wait, when it has to). */
  acquire: (requests: number) => Promise<RequestClient>;
  release: (client: RequestClient) => void;
}

/** The shared client as BatchConnections: every batch leaves on it at once. */
export const sharedConnection = (client: RequestClient): BatchConnections => ({ acquire: () => Promise.resolve(client), release: () => undefined });

interface OpenBatch {
  entries: Entry[];
  commands: number;
  deadlineUs: number;
  timer?: NodeJS.Timeout;
}

export class WindowBatcher {
  readonly record: BatchRecord;
  private current: OpenBatch | undefined;

  constructor(
    private readonly connections: BatchConnections,
    private readonly limits: { windowMs: number; size: number },
    private readonly plan: RequestPlan,
    private readonly recs: RequestRecorders,
  ) {
    this.record = { waitUs: new Float64Array(plan.requests).fill(Number.NaN), batches: 0, timerFlushes: 0, sizeFlushes: 0, commands: 0, maxCommands: 0, lateSumUs: 0 };
  }

  /** Request `r` joins the current batch (opening one if none is open); resolves when its batch's replies are in. */
  join(r: number, intendedUs: number): Promise<{ ok: boolean; sentUs: number }> {
    const plans = (this.plan.steps[this.plan.kindOf[r] ?? 0] ?? []).flat();
    const joinedUs = nowUs();
    const batch = this.current ?? this.open(joinedUs);
    return new Promise((done) => {
      batch.entries.push({ r, op: this.plan.ordinalOf[r] ?? 0, plans, intendedUs, joinedUs, done });
      batch.commands += plans.length;
      if (batch.commands >= this.limits.size) this.flush(batch, 'size');
    });
  }

  /** Drops the timer of a batch still open (the run ended); its requests stay unfinished. */
  close(): void {
    clearTimeout(this.current?.timer);
    this.current = undefined;
  }

  private open(nowAt: number): OpenBatch {
    const batch: OpenBatch = { entries: [], commands: 0, deadlineUs: nowAt + this.limits.windowMs * 1000 };
    this.current = batch;
    const poll = (): void => {
      if (this.current !== batch) return;
      if (nowUs() >= batch.deadlineUs) this.flush(batch, 'timer');
      else setImmediate(poll);
    };
    batch.timer = setTimeout(poll, Math.max(0, this.limits.windowMs - 1));
    return batch;
  }

  private flush(batch: OpenBatch, reason: 'timer' | 'size'): void {
    if (this.current === batch) this.current = undefined;
    clearTimeout(batch.timer);
    const leftUs = nowUs();
    const rec = this.record;
    rec.batches++;
    if (reason === 'timer') rec.timerFlushes++;
    else rec.sizeFlushes++;
    rec.commands += batch.commands;
    rec.maxCommands = Math.max(rec.maxCommands, batch.commands);
    for (const entry of batch.entries) {
      rec.waitUs[entry.r] = leftUs - entry.intendedUs;
      rec.lateSumUs += Math.max(0, entry.joinedUs - entry.intendedUs);
    }
    const where = `batch ${rec.batches} (requests ${(batch.entries[0]?.r ?? 0) + 1}-${(batch.entries.at(-1)?.r ?? 0) + 1})`;
    void this.connections.acquire(batch.entries.length).then((client) => this.send(client, batch, where));
  }

  // The batch as one pipeline on `client`; its send (after any pool wait) is each request's actual send.
  private send(client: RequestClient, batch: OpenBatch, where: string): void {
    const sentUs = nowUs();
    const queue = client.pipeline();
    for (const entry of batch.entries) for (const plan of entry.plans) queue.call(plan.name, ...plan.argsOf(entry.op));
    void queue.exec().then(
      (results) => {
        this.connections.release(client);
        this.settle(batch, sentUs, results ?? []);
      },
      (error: unknown) => {
        this.connections.release(client);
        this.recorderOf(batch.entries[0]?.plans[0])?.abort(where, error);
        for (const entry of batch.entries) entry.done({ ok: false, sentUs });
      },
    );
  }

  // Each command's reply to its recorder (its wait: from its request joining to the replies), then each request's outcome.
  private settle(batch: OpenBatch, sentUs: number, results: [Error | null, unknown][]): void {
    const endUs = nowUs();
    let at = 0;
    for (const entry of batch.entries) {
      for (const plan of entry.plans) {
        const rec = this.recorderOf(plan);
        const [error, value] = results[at++] ?? [new Error('no reply'), null];
        rec?.wait(endUs - entry.joinedUs, 1);
        rec?.reply(entry.op, error, value);
      }
      entry.done({ ok: true, sentUs });
    }
  }

  private recorderOf(plan: OperationPlan | undefined): Recorder | undefined {
    return plan === undefined ? undefined : this.recs.of.get(plan);
  }
}
