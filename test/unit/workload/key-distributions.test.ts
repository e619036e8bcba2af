import { describe, expect, it } from 'vitest';
import { describeKeys, keyCountOf, keyIndexes, keyNamer, zeta, zipfianSampler } from '../../../lab/workload/key-distributions.ts';

const tally = (indexes: Uint32Array, n: number) => {
  const counts = new Array<number>(n).fill(0);
  for (const k of indexes) counts[k] = (counts[k] ?? 0) + 1;
  return counts;
};

describe('keyIndexes', () => {
  it('one: every operation on key 0', () => {
    expect([...keyIndexes({ kind: 'one' }, 5, 1)]).toEqual([0, 0, 0, 0, 0]);
  });

  it('sequential: i mod count, and count "commands" gives every op its own key', () => {
    expect([...keyIndexes({ kind: 'sequential', count: 3 }, 7, 1)]).toEqual([0, 1, 2, 0, 1, 2, 0]);
    expect([...keyIndexes({ kind: 'sequential', count: 'commands' }, 5, 1)]).toEqual([0, 1, 2, 3, 4]);
    expect(keyCountOf({ kind: 'sequential', count: 'commands' }, 5)).toBe(5);
  });

  it('uniform: all in range, roughly even, deterministic per seed, different across seeds', () => {
    const dist = { kind: 'uniform', count: 100 } as const;
    const a = keyIndexes(dist, 100_000, 1);
    expect(a.every((k) => k < 100)).toBe(true);
    for (const c of tally(a, 100)) expect(Math.abs(c - 1000)).toBeLessThan(200);
    expect(keyIndexes(dist, 1000, 1)).toEqual(keyIndexes(dist, 1000, 1));
    expect(keyIndexes(dist, 1000, 1)).not.toEqual(keyIndexes(dist, 1000, 2));
  });

  it('zipfian: rank 0 hottest, frequencies roughly 1/rank^theta, all in range', () => {
    const n = 1000;
    const theta = 0.99;
    const draws = 100_000;
    const idx = keyIndexes({ kind: 'zipfian', count: n, theta }, draws, 1);
    expect(idx.every((k) => k < n)).toBe(true);
    const counts = tally(idx, n);
    const expected = (r: number) => draws / Math.pow(r + 1, theta) / zeta(n, theta);
    expect(counts[0]).toBeGreaterThan(20 * (counts[100] ?? 0));
    expect(counts[0]).toBeGreaterThan(counts[1] ?? 0);
    for (const r of [0, 1, 2, 5, 10, 20, 50, 100]) {
      const ratio = (counts[r] ?? 0) / expected(r);
      expect(ratio, `rank ${r}`).toBeGreaterThan(0.7);
      expect(ratio, `rank ${r}`).toBeLessThan(1.3);
    }
    // Mass of rank bands, which is what the generator approximates well.
    const band = (a: number, b: number) => {
      let observed = 0;
      let wanted = 0;
      for (let r = a; r < b; r++) {
        observed += counts[r] ?? 0;
        wanted += expected(r);
      }
      return observed / wanted;
    };
    for (const [a, b] of [[10, 100], [100, 1000]] as const) {
      expect(band(a, b)).toBeGreaterThan(0.85);
      expect(band(a, b)).toBeLessThan(1.15);
    }
  });

  it('zipfian: deterministic per seed, different across seeds', () => {
    const dist = { kind: 'zipfian', count: 10_000, theta: 0.99 } as const;
    expect(keyIndexes(dist, 1000, 9)).toEqual(keyIndexes(dist, 1000, 9));
    expect(keyIndexes(dist, 1000, 9)).not.toEqual(keyIndexes(dist, 1000, 10));
  });

  it('zipfian with theta 0 is uniform, and a single key is always 0', () => {
    const counts = tally(keyIndexes({ kind: 'zipfian', count: 10, theta: 0 }, 50_000, 4), 10);
    for (const c of counts) expect(Math.abs(c - 5000)).toBeLessThan(400);
    expect([...keyIndexes({ kind: 'zipfian', count: 1, theta: 0.99 }, 3, 4)]).toEqual([0, 0, 0]);
  });

  it('rejects out-of-range parameters', () => {
    expect(() => keyIndexes({ kind: 'zipfian', count: 10, theta: 1 }, 1, 1)).toThrow(/theta/);
    expect(() => keyIndexes({ kind: 'uniform', count: 0 }, 1, 1)).toThrow(/count/);
    expect(() => zipfianSampler(10, -0.5)).toThrow(/theta/);
  });
});

describe('zeta', () => {
  it('matches the exact sum where the tail is approximated', () => {
    const n = 1_500_000;
    let exact = 0;
    for (let i = 1; i <= n; i++) exact += 1 / Math.pow(i, 0.9);
    expect(Math.abs(zeta(n, 0.9) - exact) / exact).toBeLessThan(1e-10);
  });
});

describe('key names and descriptions', () => {
  it('replaces every {i}', () => {
    expect(keyNamer('a{i}b')(7)).toBe('a7b');
    expect(keyNamer('{i}-{i}-{i}')(3)).toBe('3-3-3');
  });

  it('describes distributions', () => {
    expect(describeKeys({ kind: 'one' })).toBe('one');
    expect(describeKeys({ kind: 'sequential', count: 1000 })).toBe('sequential(1000)');
    expect(describeKeys({ kind: 'uniform', count: 1000 })).toBe('uniform(1000)');
    expect(describeKeys({ kind: 'zipfian', count: 10000, theta: 0.99 })).toBe('zipfian(10000, 0.99)');
  });
});
