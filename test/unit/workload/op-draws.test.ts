import { describe, expect, it } from 'vitest';
import { keyDraws, keyIndexes } from '../../../lab/workload/key-distributions.ts';
import { valueDraws, valueSizes } from '../../../lab/workload/values.ts';

// Past the 32 cached chunks of 65,536 operations, so evicted chunks are read again too.
const OPS = 34 * 65_536 + 123;

describe('per-operation draws read by operation', () => {
  it('give the values one pass over the same seed gives, in any read order', () => {
    for (const [dist, ops] of [[{ kind: 'uniform', count: 1000 }, OPS] as const, [{ kind: 'zipfian', count: 10_000, theta: 0.99 }, 3 * 65_536 + 5] as const]) {
      const array = keyIndexes(dist, ops, 5);
      const draws = keyDraws(dist, ops, 5);
      // Backwards, then strided across chunks (more chunks than the cache holds), then forwards.
      for (let op = ops - 1; op >= 0; op -= 997) expect(draws.at(op)).toBe(array[op]);
      for (let op = 0; op < ops; op += 65_537) expect(draws.at(op)).toBe(array[op]);
      let same = 0;
      draws.forEach((k, op) => {
        if (k === array[op]) same++;
      });
      expect(same).toBe(ops);
      expect(draws.at(ops)).toBe(0);
      expect(draws.at(-1)).toBe(0);
    }
  }, 60_000);

  it('value sizes too', () => {
    const size = { minBytes: 1, maxBytes: 4096 };
    const array = valueSizes(size, 3 * 65_536, 9) as Uint32Array;
    const draws = valueDraws(size, 3 * 65_536, 9);
    if (typeof draws === 'number') throw new Error('a range draws per operation');
    for (let op = 0; op < array.length; op += 1009) expect(draws.at(op)).toBe(array[op]);
    expect(draws.at(array.length - 1)).toBe(array[array.length - 1]);
  });
});
