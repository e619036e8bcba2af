import { describe, expect, it } from 'vitest';
import { addGcs, combineMemory, watchClientSpan, type GcEvent, type ProcessProbe } from '../../../lab/metrics/client-memory.ts';
import { collectGarbage } from '../../../lab/metrics/collect-garbage.ts';

// A probe that replays fixed figures (the last value repeats) and counts its reads.
const scripted = (heap: number[], options: { gcs?: GcEvent[]; resettable?: boolean; peakRss?: number } = {}) => {
  const calls = { heap: 0, gcStarts: 0, gcStops: 0 };
  const probe: ProcessProbe = {
    rssBytes: () => 100,
    heapUsedBytes: () => heap[Math.min(calls.heap++, heap.length - 1)] as number,
    resetPeakRss: () => options.resettable ?? true,
    peakRssBytes: () => options.peakRss ?? 150,
    recordGcs: () => {
      calls.gcStarts++;
      return () => {
        calls.gcStops++;
        return addGcs({ pauseUs: 0, peakHeapUsedBytes: 0 }, options.gcs ?? []);
      };
    },
  };
  return { probe, calls };
};

describe('watchClientSpan', () => {
  it('takes the heap peak from the span ends and the figures V8 read at each collection', () => {
    const gcs = [
      { pauseUs: 1_500, heapBeforeBytes: 90, heapAfterBytes: 20 },
      { pauseUs: 500, heapBeforeBytes: 70, heapAfterBytes: 30 },
    ];
    const { probe } = scripted([10, 40], { gcs });
    expect(watchClientSpan(probe).stop()).toEqual({
      memory: { startRssBytes: 100, peakRssBytes: 150, startHeapUsedBytes: 10, peakHeapUsedBytes: 90 },
      gcMs: 2,
    });
  });

  it('without collections the heap peak is the higher end, and GC time is 0', () => {
    const { probe } = scripted([10, 40]);
    expect(watchClientSpan(probe).stop()).toMatchObject({ memory: { peakHeapUsedBytes: 40 }, gcMs: 0 });
  });

  it('gives no peak RSS where the kernel mark cannot be reset, rather than a guess', () => {
    const { probe } = scripted([10], { resettable: false });
    expect(watchClientSpan(probe).stop().memory.peakRssBytes).toBeNull();
  });

  it('never reports a peak RSS below the start', () => {
    const { probe } = scripted([10], { peakRss: 60 });
    expect(watchClientSpan(probe).stop().memory.peakRssBytes).toBe(100);
  });

  it('stop() is final: the same figures, read once', () => {
    const { probe, calls } = scripted([10, 40, 999]);
    const watch = watchClientSpan(probe);
    const result = watch.stop();
    expect(watch.stop()).toBe(result);
    expect(calls).toEqual({ heap: 2, gcStarts: 1, gcStops: 1 });
  });

  it.runIf(process.platform === 'linux')('catches peaks in this process that were gone before stop()', () => {
    collectGarbage('full');
    const watch = watchClientSpan();
    let buffer: Buffer | null = Buffer.alloc(64 * 1024 * 1024, 1); // off-heap, touched: RSS
    let objects: { i: number; text: string }[] | null = Array.from({ length: 300_000 }, (_, i) => ({ i, text: `value ${i}` })); // V8 heap
    expect(buffer.length + objects.length).toBeGreaterThan(0);
    buffer = null;
    objects = null;
    collectGarbage('full'); // both freed: a reading at stop() alone would not see them
    const { memory, gcMs } = watch.stop();
    expect(memory.peakRssBytes).not.toBeNull();
    expect((memory.peakRssBytes ?? 0) - memory.startRssBytes).toBeGreaterThan(32 * 1024 * 1024);
    expect(memory.peakHeapUsedBytes - memory.startHeapUsedBytes).toBeGreaterThan(8 * 1024 * 1024);
    expect(gcMs).toBeGreaterThan(0); // at least the full collection above
  });
});

describe('watchClientSpan over a span longer than a fold of the GC records (2 s)', () => {
  it.runIf(process.platform === 'linux')('keeps the peak and pause time of collections folded before stop()', async () => {
    collectGarbage('full');
    const watch = watchClientSpan();
    let objects: { i: number; text: string }[] | null = Array.from({ length: 300_000 }, (_, i) => ({ i, text: `value ${i}` }));
    expect(objects.length).toBe(300_000);
    objects = null;
    collectGarbage('full'); // the peak is read at this collection, in the first fold
    await new Promise((resolve) => setTimeout(resolve, 2_500)); // a fold runs in between
    const { memory, gcMs } = watch.stop();
    expect(memory.peakHeapUsedBytes - memory.startHeapUsedBytes).toBeGreaterThan(8 * 1024 * 1024);
    expect(gcMs).toBeGreaterThan(0);
  });

  it('sums pauses and takes the highest heap over folds', () => {
    const first = addGcs({ pauseUs: 0, peakHeapUsedBytes: 0 }, [{ pauseUs: 1_000, heapBeforeBytes: 90, heapAfterBytes: 20 }]);
    expect(addGcs(first, [{ pauseUs: 500, heapBeforeBytes: 70, heapAfterBytes: 30 }])).toEqual({ pauseUs: 1_500, peakHeapUsedBytes: 90 });
  });
});

describe('combineMemory', () => {
  it('takes the highest peaks and the largest growth of any run', () => {
    const runs = [
      { startRssBytes: 100, peakRssBytes: 150, startHeapUsedBytes: 10, peakHeapUsedBytes: 40 },
      { startRssBytes: 140, peakRssBytes: 160, startHeapUsedBytes: 30, peakHeapUsedBytes: 35 },
    ];
    expect(combineMemory(runs)).toEqual({
      clientPeakRssBytes: 160,
      clientPeakHeapBytes: 40,
      clientRssGrowthBytes: 50,
      clientHeapGrowthBytes: 30,
    });
  });

  it('gives no RSS peak or growth when any run has none', () => {
    const runs = [
      { startRssBytes: 100, peakRssBytes: 150, startHeapUsedBytes: 10, peakHeapUsedBytes: 40 },
      { startRssBytes: 140, peakRssBytes: null, startHeapUsedBytes: 30, peakHeapUsedBytes: 35 },
    ];
    expect(combineMemory(runs)).toMatchObject({ clientPeakRssBytes: null, clientRssGrowthBytes: null, clientPeakHeapBytes: 40 });
  });

  it('is all null without runs', () => {
    expect(combineMemory([])).toEqual({
      clientPeakRssBytes: null,
      clientPeakHeapBytes: null,
      clientRssGrowthBytes: null,
      clientHeapGrowthBytes: null,
    });
  });
});

