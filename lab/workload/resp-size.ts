// Exact byte sizes of requests and replies on the wire (RESP2 and RESP3 agree on all of
// these), so a fault can cut a connection after a whole number of commands or replies.

const textBytes = (value: number): number => String(value).length;

/** A multibulk request: `*N\r\n` then `$len\r\narg\r\n` per argument (len in UTF-8 bytes). */
export const commandBytes = (args: readonly string[]): number => {
  let total = 1 + textBytes(args.length) + 2;
  for (const arg of args) {
    const len = Buffer.byteLength(arg, 'utf8');
    total += 1 + textBytes(len) + 2 + len + 2;
  }
  return total;
};

/** `:n\r\n`. */
export const integerReplyBytes = (n: number): number => 1 + textBytes(n) + 2;

/** `+OK\r\n`. */
export const okReplyBytes = 5;

/** `$len\r\ntext\r\n`; null: the RESP2 nil bulk `$-1\r\n` (RESP3 sends `_\r\n`, 3 bytes). */
export const bulkReplyBytes = (text: string | null): number => {
  if (text === null) return 5;
  const len = Buffer.byteLength(text, 'utf8');
  return 1 + textBytes(len) + 2 + len + 2;
};

// Integers k in [1, count] with lo <= from + k·by <= hi (by ≠ 0).
const stepsInRange = (from: number, by: number, count: number, lo: number, hi: number): number => {
  let first: number;
  let last: number;
  if (by > 0) {
    first = Math.ceil((lo - from) / by);
    last = Math.floor((hi - from) / by);
  } else {
    first = Math.ceil((hi - from) / by);
    last = Math.floor((lo - from) / by);
  }
  first = Math.max(first, 1);
  last = Math.min(last, count);
  return last >= first ? last - first + 1 : 0;
};

/**
 * Total bytes of the replies to `count` INCR / INCRBY commands on a counter that holds
 * `fromValue` before the first: reply k (1-based) is `:<fromValue + k·by>\r\n`. Computed per
 * digit length, so it is O(digits), not O(count). Values must stay within ±2^53.
 */
export const incrReplyBytes = (fromValue: number, count: number, by = 1): number => {
  if (count <= 0) return 0;
  if (by === 0) return count * integerReplyBytes(fromValue);
  let total = 0;
  // Values with d digits: [10^(d-1), 10^d - 1] (and 0 with d = 1), and their negatives plus a sign.
  for (let d = 1, lo = 0, hi = 9; d <= 17; d++, lo = hi + 1, hi = hi * 10 + 9) {
    total += stepsInRange(fromValue, by, count, lo, hi) * (d + 3);
    const negLo = -hi;
    const negHi = d === 1 ? -1 : -lo;
    total += stepsInRange(fromValue, by, count, negLo, negHi) * (d + 4);
  }
  return total;
};
