// Which operations one connection issues, and the clock every driver reads.

export interface OpRange {
  /** First operation index (inclusive) and end (exclusive) of this connection's share. */
  start: number;
  end: number;
}

/** Monotonic clock in µs: a double, so reading it allocates nothing (hrtime.bigint allocates a
 * BigInt per read, which a sync loop pays twice per command). Sub-µs resolution in Node. */
export const nowUs = (): number => performance.now() * 1_000;

/** Splits N operations over C connections in contiguous shares (the first N % C get one more). */
export const splitOps = (commands: number, connections: number): OpRange[] => {
  const ranges: OpRange[] = [];
  let start = 0;
  for (let c = 0; c < connections; c++) {
    const size = Math.floor(commands / connections) + (c < commands % connections ? 1 : 0);
    ranges.push({ start, end: start + size });
    start += size;
  }
  return ranges;
};

/** ioredis rejects with a ReplyError when Redis answered `-ERR ...`: the connection is fine. */
export const isReplyError = (error: unknown): boolean => error instanceof Error && error.name === 'ReplyError';
