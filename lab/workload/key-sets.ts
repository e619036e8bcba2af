// Sets of keys a run works on. A KeySet is a set of distinct key indexes with a dense slot
// number per key (0..size-1, ascending key order), so per-key tallies can live in typed arrays
// instead of maps. From it: which keys a planned run reads (so they can be prefilled with known
// values that every read reply is checked against).

import type { CommandName } from '../contracts/index.ts';
import type { OpDraws } from './op-draws.ts';
import { makeValue } from './values.ts';

export interface KeySet {
  /** Distinct key indexes, ascending. */
  readonly keyIndexes: Uint32Array;
  /** The key's position in `keyIndexes`, or -1 when the set does not hold it. */
  slotOf(keyIndex: number): number;
}

// Key spaces up to this size get an Int32Array lookup (16 MB at most); larger ones binary search.
const DENSE_LOOKUP_MAX = 1 << 22;
// Key spaces up to this size (or 32× the marks) are deduplicated with a bitset, else by sorting.
const BITSET_MAX = 1 << 24;

// Distinct values among those `visit` adds, all below `keyCount`; `total` bounds how many it adds.
const collectDistinct = (keyCount: number, total: number, visit: (add: (keyIndex: number) => void) => void): Uint32Array => {
  if (keyCount <= BITSET_MAX || keyCount <= 32 * total) {
    const bits = new Uint32Array(Math.ceil(keyCount / 32));
    let count = 0;
    visit((k) => {
      const word = k >>> 5;
      const mask = 1 << (k & 31);
      const old = bits[word] ?? 0;
      if ((old & mask) === 0) {
        bits[word] = old | mask;
        count++;
      }
    });
    const out = new Uint32Array(count);
    let n = 0;
    for (let w = 0; w < bits.length; w++) {
      let word = bits[w] ?? 0;
      while (word !== 0) {
        const low = word & -word;
        out[n++] = w * 32 + (31 - Math.clz32(low));
        word ^= low;
      }
    }
    return out;
  }
  const all = new Uint32Array(total);
  let n = 0;
  visit((k) => {
    all[n++] = k;
  });
  const sorted = all.subarray(0, n).sort();
  let distinct = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (i === 0 || sorted[i] !== sorted[distinct - 1]) sorted[distinct++] = sorted[i] ?? 0;
  }
  return sorted.slice(0, distinct);
};

/** The distinct key indexes in `indexes` (all below `keyCount`) as a KeySet. */
export const keySetOf = (indexes: Pick<OpDraws, 'length' | 'forEach'>, keyCount: number): KeySet =>
  keySetFromDistinct(
    collectDistinct(keyCount, indexes.length, (add) => indexes.forEach((k) => add(k))),
    keyCount,
  );

/** A KeySet over already distinct, ascending key indexes below `keyCount`. */
const keySetFromDistinct = (keyIndexes: Uint32Array, keyCount: number): KeySet => {
  if (keyCount <= DENSE_LOOKUP_MAX) {
    const slots = new Int32Array(keyCount).fill(-1);
    for (let s = 0; s < keyIndexes.length; s++) slots[keyIndexes[s] ?? 0] = s;
    return { keyIndexes, slotOf: (k) => slots[k] ?? -1 };
  }
  return {
    keyIndexes,
    slotOf: (k) => {
      let lo = 0;
      let hi = keyIndexes.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        const v = keyIndexes[mid] ?? 0;
        if (v === k) return mid;
        if (v < k) lo = mid + 1;
        else hi = mid - 1;
      }
      return -1;
    },
  };
};

/** Keys the runner writes before a run; GET and MGET read them. */
export interface Prefill {
  /** Distinct key indexes, ascending; empty when the run reads nothing. */
  readonly keyIndexes: Uint32Array;
  /** The size of the key's value (the value size, or a per-key draw when it is a range). */
  sizeOf(keyIndex: number): number;
  /** The value the key gets: `makeValue(keyIndex, sizeOf(keyIndex))`. */
  valueOf(keyIndex: number): string;
  /** Key name and value of every prefilled key, in key-index order. */
  entries(): Generator<{ key: string; value: string }>;
}

/** Key index of the j-th key of an MGET whose first key is `keyIndex`. */
export const mgetKeyIndex = (keyIndex: number, j: number, keyCount: number): number => (keyIndex + j) % keyCount;

/** The keys MGETs read: `mgetKeys` consecutive indexes from each operation's key, modulo the key count. */
export const mgetKeySet = (opKeys: KeySet, mgetKeys: number, keyCount: number): KeySet => {
  const span = Math.min(mgetKeys, keyCount);
  const starts = opKeys.keyIndexes;
  const distinct = collectDistinct(keyCount, starts.length * span, (add) => {
    for (let s = 0; s < starts.length; s++) {
      const k = starts[s] ?? 0;
      for (let j = 0; j < span; j++) add(mgetKeyIndex(k, j, keyCount));
    }
  });
  return keySetFromDistinct(distinct, keyCount);
};

/** Whether the command reads the keys it addresses (they get prefilled). */
export const readsKeys = (command: CommandName): boolean => command === 'GET' || command === 'MGET';

export const prefillOf = (
  keyIndexes: Uint32Array,
  nameOf: (keyIndex: number) => string,
  sizeOf: (keyIndex: number) => number,
): Prefill => {
  const valueOf = (keyIndex: number): string => makeValue(keyIndex, sizeOf(keyIndex));
  return {
    keyIndexes,
    sizeOf,
    valueOf,
    *entries() {
      for (const k of keyIndexes) yield { key: nameOf(k), value: valueOf(k) };
    },
  };
};
