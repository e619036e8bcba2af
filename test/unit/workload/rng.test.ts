import { describe, expect, it } from 'vitest';
import { createRng, deriveSeed, hash32 } from '../../../lab/workload/rng.ts';

const draws = (seed: number, n: number) => {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => rng.next());
};

describe('createRng (sfc32)', () => {
  it('gives the same sequence for the same seed', () => {
    expect(draws(42, 1000)).toEqual(draws(42, 1000));
  });

  it('gives different sequences for different seeds, including neighbours and seeds above 2^32', () => {
    const seeds = [0, 1, 2, -1, 2 ** 32, 2 ** 32 + 1, 2 ** 40];
    const firsts = seeds.map((s) => draws(s, 4).join());
    expect(new Set(firsts).size).toBe(seeds.length);
  });

  it('draws floats in [0, 1) with a plausible mean', () => {
    const xs = draws(7, 100_000);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean).toBeGreaterThan(0.49);
    expect(mean).toBeLessThan(0.51);
  });

  it('nextInt covers [0, n) roughly evenly and never leaves it', () => {
    const rng = createRng(3);
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 100_000; i++) {
      const v = rng.nextInt(10);
      counts[v] = (counts[v] ?? 0) + 1;
    }
    expect(counts.reduce((a, b) => a + b, 0)).toBe(100_000);
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(600);
    expect(createRng(1).nextInt(1)).toBe(0);
  });

  it('rejects bad arguments', () => {
    expect(() => createRng(1.5)).toThrow(/whole number/);
    expect(() => createRng(1).nextInt(0)).toThrow(RangeError);
  });
});

describe('deriveSeed / hash32', () => {
  it('derives stable, distinct seeds per stream', () => {
    expect(deriveSeed(1, 'keys')).toBe(deriveSeed(1, 'keys'));
    expect(deriveSeed(1, 'keys')).not.toBe(deriveSeed(1, 'values'));
    expect(deriveSeed(1, 'keys')).not.toBe(deriveSeed(2, 'keys'));
    expect(draws(deriveSeed(1, 'keys'), 3)).not.toEqual(draws(deriveSeed(1, 'values'), 3));
  });

  it('hash32 is deterministic and spreads neighbours', () => {
    expect(hash32(5, 6)).toBe(hash32(5, 6));
    const hashes = new Set(Array.from({ length: 1000 }, (_, i) => hash32(1, i)));
    expect(hashes.size).toBe(1000);
  });
});
