// Sizing cut-after faults: whole replies or commands after the fault's start, turned into bytes.

import { describe, expect, it } from 'vitest';
import { buildPlan, commandBytes, cutAfterBytes, tagKeys, wrapOp, type CutContext } from '../../../lab/workload/index.ts';
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
