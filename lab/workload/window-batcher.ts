// The application-side window batcher on the measured path (issue 27): open-loop requests
// gather in a BatchWindow (batch-window.ts: W ms or B commands, whichever comes first); a
// departing batch is one ioredis pipeline. Each request's wait to fill runs from its scheduled
// arrival to the moment its batch left. On a pool a departing batch checks out a free
// connection for its pipeline (waiting, when every connection is busy, after its wait to fill
// has ended); on a shared client it leaves at once.

import type { RequestClient } from '../client/index.ts';
import { nowUs, type Recorder } from './drive.ts';
import type { OperationPlan } from './plan.ts';
import type { RequestRecorders } from './requests.ts';
import { stepsOf, type RequestPlan } from './request-plan.ts';
import { batchWhere, BatchWindow, type BatchRecord, type WindowEntry } from './batch-window.ts';

export type { BatchRecord } from './batch-window.ts';

interface Entry extends WindowEntry {
  op: number;
  plans: readonly OperationPlan[];
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

export class WindowBatcher {
  private readonly window: BatchWindow<Entry>;

  constructor(
    private readonly connections: BatchConnections,
    limits: { windowMs: number; size: number },
    private readonly plan: RequestPlan,
    private readonly recs: RequestRecorders,
  ) {
    this.window = new BatchWindow<Entry>(plan.requests, limits, (entries, ordinal) => {
      const where = batchWhere(ordinal, entries);
      void this.connections.acquire(entries.length).then((client) => this.send(client, entries, where));
    });
  }

  get record(): BatchRecord {
    return this.window.record;
  }

  /** Request `r` joins the current batch (opening one if none is open); resolves when its batch's replies are in. */
  join(r: number, intendedUs: number): Promise<{ ok: boolean; sentUs: number }> {
    const plans = stepsOf(this.plan, r).flat();
    const joinedUs = nowUs();
    return new Promise((done) => this.window.join({ r, op: this.plan.ordinalOf[r] ?? 0, plans, intendedUs, joinedUs, commands: plans.length, done }));
  }

  /** Drops the timer of a batch still open (the run ended); its requests stay unfinished. */
  close(): void {
    this.window.close();
  }

  // The batch as one pipeline on `client`; its send (after any pool wait) is each request's actual send.
  private send(client: RequestClient, entries: readonly Entry[], where: string): void {
    const sentUs = nowUs();
    const queue = client.pipeline();
    for (const entry of entries) for (const plan of entry.plans) queue.call(plan.name, ...plan.argsOf(entry.op));
    void queue.exec().then(
      (results) => {
        this.connections.release(client);
        this.settle(entries, sentUs, results ?? []);
      },
      (error: unknown) => {
        this.connections.release(client);
        this.recorderOf(entries[0]?.plans[0])?.abort(where, error);
        for (const entry of entries) entry.done({ ok: false, sentUs });
      },
    );
  }

  // Each command's reply to its recorder (its wait: from its request joining to the replies), then each request's outcome.
  private settle(entries: readonly Entry[], sentUs: number, results: [Error | null, unknown][]): void {
    const endUs = nowUs();
    let at = 0;
    for (const entry of entries) {
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
