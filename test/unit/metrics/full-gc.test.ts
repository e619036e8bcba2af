import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../../lab/metrics/full-gc.ts';

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
