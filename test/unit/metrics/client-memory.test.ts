import { describe, expect, it } from 'vitest';
import { collectGarbage, combineMemory, startMemorySampler, type MemoryReaders } from '../../../lab/metrics/client-memory.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Readers that replay fixed sequences (the last value repeats) and count their calls.
const scripted = (rss: number[], heap: number[]) => {
  const calls = { rss: 0, heap: 0 };
  const at = (xs: number[], i: number) => xs[Math.min(i, xs.length - 1)] as number;
  const readers: MemoryReaders = {
    rssBytes: () => at(rss, calls.rss++),
    heapUsedBytes: () => at(heap, calls.heap++),
  };
  return { readers, calls };
};

describe('startMemorySampler', () => {
  it('keeps the start figures and the highest sample, and stop() is final', () => {
    const { readers } = scripted([100, 100], [10, 50, 20, 5, 999]);
    const sampler = startMemorySampler(10_000, readers);
    sampler.sample(); // heap 50
    sampler.sample(); // heap 20
    const result = sampler.stop(); // heap 5, rss 100
    expect(result).toEqual({ startRssBytes: 100, peakRssBytes: 100, startHeapUsedBytes: 10, peakHeapUsedBytes: 50 });
    sampler.sample(); // ignored: the heap reader would answer 999
    expect(sampler.stop()).toBe(result);
  });

  it('reads the heap on every sample() but RSS at most once per interval', () => {
    const { readers, calls } = scripted([100], [10]);
    const sampler = startMemorySampler(10_000, readers);
    for (let i = 0; i < 100; i++) sampler.sample();
    expect(calls).toEqual({ rss: 1, heap: 101 });
    sampler.stop();
    expect(calls).toEqual({ rss: 2, heap: 102 });
  });

  it('samples on its own timer, catching a peak the caller never sampled', async () => {
    const { readers, calls } = scripted([100, 700, 200], [10, 80, 20]);
    const sampler = startMemorySampler(2, readers);
    await sleep(40);
    const result = sampler.stop();
    expect(calls.rss).toBeGreaterThan(3);
    expect(result).toMatchObject({ peakRssBytes: 700, peakHeapUsedBytes: 80 });
    const after = calls.rss;
    await sleep(20);
    expect(calls.rss).toBe(after); // stop() cleared the timer
  });

  it('never keeps the process alive: its timer is unref-ed', () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    const sampler = startMemorySampler(5);
    expect(timers()).toBe(before);
    sampler.stop();
  });

  it('sees real growth of this process', () => {
    const sampler = startMemorySampler(1);
    const buffer = Buffer.alloc(64 * 1024 * 1024, 1); // off-heap, touched: RSS
    const objects = Array.from({ length: 300_000 }, (_, i) => ({ i, text: `value ${i}` })); // V8 heap
    sampler.sample();
    const result = sampler.stop();
    expect(buffer.length + objects.length).toBeGreaterThan(0); // both still alive at stop()
    expect(result.peakRssBytes - result.startRssBytes).toBeGreaterThan(32 * 1024 * 1024);
    expect(result.peakHeapUsedBytes - result.startHeapUsedBytes).toBeGreaterThan(8 * 1024 * 1024);
  });

  it('rejects a non-positive interval', () => {
    expect(() => startMemorySampler(0)).toThrow(TypeError);
    expect(() => startMemorySampler(Number.NaN)).toThrow(TypeError);
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

  it('is all null without runs', () => {
    expect(combineMemory([])).toEqual({
      clientPeakRssBytes: null,
      clientPeakHeapBytes: null,
      clientRssGrowthBytes: null,
      clientHeapGrowthBytes: null,
    });
  });
});

describe('collectGarbage', () => {
  it('runs a full collection that frees unreachable memory', () => {
    expect(collectGarbage()).toBe(true);
    const before = process.memoryUsage().heapUsed;
    let garbage: number[][] | null = Array.from({ length: 200 }, () => Array.from({ length: 10_000 }, (_, i) => i));
    expect(process.memoryUsage().heapUsed - before).toBeGreaterThan(8e6); // ~16 MB of arrays
    garbage = null;
    expect(garbage).toBeNull();
    collectGarbage();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(4e6);
  });
});
