// Client (Node) memory during one measured run: huge batches trade throughput for memory, so
// the result carries the peak RSS and V8 heap a run reached and how far they grew.
//
// Cost, measured on Node 20 (Linux, 2 cores): v8.getHeapStatistics().used_heap_size ~0.5 µs;
// process.memoryUsage.rss() ~13 µs (it reads /proc, so it is not cheap here); the full
// process.memoryUsage() ~14 µs. So sample() reads the heap on every call and RSS at most once
// per interval; the timer reads both. RSS is returned to the OS lazily, so a throttled RSS read
// misses little; a heap peak between two reads can still be missed (it is sampled, not traced).

import { getHeapStatistics } from 'node:v8';
import type { ConfigResult } from '../contracts/index.ts';

export interface MemoryReaders {
  rssBytes(): number;
  heapUsedBytes(): number;
}

/** The process's own figures; override only to test the sampling itself. */
export const processMemoryReaders: MemoryReaders = {
  rssBytes: () => process.memoryUsage.rss(),
  heapUsedBytes: () => getHeapStatistics().used_heap_size,
};

export interface MemoryRun {
  peakRssBytes: number;
  peakHeapUsedBytes: number;
  startRssBytes: number;
  startHeapUsedBytes: number;
}

export interface MemorySampler {
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

export type ConfigMemory = Pick<
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
