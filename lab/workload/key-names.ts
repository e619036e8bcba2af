// Key names for a run: precomputed once per distinct key when there are at most a million
// (so naming a key inside the timed span is an array read), built on demand above that.

import type { KeySet } from './key-set.ts';
import { keyNamer } from './keys.ts';

/** Distinct keys up to which names are precomputed. */
export const KEY_NAME_CACHE_MAX = 1_000_000;

/** A function from key index to key name, cached for the keys of `keys`. */
export const cachedKeyNames = (pattern: string, keys: KeySet): ((keyIndex: number) => string) => {
  const namer = keyNamer(pattern);
  if (!pattern.includes('{i}') || keys.keyIndexes.length > KEY_NAME_CACHE_MAX) return namer;
  const names = Array.from(keys.keyIndexes, namer);
  return (keyIndex) => {
    const slot = keys.slotOf(keyIndex);
    return slot >= 0 ? (names[slot] ?? namer(keyIndex)) : namer(keyIndex);
  };
};
