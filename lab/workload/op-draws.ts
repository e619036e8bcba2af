// Per-operation draws (key indexes, value sizes) read by operation index without an array of
// one entry per operation: a plan of 100M operations would otherwise hold 400 MB per draw.
// Seeded draws keep the generator's state at the start of every chunk of 65,536 operations
// (16 bytes per chunk) and regenerate a chunk when it is read; the first chunks drawn and then
// the chunks read last are cached (32 at most, 8 MB), so a plan of up to 2M operations is drawn
// once and a driver reading its operations in order regenerates each chunk once. The values
// are the same as drawing them all in one pass from the same seed.

import { createRng, resumeRng, type Rng } from './rng.ts';

/** A value per operation, 0..length-1. */
export interface OpDraws {
  readonly length: number;
  /** The value of operation `op` (0 outside 0..length-1). */
  at(op: number): number;
  /** Calls `visit` with every value in operation order. */
  forEach(visit: (value: number, op: number) => void): void;
}

const CHUNK_SHIFT = 16;
const CHUNK_OPS = 1 << CHUNK_SHIFT;
// Chunks kept (256 KB each): enough for several connections each reading its own share in order.
const CACHED_CHUNKS = 32;

/** Values computed from the operation index alone (no draws, nothing stored). */
export const computedDraws = (length: number, valueOf: (op: number) => number): OpDraws => ({
  length,
  at: (op) => (op >= 0 && op < length ? valueOf(op) : 0),
  forEach: (visit) => {
    for (let op = 0; op < length; op++) visit(valueOf(op), op);
  },
});

class SeededDraws implements OpDraws {
  readonly length: number;
  readonly #draw: (rng: Rng) => number;
  /** Per chunk, the generator's four state words at its first operation. */
  readonly #starts: Uint32Array;
  readonly #cache = new Map<number, Uint32Array>();
  #lastIndex = -1;
  #last: Uint32Array = new Uint32Array(0);

  constructor(length: number, seed: number, draw: (rng: Rng) => number) {
    this.length = length;
    this.#draw = draw;
    const chunks = Math.ceil(length / CHUNK_OPS);
    this.#starts = new Uint32Array(4 * chunks);
    const rng = createRng(seed);
    for (let c = 0; c < chunks; c++) {
      this.#starts.set(rng.state(), 4 * c);
      const size = Math.min(CHUNK_OPS, length - c * CHUNK_OPS);
      // The first chunks are kept as they are drawn: a plan of up to CACHED_CHUNKS chunks is drawn once.
      if (c < CACHED_CHUNKS) {
        const chunk = new Uint32Array(size);
        for (let i = 0; i < size; i++) chunk[i] = draw(rng);
        this.#cache.set(c, chunk);
      } else {
        for (let i = 0; i < size; i++) draw(rng);
      }
    }
  }

  at(op: number): number {
    if (!(op >= 0 && op < this.length)) return 0;
    const c = Math.floor(op / CHUNK_OPS);
    if (c !== this.#lastIndex) {
      this.#last = this.#chunk(c);
      this.#lastIndex = c;
    }
    return this.#last[op - c * CHUNK_OPS] ?? 0;
  }

  forEach(visit: (value: number, op: number) => void): void {
    const scratch = new Uint32Array(CHUNK_OPS);
    for (let c = 0; c * CHUNK_OPS < this.length; c++) {
      const cached = this.#cache.get(c);
      const chunk = cached ?? scratch;
      const size = cached ? cached.length : this.#fill(c, scratch);
      for (let i = 0; i < size; i++) visit(chunk[i] ?? 0, c * CHUNK_OPS + i);
    }
  }

  #chunk(c: number): Uint32Array {
    const cached = this.#cache.get(c);
    if (cached) return cached;
    if (this.#cache.size >= CACHED_CHUNKS) {
      const oldest = this.#cache.keys().next().value;
      if (oldest !== undefined) this.#cache.delete(oldest);
    }
    const chunk = new Uint32Array(Math.min(CHUNK_OPS, this.length - c * CHUNK_OPS));
    this.#fill(c, chunk);
    this.#cache.set(c, chunk);
    return chunk;
  }

  // Regenerates chunk c into `into`; returns its size.
  #fill(c: number, into: Uint32Array): number {
    const s = this.#starts;
    const rng = resumeRng([s[4 * c] ?? 0, s[4 * c + 1] ?? 0, s[4 * c + 2] ?? 0, s[4 * c + 3] ?? 0]);
    const size = Math.min(CHUNK_OPS, this.length - c * CHUNK_OPS);
    for (let i = 0; i < size; i++) into[i] = this.#draw(rng);
    return size;
  }
}

/** One seeded draw per operation, `draw(rng)` in operation order from `createRng(seed)`. */
export const seededDraws = (length: number, seed: number, draw: (rng: Rng) => number): OpDraws => new SeededDraws(length, seed, draw);
