import { describe, expect, it } from 'vitest';
import { buildPlan } from '../../../lab/workload/commands.ts';
import { checkCounterReplies, checkHashFieldReplies } from '../../../lab/workload/reply-check.ts';
import { fixed, workload } from './workload-fixture.ts';

const replies = (values: number[]) => Float64Array.from(values);

describe('checkCounterReplies', () => {
  // key 0: ops 0, 2, 4; key 1: ops 1, 3 (sequential over 2 keys).
  const incr = buildPlan(workload({ keys: { kind: 'sequential', count: 2 } }), 5, fixed(1), 1);

  it('accepts 1..k per key in any order, and in op order when ordered', () => {
    expect(checkCounterReplies(incr, replies([1, 1, 2, 2, 3]), { ordered: true })).toBeUndefined();
    expect(checkCounterReplies(incr, replies([3, 2, 1, 1, 2]))).toBeUndefined();
  });

  it('ordered: catches a reordering that the multiset accepts', () => {
    expect(checkCounterReplies(incr, replies([3, 2, 1, 1, 2]), { ordered: true })).toMatch(
      /^op 0 \(key k:0\): got 3, expected 1 .*\(and \d+ more problems\)$/,
    );
  });

  it('catches a duplicate, a gap, a missing reply and a wrong count', () => {
    expect(checkCounterReplies(incr, replies([1, 1, 1, 2, 3]))).toBe('op 2 (key k:0): reply 1 came more than once on the key');
    expect(checkCounterReplies(incr, replies([1, 1, 2, 2, 4]))).toMatch(/^op 4 \(key k:0\): got 4, expected a multiple of 1 from 1 to 3$/);
    expect(checkCounterReplies(incr, replies([1, 1, Number.NaN, 2, 3]))).toBe('op 2 (key k:0): no reply');
    expect(checkCounterReplies(incr, replies([1, 1, 2, 2]))).toBe('expected 5 replies, got 4');
  });

  it('INCRBY: multiples of by', () => {
    const plan = buildPlan(workload({ command: 'INCRBY', incrementBy: 10, key: 'c' }), 3, fixed(1), 1);
    expect(checkCounterReplies(plan, replies([10, 20, 30]), { ordered: true })).toBeUndefined();
    expect(checkCounterReplies(plan, replies([30, 10, 20]))).toBeUndefined();
    expect(checkCounterReplies(plan, replies([10, 20, 25]))).toMatch(/got 25/);
    const negative = buildPlan(workload({ command: 'INCRBY', incrementBy: -2, key: 'c' }), 2, fixed(1), 1);
    expect(checkCounterReplies(negative, replies([-4, -2]))).toBeUndefined();
    expect(checkCounterReplies(negative, replies([-2, -2]))).toMatch(/more than once/);
  });

  it('handles 1M INCRs on zipfian keys and finds one wrong reply', () => {
    const plan = buildPlan(workload({ keys: { kind: 'zipfian', count: 10_000, theta: 0.99 } }), 1_000_000, fixed(1), 1);
    const seen = new Map<number, number>();
    const values = new Float64Array(plan.commands);
    for (let op = 0; op < plan.commands; op++) {
      const k = plan.keyIndexes[op] ?? 0;
      const n = (seen.get(k) ?? 0) + 1;
      seen.set(k, n);
      values[op] = n;
    }
    expect(checkCounterReplies(plan, values, { ordered: true })).toBeUndefined();
    values[999_999] = (values[999_999] ?? 0) + 1;
    expect(checkCounterReplies(plan, values)).toMatch(/^op 999999/);
  });
});

describe('checkHashFieldReplies', () => {
  // key 0: ops 0, 2; key 1: ops 1, 3.
  const hset = buildPlan(workload({ command: 'HSET', keys: { kind: 'sequential', count: 2 } }), 4, fixed(4), 1);

  it('accepts exactly one 1 per key; ordered: on its first op', () => {
    expect(checkHashFieldReplies(hset, replies([1, 1, 0, 0]), { ordered: true })).toBeUndefined();
    expect(checkHashFieldReplies(hset, replies([0, 1, 1, 0]))).toBeUndefined();
  });

  it('catches a second 1, a missing 1, a bad value and a missing reply', () => {
    expect(checkHashFieldReplies(hset, replies([0, 1, 1, 0]), { ordered: true })).toMatch(/^op 0 \(key k:0\): got 0, expected 1/);
    expect(checkHashFieldReplies(hset, replies([1, 1, 1, 0]))).toBe('key k:0: 2 HSETs created field f, expected exactly 1');
    expect(checkHashFieldReplies(hset, replies([0, 1, 0, 0]))).toBe('key k:0: 0 HSETs created field f, expected exactly 1');
    expect(checkHashFieldReplies(hset, replies([1, 1, 2, 0]))).toMatch(/^op 2 \(key k:0\): got 2, expected 1 or 0/);
    expect(checkHashFieldReplies(hset, replies([1, Number.NaN, 0, 0]))).toMatch(/^op 1 \(key k:1\): no reply/);
  });
});
