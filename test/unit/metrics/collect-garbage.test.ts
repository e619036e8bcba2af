import { GCProfiler } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { collectGarbage, type Generation } from '../../../lab/metrics/collect-garbage.ts';

// The kinds of collection V8 ran while `fn` did, as GCProfiler names them.
const collectionsDuring = (fn: () => void): string[] => {
  const profiler = new GCProfiler();
  profiler.start();
  fn();
  const stats = (profiler.stop() as { statistics?: { gcType: string }[] } | undefined)?.statistics ?? [];
  return stats.map((s) => s.gcType);
};

describe('collectGarbage', () => {
  it('runs a full collection that frees unreachable memory', () => {
    expect(collectGarbage('full')).toBe(true);
    const before = process.memoryUsage().heapUsed;
    let garbage: number[][] | null = Array.from({ length: 200 }, () => Array.from({ length: 10_000 }, (_, i) => i));
    expect(process.memoryUsage().heapUsed - before).toBeGreaterThan(8e6); // ~16 MB of arrays
    garbage = null;
    expect(garbage).toBeNull();
    collectGarbage('full');
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(4e6);
  });

  it.each<[Generation, string]>([
    ['full', 'MarkSweepCompact'],
    ['young', 'Scavenge'],
  ])('a %s collection is a %s, and only that', (generation, gcType) => {
    expect(collectionsDuring(() => collectGarbage(generation))).toEqual([gcType]);
  });
});
