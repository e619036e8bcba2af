// Key distributions: the key index of every operation of a run, computed before the run so
// that no random draws happen inside the timed span; and key names from a pattern.

import { LabError } from '../errors/index.ts';
import type { KeyDistribution } from '../contracts/index.ts';
import { collectDistinct } from './key-set.ts';
import { createRng } from './rng.ts';
import { zipfianSampler } from './zipfian.ts';

const checkCommands = (commands: number): void => {
  if (!Number.isInteger(commands) || commands < 0) {
    throw new RangeError(`commands must be a whole number of at least 0, got ${String(commands)}`);
  }
};

const checkCount = (dist: KeyDistribution, count: number): void => {
  if (!Number.isInteger(count) || count < 1 || count > 2 ** 32) {
    throw new LabError('E_SCENARIO_INVALID', `A ${dist.kind} key distribution needs a whole count from 1 to 2^32, got ${String(count)}`);
  }
};

/** Keys in the distribution's key space (indexes run 0..n-1) for a run of `commands`. */
export const keyCountOf = (dist: KeyDistribution, commands: number): number => {
  switch (dist.kind) {
    case 'one':
      return 1;
    case 'sequential':
      return dist.count === 'commands' ? Math.max(commands, 1) : dist.count;
    case 'uniform':
    case 'zipfian':
      return dist.count;
  }
};

/** The key index of each of `commands` operations (deterministic per seed). */
export const keyIndexes = (dist: KeyDistribution, commands: number, seed: number): Uint32Array => {
  checkCommands(commands);
  const out = new Uint32Array(commands);
  if (dist.kind === 'one') return out;
  const count = keyCountOf(dist, commands);
  checkCount(dist, count);
  switch (dist.kind) {
    case 'sequential':
      for (let i = 0; i < commands; i++) out[i] = i % count;
      return out;
    case 'uniform': {
      const rng = createRng(seed);
      for (let i = 0; i < commands; i++) out[i] = rng.nextInt(count);
      return out;
    }
    case 'zipfian': {
      const rng = createRng(seed);
      const rank = zipfianSampler(count, dist.theta);
      for (let i = 0; i < commands; i++) out[i] = rank(rng.next());
      return out;
    }
  }
};

/** A function naming keys from a pattern: every `{i}` becomes the key index. */
export const keyNamer = (pattern: string): ((index: number) => string) => {
  const parts = pattern.split('{i}');
  if (parts.length === 1) return () => pattern;
  if (parts.length === 2) {
    const [before = '', after = ''] = parts;
    return (index) => before + index + after;
  }
  return (index) => parts.join(String(index));
};

/** The key name of `index`: every `{i}` in the pattern replaced by the index. */
export const keyName = (pattern: string, index: number): string => pattern.split('{i}').join(String(index));

/** How many different key indexes occur. */
export const distinctKeyCount = (indexes: Uint32Array): number => {
  let max = 0;
  for (let i = 0; i < indexes.length; i++) if ((indexes[i] ?? 0) > max) max = indexes[i] ?? 0;
  return collectDistinct(max + 1, indexes.length, (add) => {
    for (let i = 0; i < indexes.length; i++) add(indexes[i] ?? 0);
  }).length;
};

/** `one`, `sequential(1000)`, `sequential(commands)`, `uniform(1000)`, `zipfian(10000, 0.99)`. */
export const describeKeys = (dist: KeyDistribution): string => {
  switch (dist.kind) {
    case 'one':
      return 'one';
    case 'sequential':
    case 'uniform':
      return `${dist.kind}(${dist.count})`;
    case 'zipfian':
      return `zipfian(${dist.count}, ${dist.theta})`;
  }
};
