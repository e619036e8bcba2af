// Values the workload writes and reads: per-operation sizes (seeded, computed before a run)
// and deterministic ASCII content that names its operation or key, so a value read back can
// be traced to the write that produced it.

import { constants } from 'node:buffer';
import { LabError } from '../errors/index.ts';
import type { ValueSize } from '../contracts/index.ts';
import { seededDraws, type OpDraws } from './op-draws.ts';
import { hash32 } from './rng.ts';

const { MAX_STRING_LENGTH } = constants;

const checkSize = (size: ValueSize): void => {
  const { minBytes, maxBytes } = size;
  if (!Number.isInteger(minBytes) || !Number.isInteger(maxBytes) || minBytes < 0 || maxBytes < minBytes || maxBytes > 2 ** 31) {
    throw new LabError('E_SCENARIO_INVALID', `Invalid value size ${String(minBytes)}..${String(maxBytes)} bytes`, {
      hint: 'Value sizes are whole byte counts with 0 <= min <= max, e.g. value: 1KB or value: 16B..4KB.',
    });
  }
};

// True when every operation uses the same size.
const isFixedSize = (size: ValueSize): boolean => size.minBytes === size.maxBytes;

/**
 * The value size of each of `commands` operations: the size itself when it is fixed,
 * else a seeded uniform draw in [minBytes, maxBytes] per operation, read by operation.
 */
export const valueDraws = (size: ValueSize, commands: number, seed: number): OpDraws | number => {
  checkSize(size);
  if (isFixedSize(size)) return size.minBytes;
  const span = size.maxBytes - size.minBytes + 1;
  return seededDraws(commands, seed, (rng) => size.minBytes + rng.nextInt(span));
};

/** valueDraws as one array (small runs and tests). */
export const valueSizes = (size: ValueSize, commands: number, seed: number): Uint32Array | number => {
  const draws = valueDraws(size, commands, seed);
  if (typeof draws === 'number') return draws;
  const out = new Uint32Array(commands);
  draws.forEach((v, op) => {
    out[op] = v;
  });
  return out;
};

/** The size of operation `op` from `valueDraws`' (or `valueSizes`') result. */
export const sizeAt = (sizes: Pick<OpDraws, 'at'> | Uint32Array | number, op: number): number => (typeof sizes === 'number' ? sizes : (sizes.at(op) ?? 0));

/**
 * The size of the value prefilled for one key (GET, MGET): fixed sizes as they are, a range
 * hashed from (seed, key index) so that it needs no per-key table.
 */
export const keyValueSize = (size: ValueSize, seed: number, keyIndex: number): number => {
  if (isFixedSize(size)) return size.minBytes;
  const span = size.maxBytes - size.minBytes + 1;
  return size.minBytes + (hash32(seed | 0, keyIndex) % span);
};

// One shared run of filler characters; values are its slices (V8 shares the backing store),
// so 100k values of 1 KB cost 100k small strings, not 100 MB. It grows by doubling, never past
// V8's longest string (scenario values stop well short of it: MAX_VALUE_BYTES).
let filler = 'x'.repeat(4096);

const fill = (length: number): string => {
  if (length > filler.length) filler = 'x'.repeat(Math.min(Math.max(length, filler.length * 2), Math.max(length, MAX_STRING_LENGTH)));
  return filler.slice(0, length);
};

/**
 * Exactly `sizeBytes` ASCII bytes: `v<index>:` then `x` filler (`v42:xxxx…`). Sizes shorter
 * than the prefix get the prefix truncated.
 */
export const makeValue = (opOrKeyIndex: number, sizeBytes: number): string => {
  const prefix = `v${opOrKeyIndex}:`;
  if (sizeBytes <= prefix.length) return prefix.slice(0, Math.max(sizeBytes, 0));
  return prefix + fill(sizeBytes - prefix.length);
};

/** True when `text` is exactly `makeValue(opOrKeyIndex, sizeBytes)`, checked without building it. */
export const isValue = (text: string, opOrKeyIndex: number, sizeBytes: number): boolean => {
  if (text.length !== sizeBytes) return false;
  const prefix = `v${opOrKeyIndex}:`;
  if (sizeBytes <= prefix.length) return prefix.startsWith(text);
  return text.startsWith(prefix) && text.endsWith(fill(sizeBytes - prefix.length));
};
