// Client garbage-collection pauses inside a timed span. At rtt 0 a pipelined batch that
// takes 10 ms instead of 1 is usually a V8 scavenge, measured here at 6-12 ms on a busy
// 2-core machine; recording the pause time next to the run says so instead of leaving an
// outlier unexplained.

import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

export interface GcWatch {
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
