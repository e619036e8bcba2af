// Key distributions: the key index of every operation of a run, computed before the run so
// that no random draws happen inside the timed span (uniform, sequential, or zipfian ranks);
// and key names from a pattern, cached per run.

import { LabError } from '../errors/index.ts';
import type { KeyDistribution } from '../contracts/index.ts';
import type { KeySet } from './key-sets.ts';
import { computedDraws, seededDraws, type OpDraws } from './op-draws.ts';

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

/** The key index of each of `commands` operations (deterministic per seed), read by operation. */
export const keyDraws = (dist: KeyDistribution, commands: number, seed: number): OpDraws => {
  checkCommands(commands);
  if (dist.kind === 'one') return computedDraws(commands, () => 0);
  const count = keyCountOf(dist, commands);
  checkCount(dist, count);
  switch (dist.kind) {
    case 'sequential':
      return computedDraws(commands, (op) => op % count);
    case 'uniform':
      return seededDraws(commands, seed, (rng) => rng.nextInt(count));
    case 'zipfian': {
      const rank = zipfianSampler(count, dist.theta);
      return seededDraws(commands, seed, (rng) => rank(rng.next()));
    }
  }
};

/** keyDraws as one array (small runs and tests). */
export const keyIndexes = (dist: KeyDistribution, commands: number, seed: number): Uint32Array => {
  const draws = keyDraws(dist, commands, seed);
  const out = new Uint32Array(commands);
  draws.forEach((k, op) => {
    out[op] = k;
  });
  return out;
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

// Key names for a run: precomputed once per distinct key when there are at most a million
// (so naming a key inside the timed span is an array read), built on demand above that.
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

// Zipfian ranks over n items, rank 0 the hottest: the YCSB ZipfianGenerator (Gray et al.,
// "Quickly generating billion-record synthetic databases", SIGMOD 1994), unscrambled.
// P(rank r) is proportional to 1 / (r + 1)^theta, for 0 <= theta < 1.

// Terms summed exactly; the tail of zeta beyond this uses Euler–Maclaurin (error < 1e-12).
const EXACT_TERMS = 1_000_000;
const CACHE_LIMIT = 32;
const zetaCache = new Map<string, number>();

// zeta(n, theta) = sum_{i=1..n} 1 / i^theta, cached per (n, theta).
export const zeta = (n: number, theta: number): number => {
  const cacheKey = `${n}:${theta}`;
  const cached = zetaCache.get(cacheKey);
  if (cached !== undefined) return cached;
  const exact = Math.min(n, EXACT_TERMS);
  let sum = 0;
  for (let i = 1; i <= exact; i++) sum += 1 / Math.pow(i, theta);
  if (n > exact) {
    // sum_{i=a..b} f(i) ≈ ∫_a^b f + (f(a) + f(b)) / 2 + (f'(b) - f'(a)) / 12, f(x) = x^-theta.
    const a = exact + 1;
    const b = n;
    const f = (x: number) => Math.pow(x, -theta);
    const df = (x: number) => -theta * Math.pow(x, -theta - 1);
    sum += (Math.pow(b, 1 - theta) - Math.pow(a, 1 - theta)) / (1 - theta) + (f(a) + f(b)) / 2 + (df(b) - df(a)) / 12;
  }
  if (zetaCache.size >= CACHE_LIMIT) zetaCache.clear();
  zetaCache.set(cacheKey, sum);
  return sum;
};

/** Maps a uniform u in [0, 1) to a zipfian rank in [0, n). */
export const zipfianSampler = (n: number, theta: number): ((u: number) => number) => {
  if (!Number.isInteger(n) || n < 1) {
    throw new LabError('E_SCENARIO_INVALID', `A zipfian key distribution needs a whole count of at least 1, got ${String(n)}`);
  }
  if (!(theta >= 0 && theta < 1)) {
    throw new LabError('E_SCENARIO_INVALID', `The zipfian theta must be at least 0 and below 1, got ${String(theta)}`, {
      hint: 'YCSB uses theta: 0.99; the Gray et al. method is undefined at 1 and above.',
    });
  }
  if (n === 1) return () => 0;
  const zetan = zeta(n, theta);
  const zeta2 = zeta(2, theta);
  const alpha = 1 / (1 - theta);
  const eta = (1 - Math.pow(2 / n, 1 - theta)) / (1 - zeta2 / zetan);
  const secondBound = 1 + Math.pow(0.5, theta);
  const last = n - 1;
  return (u: number): number => {
    const uz = u * zetan;
    if (uz < 1) return 0;
    if (uz < secondBound) return 1;
    const rank = Math.floor(n * Math.pow(eta * u - eta + 1, alpha));
    return rank > last ? last : rank;
  };
};
