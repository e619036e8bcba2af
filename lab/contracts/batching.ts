// The application-side batcher (issue 27, item 1): open-loop requests join the current batch,
// which leaves as one pipeline W ms after its first command joined or as soon as it holds B
// commands, whichever comes first; ioredis's enableAutoPipelining is the batcher an application
// gets for free; `none` sends each request on arrival. A request's latency then includes the time
// it waited for its batch to fill.

import type { LatencySummaryUs } from './result.ts';

/** How requests are batched: on arrival (`none`), by ioredis (`auto`), or by a window of W ms or B commands. */
export type Batcher = { kind: 'none' } | { kind: 'auto' } | { kind: 'window'; windowMs: number; size: number };

/** `none`, `auto`, `5ms/64` (the window, then the size): ids, labels and `batch=` selectors write it so. */
export const batcherLabel = (batcher: Batcher): string => {
  if (batcher.kind !== 'window') return batcher.kind;
  return `${batcher.windowMs}ms/${batcher.size}`;
};

/** A batcher as the result records it: `none`, `auto`, or `{windowMs, size}`. */
export type BatcherRecord = 'none' | 'auto' | { windowMs: number; size: number };

export const batcherRecord = (batcher: Batcher): BatcherRecord => (batcher.kind === 'window' ? { windowMs: batcher.windowMs, size: batcher.size } : batcher.kind);

export const batcherRecordLabel = (record: BatcherRecord): string =>
  typeof record === 'string' ? record : batcherLabel({ kind: 'window', ...record });

/**
 * The mean wait to fill at a constant arrival rate, µs (null: not predicted, e.g. Poisson
 * arrivals or a batcher without a window). A batch opens with a request; requests join every
 * 1/rate s, each with `commandsPerRequest` commands. The size flushes when the n-th request joins
 * (n = ceil(B / c)) before the window ends: waits (n-1)/r, (n-2)/r, ... 0, mean (n-1)/2r. Else
 * the timer flushes at W with m = floor(W r) + 1 requests: waits W, W - 1/r, ..., mean
 * W - (m-1)/2r; about W/2 when many join, W when one does.
 */
export const predictedBatchWait = (
  batcher: Batcher,
  arrival: { ratePerSec: number; process: 'constant' | 'poisson'; ramp?: unknown },
  commandsPerRequest: number,
): { meanUs: number; flushBy: 'timer' | 'size' } | null => {
  if (batcher.kind !== 'window' || arrival.process !== 'constant' || arrival.ramp !== undefined) return null;
  const gapUs = 1e6 / arrival.ratePerSec;
  const windowUs = batcher.windowMs * 1000;
  const toFill = Math.ceil(batcher.size / Math.max(1, commandsPerRequest));
  if ((toFill - 1) * gapUs < windowUs) return { meanUs: ((toFill - 1) * gapUs) / 2, flushBy: 'size' };
  const joined = Math.floor(windowUs / gapUs) + 1;
  return { meanUs: windowUs - ((joined - 1) * gapUs) / 2, flushBy: 'timer' };
};

/** What a config's batcher did over its verified runs. */
export interface BatchingResult {
  batcher: BatcherRecord;
  /** Window batcher only: each request's wait from its scheduled arrival until its batch left, over
   * the verified runs (null for `none` and `auto`: ioredis's own wait, one event-loop turn, is not timed). */
  waitUs: LatencySummaryUs | null;
  /** The mean of those waits, µs (HDR percentiles round; the mean is exact). */
  meanWaitUs: number | null;
  /** The mean wait the window and the offered rate predict (constant arrivals only), and which flush should win. */
  predictedMeanWaitUs: number | null;
  predictedFlushBy: 'timer' | 'size' | null;
  /** The generator's mean lateness over those requests (join minus scheduled arrival), µs: the part of
   * the wait that is the lab's own CPU, not the batcher (a busy machine; see schedule.lateStarts). */
  meanLateUs: number | null;
  /** meanWaitUs / predictedMeanWaitUs. */
  waitRatio: number | null;
  /** Batches sent over the verified runs, and why each left (window batcher only; null otherwise). */
  batches: number | null;
  timerFlushes: number | null;
  sizeFlushes: number | null;
  /** Commands per batch: mean and largest (window batcher only). */
  meanBatchCommands: number | null;
  maxBatchCommands: number | null;
}
