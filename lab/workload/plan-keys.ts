// Which keys a planned run touches (so the runner can delete them first) and which it reads
// (so they can be prefilled with known values that every read reply is checked against).

import type { CommandName } from '../contracts/index.ts';
import { collectDistinct, keySetFromDistinct, type KeySet } from './key-set.ts';
import { makeValue } from './values.ts';

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

/** Keys a run addresses: delete or reset them before the run. */
export interface TouchedKeys {
  /** Distinct key indexes, ascending (`one`: just 0). */
  readonly keyIndexes: Uint32Array;
  /** False for EVAL, EVALSHA and CUSTOM, whose script or command may touch other keys too. */
  readonly complete: boolean;
  /** Key names in key-index order. */
  names(): Generator<string>;
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

/** Whether the touched keys are all the run can touch. */
export const touchesOnlyItsKeys = (command: CommandName): boolean =>
  command !== 'EVAL' && command !== 'EVALSHA' && command !== 'CUSTOM';

export const touchedKeys = (keys: KeySet, complete: boolean, nameOf: (keyIndex: number) => string): TouchedKeys => ({
  keyIndexes: keys.keyIndexes,
  complete,
  *names() {
    for (const k of keys.keyIndexes) yield nameOf(k);
  },
});

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
