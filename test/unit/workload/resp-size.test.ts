import { describe, expect, it } from 'vitest';
import { bulkReplyBytes, commandBytes, incrReplyBytes, integerReplyBytes, okReplyBytes } from '../../../lab/workload/resp-size.ts';

// The RESP encoding written out, to check the arithmetic against the real thing.
const encode = (args: string[]) => `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;

describe('commandBytes', () => {
  it('matches hand-counted requests', () => {
    // *2\r\n (4) + $4\r\nINCR\r\n (10) + $13\r\nbench:counter\r\n (20)
    expect(commandBytes(['INCR', 'bench:counter'])).toBe(34);
    // *3\r\n (4) + $3\r\nSET\r\n (9) + $1\r\nk\r\n (7) + $2\r\né\r\n (8): é is 2 bytes in UTF-8
    expect(commandBytes(['SET', 'k', 'é'])).toBe(28);
    // *2\r\n (4) + $3\r\nGET\r\n (9) + $0\r\n\r\n (6)
    expect(commandBytes(['GET', ''])).toBe(19);
  });

  it('agrees with the encoded bytes, including 10+ arguments and long values', () => {
    const cases = [
      ['MGET', ...Array.from({ length: 12 }, (_, i) => `key:${i}`)],
      ['SET', 'k', 'x'.repeat(1000)],
      ['EVAL', 'return 1', '1', 'k', '→ unicode ✓'],
    ];
    for (const args of cases) expect(commandBytes(args)).toBe(Buffer.byteLength(encode(args)));
  });
});

describe('reply sizes', () => {
  it('integers, OK and bulk strings', () => {
    expect(integerReplyBytes(0)).toBe(4); // :0\r\n
    expect(integerReplyBytes(42)).toBe(5);
    expect(integerReplyBytes(-1)).toBe(5);
    expect(integerReplyBytes(1000)).toBe(7);
    expect(okReplyBytes).toBe(Buffer.byteLength('+OK\r\n'));
    expect(bulkReplyBytes('hello')).toBe(Buffer.byteLength('$5\r\nhello\r\n'));
    expect(bulkReplyBytes(null)).toBe(Buffer.byteLength('$-1\r\n'));
  });

  it('incrReplyBytes: hand-counted sums', () => {
    expect(incrReplyBytes(0, 12)).toBe(9 * 4 + 3 * 5); // 1..9 then 10..12
    expect(incrReplyBytes(5, 3, 5)).toBe(3 * 5); // 10, 15, 20
    expect(incrReplyBytes(95, 10)).toBe(4 * 5 + 6 * 6); // 96..99 then 100..105
    expect(incrReplyBytes(2, 4, -1)).toBe(4 + 4 + 5 + 5); // 1, 0, -1, -2
    expect(incrReplyBytes(7, 3, 0)).toBe(3 * 4);
    expect(incrReplyBytes(0, 0)).toBe(0);
  });

  it('incrReplyBytes agrees with summing every reply', () => {
    const brute = (from: number, count: number, by: number) => {
      let total = 0;
      for (let k = 1; k <= count; k++) total += integerReplyBytes(from + k * by);
      return total;
    };
    const cases: [number, number, number][] = [
      [0, 100_000, 1],
      [-5000, 20_000, 1],
      [999_990, 50, 3],
      [123, 5000, -7],
      [0, 1000, 1_000_000_007],
      [2 ** 40, 100, 12345],
    ];
    for (const [from, count, by] of cases) expect(incrReplyBytes(from, count, by), `${from},${count},${by}`).toBe(brute(from, count, by));
  });
});
