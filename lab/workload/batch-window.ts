// The gathering half of an application-side window batcher (issue 27): requests join the open
// batch, whole; the batch leaves W ms after its first request joined (the timer) or as soon as
// it holds B commands (the size), whichever comes first. What a departing batch does is the
// caller's (`depart`): one ioredis pipeline on the measured path (window-batcher.ts), one
// policy batch under a fault (request-fault-drive.ts). The timer is armed to wake a millisecond
// early and then polls with setImmediate, so a flush is not a setTimeout's millisecond late
// (which would add about 1 ms to every timer-flushed wait).

import { nowUs } from './drive.ts';

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

/** A request in a batch: its index, scheduled arrival and join (µs), and its command count. */
export interface WindowEntry {
  r: number;
  intendedUs: number;
  joinedUs: number;
  commands: number;
}

interface OpenBatch<E extends WindowEntry> {
  entries: E[];
  commands: number;
  deadlineUs: number;
  timer?: NodeJS.Timeout;
}

const newBatchRecord = (requests: number): BatchRecord => ({
  waitUs: new Float64Array(requests).fill(Number.NaN),
  batches: 0,
  timerFlushes: 0,
  sizeFlushes: 0,
  commands: 0,
  maxCommands: 0,
  lateSumUs: 0,
});

/** `batch 3 (requests 17-24)`: a departing batch, for errors. */
export const batchWhere = (ordinal: number, entries: readonly WindowEntry[]): string => `batch ${ordinal} (requests ${(entries[0]?.r ?? 0) + 1}-${(entries.at(-1)?.r ?? 0) + 1})`;

export class BatchWindow<E extends WindowEntry> {
  readonly record: BatchRecord;
  private current: OpenBatch<E> | undefined;

  constructor(
    requests: number,
    private readonly limits: { windowMs: number; size: number },
    /** Sends a departing batch (its entries in join order); `ordinal` counts batches from 1. */
    private readonly depart: (entries: E[], ordinal: number) => void,
  ) {
    this.record = newBatchRecord(requests);
  }

  /** `entry` joins the open batch (opening one if none is open). */
  join(entry: E): void {
    const batch = this.current ?? this.open(entry.joinedUs);
    batch.entries.push(entry);
    batch.commands += entry.commands;
    if (batch.commands >= this.limits.size) this.flush(batch, 'size');
  }

  /** A batch is open: requests joined it and it has not left yet. */
  get gathering(): boolean {
    return this.current !== undefined;
  }

  /** Drops the timer of a batch still open (the run ended); its requests stay unfinished. */
  close(): void {
    clearTimeout(this.current?.timer);
    this.current = undefined;
  }

  private open(nowAt: number): OpenBatch<E> {
    const batch: OpenBatch<E> = { entries: [], commands: 0, deadlineUs: nowAt + this.limits.windowMs * 1000 };
    this.current = batch;
    const poll = (): void => {
      if (this.current !== batch) return;
      if (nowUs() >= batch.deadlineUs) this.flush(batch, 'timer');
      else setImmediate(poll);
    };
    batch.timer = setTimeout(poll, Math.max(0, this.limits.windowMs - 1));
    return batch;
  }

  private flush(batch: OpenBatch<E>, reason: 'timer' | 'size'): void {
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
    this.depart(batch.entries, rec.batches);
  }
}
