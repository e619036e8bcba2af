// The lab's seeded pseudo-random generator: every random choice of a run (key indexes, value
// sizes) comes from here, so a recorded seed reproduces the run exactly.
//
// Generator: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator from PractRand,
// 128-bit state, 32-bit output). The state is seeded from the seed's low and high 32 bits
// through splitmix32 (a bijective mixer, so different seeds give different states), and the
// first 12 outputs are discarded as PractRand recommends. Not cryptographic.

import { LabError } from '../errors/index.ts';

export interface Rng {
  /** A float in [0, 1) with 32 bits of randomness. */
  next(): number;
  /** An integer in [0, n), exactly uniform (rejection sampling); 1 <= n <= 2^32. */
  nextInt(n: number): number;
  /** A uniform unsigned 32-bit integer. */
  nextUint32(): number;
  /** The generator's state now: resumeRng(state) draws what this generator draws next. */
  state(): RngState;
}

/** sfc32's four 32-bit words. */
export type RngState = readonly [number, number, number, number];

const TWO_32 = 4_294_967_296;

// splitmix32: one step of a bijective 32-bit mixer; returns [output, next state].
const splitmix32 = (state: number): [number, number] => {
  const next = (state + 0x9e3779b9) | 0;
  let t = next ^ (next >>> 16);
  t = Math.imul(t, 0x21f0aaad);
  t ^= t >>> 15;
  t = Math.imul(t, 0x735a2d97);
  t ^= t >>> 15;
  return [t >>> 0, next];
};

const checkSeed = (seed: number): void => {
  if (!Number.isSafeInteger(seed)) {
    throw new LabError('E_SCENARIO_INVALID', `The seed must be a whole number, got ${String(seed)}`, {
      hint: 'Use an integer seed, e.g. seed: 1.',
    });
  }
};

// The seed's two 32-bit halves (negative seeds wrap, as in two's complement).
const seedHalves = (seed: number): [number, number] => [seed >>> 0, Math.floor(seed / TWO_32) >>> 0];

/** A generator whose sequence depends only on `seed` (a safe integer). */
export const createRng = (seed: number): Rng => {
  checkSeed(seed);
  const [lo, hi] = seedHalves(seed);
  const [a, s] = splitmix32(lo);
  const [b] = splitmix32(s);
  const [c] = splitmix32(hi ^ 0x6a09e667);
  const rng = resumeRng([a, b, c, 1]);
  for (let i = 0; i < 12; i++) rng.nextUint32();
  return rng;
};

/** A generator that continues from `state` (an earlier generator's state()). */
export const resumeRng = (state: RngState): Rng => {
  let [a, b, c, d] = state;

  const nextUint32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };

  const nextInt = (n: number): number => {
    if (!Number.isInteger(n) || n < 1 || n > TWO_32) {
      throw new RangeError(`nextInt(n) needs a whole number n from 1 to 2^32, got ${String(n)}`);
    }
    const limit = TWO_32 - (TWO_32 % n);
    let x = nextUint32();
    while (x >= limit) x = nextUint32();
    return x % n;
  };

  return { next: () => nextUint32() / TWO_32, nextInt, nextUint32, state: () => [a, b, c, d] };
};

/** A 32-bit hash of two integers (splitmix32 mixing): cheap, stateless, deterministic. */
export const hash32 = (a: number, b: number): number => {
  const [x] = splitmix32((a ^ Math.imul(b >>> 0, 0x85ebca6b)) | 0);
  const [y] = splitmix32((x ^ (b >>> 0)) | 0);
  return y;
};

// FNV-1a over the UTF-16 code units of a label.
const fnv1a = (text: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
};

/**
 * A seed for an independent stream (`keys`, `values`) derived from the run's seed, so that
 * two uses of one seed do not draw the same numbers. Keeps the seed's high half.
 */
export const deriveSeed = (seed: number, stream: string): number => {
  checkSeed(seed);
  const [lo, hi] = seedHalves(seed);
  return hi * TWO_32 + hash32(lo, fnv1a(stream));
};
