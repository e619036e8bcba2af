import { describe, expect, it } from 'vitest';
import { isValue, keyValueSize, makeValue, sizeAt, valueSizes } from '../../../lab/workload/values.ts';

describe('valueSizes', () => {
  it('returns the size itself when fixed', () => {
    expect(valueSizes({ minBytes: 64, maxBytes: 64 }, 1000, 1)).toBe(64);
  });

  it('draws every size in [min, max], deterministically per seed', () => {
    const sizes = valueSizes({ minBytes: 10, maxBytes: 20 }, 10_000, 1);
    expect(sizes).toBeInstanceOf(Uint32Array);
    const arr = sizes as Uint32Array;
    expect(arr.every((s) => s >= 10 && s <= 20)).toBe(true);
    expect(new Set(arr).size).toBe(11);
    expect(valueSizes({ minBytes: 10, maxBytes: 20 }, 100, 1)).toEqual(valueSizes({ minBytes: 10, maxBytes: 20 }, 100, 1));
    expect(valueSizes({ minBytes: 10, maxBytes: 20 }, 100, 1)).not.toEqual(valueSizes({ minBytes: 10, maxBytes: 20 }, 100, 2));
    expect(sizeAt(arr, 3)).toBe(arr[3]);
    expect(sizeAt(7, 3)).toBe(7);
  });

  it('rejects inverted or fractional ranges', () => {
    expect(() => valueSizes({ minBytes: 20, maxBytes: 10 }, 1, 1)).toThrow(/value size/i);
    expect(() => valueSizes({ minBytes: 1.5, maxBytes: 10 }, 1, 1)).toThrow(/value size/i);
  });

  it('sizes prefilled keys deterministically within the range', () => {
    const size = { minBytes: 100, maxBytes: 200 };
    const all = Array.from({ length: 1000 }, (_, k) => keyValueSize(size, 1, k));
    expect(all.every((s) => s >= 100 && s <= 200)).toBe(true);
    expect(new Set(all).size).toBeGreaterThan(50);
    expect(keyValueSize(size, 1, 5)).toBe(keyValueSize(size, 1, 5));
    expect(keyValueSize({ minBytes: 8, maxBytes: 8 }, 1, 5)).toBe(8);
  });
});

describe('makeValue', () => {
  it('starts with the index and is exactly sizeBytes long', () => {
    expect(makeValue(42, 10)).toBe('v42:xxxxxx');
    expect(makeValue(0, 3)).toBe('v0:');
    for (const size of [0, 1, 5, 100, 5000, 100_000]) expect(makeValue(123, size)).toHaveLength(size);
  });

  it('truncates the prefix when the size is smaller', () => {
    expect(makeValue(12345, 3)).toBe('v12');
    expect(makeValue(12345, 0)).toBe('');
  });

  it('is pure ASCII, so its length is its byte length', () => {
    expect(Buffer.byteLength(makeValue(9, 2048))).toBe(2048);
  });

  it('builds 100k values of 1 KB cheaply', () => {
    const start = performance.now();
    let total = 0;
    for (let i = 0; i < 100_000; i++) total += makeValue(i, 1024).length;
    expect(total).toBe(100_000 * 1024);
    expect(performance.now() - start).toBeLessThan(1000);
  });
});

describe('isValue', () => {
  it('recognises exactly makeValue(index, size)', () => {
    expect(isValue(makeValue(42, 100), 42, 100)).toBe(true);
    expect(isValue(makeValue(42, 2), 42, 2)).toBe(true);
    expect(isValue(makeValue(42, 0), 42, 0)).toBe(true);
    expect(isValue(makeValue(42, 100), 43, 100)).toBe(false);
    expect(isValue(makeValue(42, 100), 42, 99)).toBe(false);
    expect(isValue(`${makeValue(42, 99)}y`, 42, 100)).toBe(false);
    expect(isValue(`v42:y${makeValue(42, 100).slice(5)}`, 42, 100)).toBe(false);
    expect(isValue('v9', 42, 2)).toBe(false);
  });
});
