import { describe, expect, it } from 'vitest';
import { buildPlan } from '../../../lab/workload/plan.ts';
import { checkCounterReplies, checkFinalValue, checkHashFieldReplies, expectedFinalState } from '../../../lab/workload/run-checks.ts';
import { makeValue } from '../../../lab/workload/values.ts';
import { fixed, workload } from './workload-fixture.ts';

describe('expectedFinalState', () => {
  it('INCR / INCRBY: operations on each key times by', () => {
    const plan = buildPlan(workload({ command: 'INCRBY', incrementBy: 3, keys: { kind: 'sequential', count: 2 } }), 5, fixed(1), 1);
    const state = expectedFinalState(plan);
    expect(state.kind).toBe('counters');
    expect(state.sampled).toBe(false);
    expect(state.entries.map(({ key, value }) => [key, value])).toEqual([
      ['k:0', '9'],
      ['k:1', '6'],
    ]);
    const one = expectedFinalState(buildPlan(workload({ key: 'bench:counter' }), 2048, fixed(1), 1));
    expect(one.entries).toEqual([{ key: 'bench:counter', value: '2048', anyOf: ['2048'] }]);
  });

  it('SET: the value of the last op on each key', () => {
    const plan = buildPlan(workload({ command: 'SET', keys: { kind: 'sequential', count: 3 } }), 7, fixed(6), 1);
    const state = expectedFinalState(plan);
    expect(state.kind).toBe('strings');
    // key 0: ops 0, 3, 6; key 1: ops 1, 4; key 2: ops 2, 5.
    expect(state.entries.map(({ key, value }) => [key, value])).toEqual([
      ['k:0', makeValue(6, 6)],
      ['k:1', makeValue(4, 6)],
      ['k:2', makeValue(5, 6)],
    ]);
  });

  it('SET with several connections: any connection’s last write is acceptable', () => {
    const plan = buildPlan(workload({ command: 'SET', key: 'one' }), 6, fixed(6), 1);
    // Connection 0 issues ops 0..2, connection 1 ops 3..5.
    const state = expectedFinalState(plan, { connectionOf: (op) => (op < 3 ? 0 : 1) });
    const [entry] = state.entries;
    expect(entry?.value).toBe(makeValue(5, 6));
    expect([...(entry?.anyOf ?? [])].sort()).toEqual([makeValue(2, 6), makeValue(5, 6)].sort());
  });

  it('HSET: field and last value', () => {
    const plan = buildPlan(workload({ command: 'HSET', field: 'name' }), 3, fixed(5), 1);
    expect(expectedFinalState(plan).entries).toEqual([{ key: 'k:0', field: 'name', value: makeValue(2, 5), anyOf: [makeValue(2, 5)] }]);
    expect(expectedFinalState(plan).kind).toBe('hash-fields');
  });

  it('GET / MGET: the prefill, unchanged', () => {
    const plan = buildPlan(workload({ command: 'MGET', mgetKeys: 2, keys: { kind: 'sequential', count: 10 } }), 2, fixed(5), 1);
    const state = expectedFinalState(plan);
    expect(state.kind).toBe('prefilled');
    expect(state.entries.map((e) => e.key)).toEqual(['k:0', 'k:1', 'k:2']);
    expect(state.entries[2]?.value).toBe(makeValue(2, 5));
  });

  it('EVAL / EVALSHA / CUSTOM: not checked', () => {
    const plan = buildPlan(workload({ command: 'CUSTOM', args: ['DEL', '{key}'] }), 2, fixed(5), 1);
    expect(expectedFinalState(plan)).toEqual({ kind: 'unchecked', entries: [], keys: 0, sampled: false });
  });

  it('samples evenly beyond the limit and says so', () => {
    const plan = buildPlan(workload({ command: 'SET', keys: { kind: 'sequential', count: 'commands' } }), 50_000, fixed(8), 1);
    const state = expectedFinalState(plan, { sampleKeys: 100 });
    expect(state.sampled).toBe(true);
    expect(state.keys).toBe(50_000);
    expect(state.entries).toHaveLength(100);
    expect(state.entries[0]?.key).toBe('k:0');
    expect(state.entries[1]?.key).toBe('k:500');
    expect(state.entries[1]?.value).toBe(makeValue(500, 8));
    expect(expectedFinalState(plan).entries).toHaveLength(10_000);
  });
});

describe('checkFinalValue', () => {
  it('accepts any acceptable value (strings or integers) and describes the rest', () => {
    const entry = { key: 'c', value: '5', anyOf: ['5'] };
    expect(checkFinalValue(entry, '5')).toBeUndefined();
    expect(checkFinalValue(entry, 5)).toBeUndefined();
    expect(checkFinalValue(entry, '6')).toBe("key c holds '6', expected '5'");
    expect(checkFinalValue(entry, null)).toBe("key c holds nil, expected '5'");
    const field = { key: 'h', field: 'f', value: 'a', anyOf: ['a', 'b'] };
    expect(checkFinalValue(field, 'b')).toBeUndefined();
    expect(checkFinalValue(field, 'c')).toBe("field f of key h holds 'c', expected one of 2 last writes");
  });
});

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
      const k = plan.keyIndexes.at(op);
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
