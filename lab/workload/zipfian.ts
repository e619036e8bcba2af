// Zipfian ranks over n items, rank 0 the hottest: the YCSB ZipfianGenerator (Gray et al.,
// "Quickly generating billion-record synthetic databases", SIGMOD 1994), unscrambled.
// P(rank r) is proportional to 1 / (r + 1)^theta, for 0 <= theta < 1.

import { LabError } from '../errors/index.ts';

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
