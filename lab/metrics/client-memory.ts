// The client (Node) process around one measured run's timed span: its peak memory and its GC
// pauses, read with nothing on the span's hot path (no per-batch call, no JS per GC; one
// unref'd timer folds V8's GC records every 2 s, see recordGcs).
//
// What each figure measures, and what it can miss:
// - Peak RSS: the kernel's own high-water mark (VmHWM in /proc/self/status), reset just before
//   the span (writing 5 to /proc/self/clear_refs, Linux 4.0+) and read just after it. The
//   kernel updates it before any drop in RSS, so no peak is missed; it covers the whole process
//   (every thread, the lab's own plan and earlier results too) from the reset to the read,
//   which adds a few microseconds on each side of the span. Where the mark cannot be reset
//   (not Linux, /proc not writable) the peak is null: no sampled guess is given instead. The
//   reset is process-wide: process.resourceUsage().maxRSS afterwards starts from it too.
// - Peak heap: V8's used heap, read at the span's start and end and, by V8 itself, just before
//   and just after every garbage collection inside the span (v8.GCProfiler, which does this in
//   C++ inside V8's own GC callbacks). Between collections used heap grows only by allocation,
//   so its peak is at a collection or at an end; what this can miss is memory V8 frees lazily
//   after a collection (concurrent sweeping) while new objects are allocated, which can put a
//   true peak between two collections slightly above the figures read.
// - GC time: the sum of the pause times V8 reports for the collections inside the span
//   (GCProfiler's `cost`); concurrent marking and sweeping on helper threads are not pauses
//   and are not in it.
// - GCProfiler keeps its records in C++ (about 3 kB of JSON per collection, outside the V8
//   heap) and hands them all to JS as objects when stopped: over a 100M-command span (about
//   22,000 collections) that was 64 MB growing outside the heap and a peak of about 200 MB
//   after the span. So the records are folded as they come: every FOLD_MS a new profiler
//   starts and the previous one's records (about 60 collections, under 0.5 ms to read) are
//   summed into the pause total and the peak, and nothing per collection is kept.
// The span's start RSS and heap are read after the young-generation collection runWorkload
// makes before it, so growth = peak - start is how far the span took the heap above where it
// started. The old generation can still hold garbage of the group's earlier runs (one full
// collection per link group, see lab/metrics/collect-garbage.ts): if V8 collects it inside the
// span, the growth can read lower than what the span allocated and kept.

import { readFileSync, writeFileSync } from 'node:fs';
import { GCProfiler, getHeapStatistics } from 'node:v8';
import type { ConfigResult } from '../contracts/index.ts';

export interface MemoryRun {
  /** Null where the kernel's peak-RSS mark could not be reset (see above). */
  peakRssBytes: number | null;
  peakHeapUsedBytes: number;
  startRssBytes: number;
  startHeapUsedBytes: number;
}

/** One garbage collection inside the span, as V8 reported it. */
export interface GcEvent {
  pauseUs: number;
  heapBeforeBytes: number;
  heapAfterBytes: number;
}

/** What a watch reads of the process; override only to test the arithmetic. */
export interface ProcessProbe {
  rssBytes(): number;
  heapUsedBytes(): number;
  /** Resets the kernel's peak-RSS mark; false when it cannot. */
  resetPeakRss(): boolean;
  /** The peak RSS since the last reset, bytes; null when unreadable. */
  peakRssBytes(): number | null;
  /** Starts recording collections; the returned function stops and returns their totals. */
  recordGcs(): () => GcTotals;
}

/** The collections inside a span, summed: nothing per collection is kept. */
export interface GcTotals {
  pauseUs: number;
  /** The highest used heap V8 read before or after any of them (0 without collections). */
  peakHeapUsedBytes: number;
}

const NO_GCS: GcTotals = { pauseUs: 0, peakHeapUsedBytes: 0 };

/** `totals` with `gcs` added. */
export const addGcs = (totals: GcTotals, gcs: readonly GcEvent[]): GcTotals =>
  gcs.reduce(
    (t, gc) => ({ pauseUs: t.pauseUs + gc.pauseUs, peakHeapUsedBytes: Math.max(t.peakHeapUsedBytes, gc.heapBeforeBytes, gc.heapAfterBytes) }),
    totals,
  );

const readPeakRss = (): number | null => {
  try {
    const kb = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
};

const resetPeakRss = (): boolean => {
  try {
    writeFileSync('/proc/self/clear_refs', '5'); // 5: reset the peak RSS only (proc(5))
    return true;
  } catch {
    return false;
  }
};

interface ProfiledGc {
  cost: number;
  beforeGC: { heapStatistics: { usedHeapSize: number } };
  afterGC: { heapStatistics: { usedHeapSize: number } };
}

const FOLD_MS = 2_000;

const startProfiler = (): GCProfiler => {
  const profiler = new GCProfiler();
  profiler.start();
  return profiler;
};

// Stops `profiler` and returns its collections.
const stopProfiler = (profiler: GCProfiler): GcEvent[] => {
  const stats = (profiler.stop() as { statistics?: ProfiledGc[] } | undefined)?.statistics ?? [];
  return stats.map((gc) => ({
    pauseUs: gc.cost,
    heapBeforeBytes: gc.beforeGC.heapStatistics.usedHeapSize,
    heapAfterBytes: gc.afterGC.heapStatistics.usedHeapSize,
  }));
};

// The next profiler starts before the previous one stops: stop() turns V8's callbacks off
// before it builds its objects, so a collection that building triggers is the next one's.
const recordGcs = (): (() => GcTotals) => {
  let totals = NO_GCS;
  let profiler = startProfiler();
  const fold = (): void => {
    const previous = profiler;
    profiler = startProfiler();
    totals = addGcs(totals, stopProfiler(previous));
  };
  const timer = setInterval(fold, FOLD_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    return addGcs(totals, stopProfiler(profiler));
  };
};

const nodeProbe: ProcessProbe = {
  rssBytes: () => process.memoryUsage.rss(),
  heapUsedBytes: () => getHeapStatistics().used_heap_size,
  resetPeakRss,
  peakRssBytes: readPeakRss,
  recordGcs,
};

/** The client's figures for one timed span. */
interface ClientSpan {
  memory: MemoryRun;
  /** GC pause time inside the span, ms. */
  gcMs: number;
}

interface ClientWatch {
  /** Ends the watch and returns the span's figures (the same on every call). */
  stop(): ClientSpan;
}

/** Starts watching: call right before the timed span and stop() right after it, also when the
 * span throws (stop() ends V8's GC recording and its timer). */
export const watchClientSpan = (probe: ProcessProbe = nodeProbe): ClientWatch => {
  const startRssBytes = probe.rssBytes();
  const startHeapUsedBytes = probe.heapUsedBytes();
  const peakResettable = probe.resetPeakRss();
  const stopGcs = probe.recordGcs(); // last: the span starts right after
  let result: ClientSpan | undefined;
  return {
    stop: () => {
      if (result !== undefined) return result;
      const endHeapUsedBytes = probe.heapUsedBytes(); // first: before anything here allocates
      const peakRss = peakResettable ? probe.peakRssBytes() : null;
      const gcs = stopGcs();
      result = {
        memory: {
          peakRssBytes: peakRss === null ? null : Math.max(peakRss, startRssBytes),
          peakHeapUsedBytes: Math.max(startHeapUsedBytes, endHeapUsedBytes, gcs.peakHeapUsedBytes),
          startRssBytes,
          startHeapUsedBytes,
        },
        gcMs: gcs.pauseUs / 1_000,
      };
      return result;
    },
  };
};

type ConfigMemory = Pick<
  ConfigResult,
  'clientPeakRssBytes' | 'clientPeakHeapBytes' | 'clientRssGrowthBytes' | 'clientHeapGrowthBytes'
>;

// The highest, or null when there is none or any one is unknown (a peak over runs that misses
// one is not the peak).
const maxOf = (xs: readonly (number | null)[]): number | null =>
  xs.length === 0 || xs.includes(null) ? null : Math.max(...(xs as number[]));

/** A config's memory fields from its measured runs: highest peaks, and the largest growth above a run's start. */
export const combineMemory = (runs: readonly MemoryRun[]): ConfigMemory => ({
  clientPeakRssBytes: maxOf(runs.map((r) => r.peakRssBytes)),
  clientPeakHeapBytes: maxOf(runs.map((r) => r.peakHeapUsedBytes)),
  clientRssGrowthBytes: maxOf(runs.map((r) => (r.peakRssBytes === null ? null : r.peakRssBytes - r.startRssBytes))),
  clientHeapGrowthBytes: maxOf(runs.map((r) => r.peakHeapUsedBytes - r.startHeapUsedBytes)),
});
