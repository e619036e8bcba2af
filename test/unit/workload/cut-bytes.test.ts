// Sizing cut-after faults: whole replies or commands after the fault's start, turned into bytes.

import { describe, expect, it } from 'vitest';
import { commandBytes, cutAfterBytes, integerReplyBytes, okReplyBytes, type CutContext } from '../../../lab/workload/cut-bytes.ts';
import { tagKeys, wrapOp } from '../../../lab/workload/fault-drive.ts';
import { buildPlan } from '../../../lab/workload/plan.ts';
import { fixed, workload } from './workload-fixture.ts';

const ctx = (plan: CutContext['plan'], mode: CutContext['mode'], fromOp: number): CutContext => ({
  plan,
  mode,
  wrapping: 'tagged',
  tagKeys: tagKeys(plan.keyOf(0)),
  fromOp,
});

describe('cutAfterBytes', () => {
  const incr = buildPlan(workload({ command: 'INCR', key: 'c' }), 256, fixed(16), 1);

  it('down: INCR replies from the counter value at the fault, plus extra bytes', () => {
    // replies 129..160 are ":129\r\n" .. ":160\r\n", 6 bytes each
    const bytes = cutAfterBytes({ kind: 'cut-after', direction: 'down', units: 32, plusBytes: 2 }, ctx(incr, { kind: 'pipeline', batch: 64 }, 128));
    expect(bytes).toBe(32 * 6 + 2);
    expect(cutAfterBytes({ kind: 'cut-after', direction: 'down', units: 0, plusBytes: 0 }, ctx(incr, { kind: 'sync' }, 128))).toBe(0);
    // replies 8..12: ":8\r\n" ":9\r\n" (4 bytes) then ":10\r\n" .. ":12\r\n" (5 bytes)
    expect(cutAfterBytes({ kind: 'cut-after', direction: 'down', units: 5, plusBytes: 0 }, ctx(incr, { kind: 'sync' }, 7))).toBe(2 * 4 + 3 * 5);
  });

  it('down: each counter key counts its own increments', () => {
    const spread = buildPlan(workload({ command: 'INCRBY', key: 'c:{i}', keys: { kind: 'sequential', count: 2 }, incrementBy: 5 }), 40, fixed(16), 1);
    // ops alternate between two keys: op 20 is key 0's 11th increment (55), op 21 key 1's 11th (55), op 22 is 60
    expect(cutAfterBytes({ kind: 'cut-after', direction: 'down', units: 3, plusBytes: 0 }, ctx(spread, { kind: 'sync' }, 20))).toBe(3 * ':55\r\n'.length);
  });

  it('up: the wrapped commands as sent', () => {
    const c = ctx(incr, { kind: 'pipeline', batch: 64 }, 64);
    const sent = (op: number) => {
      const { name, args } = wrapOp('tagged', op, incr.name, incr.argsOf(op), c.tagKeys);
      return commandBytes([name, ...args]);
    };
    expect(cutAfterBytes({ kind: 'cut-after', direction: 'up', units: 3, plusBytes: 5 }, c)).toBe(sent(64) + sent(65) + sent(66) + 5);
  });

  it('multi: +OK, one +QUEUED per command, then EXEC\'s array as one unit', () => {
    const small = buildPlan(workload({ command: 'INCR', key: 'c' }), 8, fixed(16), 1);
    const multi = ctx(small, { kind: 'multi', batch: 4 }, 4);
    expect(cutAfterBytes({ kind: 'cut-after', direction: 'down', units: 3, plusBytes: 0 }, multi)).toBe(5 + 2 * 9); // +OK, 2 x +QUEUED
    // +OK, 4 x +QUEUED, then "*4\r\n" and ":5\r\n" .. ":8\r\n"
    expect(cutAfterBytes({ kind: 'cut-after', direction: 'down', units: 6, plusBytes: 0 }, multi)).toBe(5 + 4 * 9 + 4 + 4 * 4);
  });
});

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
  it('integers and OK', () => {
    expect(integerReplyBytes(0)).toBe(4); // :0\r\n
    expect(integerReplyBytes(42)).toBe(5);
    expect(integerReplyBytes(-1)).toBe(5);
    expect(integerReplyBytes(1000)).toBe(7);
    expect(okReplyBytes).toBe(Buffer.byteLength('+OK\r\n'));
  });
});
