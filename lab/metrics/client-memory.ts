// The client (Node) process around one measured run: its memory, its GC pauses, and a full
// collection before the run.
//
// Memory: huge batches trade throughput for memory, so the result carries the peak RSS and V8
// heap a run reached and how far they grew.
//
// Cost, measured on Node 20 (Linux, 2 cores): v8.getHeapStatistics().used_heap_size ~0.5 µs;
// process.memoryUsage.rss() ~13 µs (it reads /proc, so it is not cheap here); the full
// process.memoryUsage() ~14 µs. So sample() reads the heap on every call and RSS at most once
// per interval; the timer reads both. RSS is returned to the OS lazily, so a throttled RSS read
// misses little; a heap peak between two reads can still be missed (it is sampled, not traced).

import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ConfigResult } from '../contracts/index.ts';

export interface MemoryReaders {
  rssBytes(): number;
  heapUsedBytes(): number;
}

/** The process's own figures; override only to test the sampling itself. */
const processMemoryReaders: MemoryReaders = {
  rssBytes: () => process.memoryUsage.rss(),
  heapUsedBytes: () => getHeapStatistics().used_heap_size,
};

export interface MemoryRun {
  peakRssBytes: number;
  peakHeapUsedBytes: number;
  startRssBytes: number;
  startHeapUsedBytes: number;
}

interface MemorySampler {
  /** Cheap (~1 µs): drivers may call it between batches, where a timer cannot run. */
  sample(): void;
  /** Takes a last sample, stops the timer and returns the run's figures (the same on every call). */
  stop(): MemoryRun;
}

// Samples from now until stop(), every `intervalMs` on an unref'd timer (it never keeps the
// process alive) and whenever the caller calls sample().
export const startMemorySampler = (intervalMs = 5, readers: MemoryReaders = processMemoryReaders): MemorySampler => {
  if (!Number.isFinite(intervalMs) || intervalMs <= 0) {
    throw new TypeError(`Expected \`intervalMs\` to be a positive number, got \`${intervalMs}\` (${typeof intervalMs})`);
  }
  const startRssBytes = readers.rssBytes();
  const startHeapUsedBytes = readers.heapUsedBytes();
  let peakRssBytes = startRssBytes;
  let peakHeapUsedBytes = startHeapUsedBytes;
  let lastRssAtMs = performance.now();
  let result: MemoryRun | undefined;

  const readRss = (): void => {
    peakRssBytes = Math.max(peakRssBytes, readers.rssBytes());
    lastRssAtMs = performance.now();
  };
  const readHeap = (): void => {
    peakHeapUsedBytes = Math.max(peakHeapUsedBytes, readers.heapUsedBytes());
  };
  const timer = setInterval(() => {
    readHeap();
    readRss();
  }, intervalMs);
  timer.unref();

  return {
    sample: () => {
      if (result !== undefined) return;
      readHeap();
      if (performance.now() - lastRssAtMs >= intervalMs) readRss();
    },
    stop: () => {
      if (result === undefined) {
        clearInterval(timer);
        readHeap();
        readRss();
        result = { peakRssBytes, peakHeapUsedBytes, startRssBytes, startHeapUsedBytes };
      }
      return result;
    },
  };
};

type ConfigMemory = Pick<
  ConfigResult,
  'clientPeakRssBytes' | 'clientPeakHeapBytes' | 'clientRssGrowthBytes' | 'clientHeapGrowthBytes'
>;

const maxOf = (xs: number[]): number | null => (xs.length === 0 ? null : Math.max(...xs));

/** A config's memory fields from its measured runs: highest peaks, and the largest growth above a run's start. */
export const combineMemory = (runs: readonly MemoryRun[]): ConfigMemory => ({
  clientPeakRssBytes: maxOf(runs.map((r) => r.peakRssBytes)),
  clientPeakHeapBytes: maxOf(runs.map((r) => r.peakHeapUsedBytes)),
  clientRssGrowthBytes: maxOf(runs.map((r) => r.peakRssBytes - r.startRssBytes)),
  clientHeapGrowthBytes: maxOf(runs.map((r) => r.peakHeapUsedBytes - r.startHeapUsedBytes)),
});

// Client garbage-collection pauses inside a timed span. At rtt 0 a pipelined batch that
// takes 10 ms instead of 1 is usually a V8 scavenge, measured here at 6-12 ms on a busy
// 2-core machine; recording the pause time next to the run says so instead of leaving an
// outlier unexplained.

interface GcWatch {
  /** Stops watching; total GC pause time seen since the watch started, ms. */
  stop(): number;
}

export const watchGcPauses = (): GcWatch => {
  const entries: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop: () => {
      entries.push(...observer.takeRecords()); // entries not yet delivered to the callback
      observer.disconnect();
      return entries.reduce((sum, entry) => sum + entry.duration, 0);
    },
  };
};

// A full garbage collection before each measured run, outside its timed span. V8 collects
// lazily, so without it a run starts on top of whatever the previous runs left (hundreds of MB
// after a big pipeline), its heap figures measure that leftover rather than its own memory,
// and it pays for collecting the previous run's garbage inside its own timed span.
//
// `--expose-gc` can be turned on at runtime; `gc` then exists in contexts created after that.

let gc: (() => void) | null | undefined;

const loadGc = (): (() => void) | null => {
  try {
    setFlagsFromString('--expose-gc');
    const fn: unknown = runInNewContext('gc');
    return typeof fn === 'function' ? (fn as () => void) : null;
  } catch {
    return null;
  }
};

/** Runs a full collection; false when this Node cannot (then figures include older garbage). */
export const collectGarbage = (): boolean => {
  if (gc === undefined) gc = loadGc();
  if (gc === null) return false;
  gc();
  return true;
};
