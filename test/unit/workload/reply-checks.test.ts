import { describe, expect, it } from 'vitest';
import type { ReplyCheck } from '../../../lab/contracts/index.ts';
import { buildPlan } from '../../../lab/workload/plan.ts';
import { checkReply } from '../../../lab/workload/reply-checks.ts';
import { makeValue } from '../../../lab/workload/values.ts';
import { fixed, workload } from './workload-fixture.ts';

// ioredis hands error replies over as Error objects (ReplyError).
const replyError = (message: string) => new Error(message);

describe('checkReply: any command', () => {
  it('an error reply is always wrong and is named by its first word', () => {
    const plan = buildPlan(workload({ command: 'CUSTOM', args: ['PING'], reply: { kind: 'any' } }), 1, fixed(4), 1);
    expect(checkReply(plan, 0, replyError('WRONGTYPE Operation against a key holding the wrong kind of value'))).toBe(
      'error reply WRONGTYPE',
    );
    const set = buildPlan(workload({ command: 'SET' }), 1, fixed(4), 1);
    expect(checkReply(set, 0, replyError('OOM command not allowed'))).toBe('error reply OOM');
  });
});

describe('checkReply: INCR / INCRBY', () => {
  it('accepts k·by within the operations on the key', () => {
    const plan = buildPlan(workload({ command: 'INCRBY', incrementBy: 5 }), 4, fixed(1), 1);
    for (const reply of [5, 10, 15, 20]) expect(checkReply(plan, 0, reply)).toBeUndefined();
  });

  it('catches non-integers, non-multiples and out-of-range values', () => {
    const plan = buildPlan(workload({ command: 'INCRBY', incrementBy: 5 }), 4, fixed(1), 1);
    expect(checkReply(plan, 0, '5')).toBe("expected an integer, got '5'");
    expect(checkReply(plan, 0, null)).toBe('expected an integer, got nil');
    expect(checkReply(plan, 0, 7)).toMatch(/not a multiple of the increment 5/);
    expect(checkReply(plan, 0, 25)).toMatch(/outside 5\.\.20/);
    expect(checkReply(plan, 0, 0)).toMatch(/outside/);
  });

  it('bounds each key by its own operation count', () => {
    const plan = buildPlan(workload({ keys: { kind: 'sequential', count: 2 } }), 5, fixed(1), 1);
    // key 0 gets ops 0, 2, 4 (3 increments); key 1 gets ops 1, 3 (2 increments).
    expect(checkReply(plan, 0, 3)).toBeUndefined();
    expect(checkReply(plan, 1, 2)).toBeUndefined();
    expect(checkReply(plan, 1, 3)).toMatch(/outside 1\.\.2/);
  });
});

describe('checkReply: SET / GET', () => {
  it('SET wants OK', () => {
    const plan = buildPlan(workload({ command: 'SET' }), 1, fixed(4), 1);
    expect(checkReply(plan, 0, 'OK')).toBeUndefined();
    expect(checkReply(plan, 0, 'QUEUED')).toBe("expected 'OK', got 'QUEUED'");
    expect(checkReply(plan, 0, null)).toBe("expected 'OK', got nil");
    expect(checkReply(plan, 0, 1)).toBe("expected 'OK', got integer 1");
  });

  it('GET wants the prefilled value; nil is never valid', () => {
    const plan = buildPlan(workload({ command: 'GET', keys: { kind: 'sequential', count: 10 } }), 20, fixed(64), 1);
    expect(checkReply(plan, 13, makeValue(3, 64))).toBeUndefined();
    expect(checkReply(plan, 13, Buffer.from(makeValue(3, 64)))).toBeUndefined();
    expect(checkReply(plan, 13, makeValue(4, 64))).toMatch(/^expected 'v3:x.*' \(64 bytes\), got 'v4:x.*' \(64 bytes\)$/);
    expect(checkReply(plan, 13, makeValue(3, 63))).toMatch(/got .*\(63 bytes\)/);
    expect(checkReply(plan, 13, null)).toMatch(/^nil: key k:3/);
  });

  it('GET with a size range: each key has its own prefilled size', () => {
    const plan = buildPlan(workload({ command: 'GET', keys: { kind: 'uniform', count: 50 } }), 200, { minBytes: 10, maxBytes: 90 }, 1);
    for (let op = 0; op < 200; op++) {
      const k = plan.keyIndexes.at(op);
      expect(checkReply(plan, op, makeValue(k, plan.prefill.sizeOf(k)))).toBeUndefined();
      expect(checkReply(plan, op, makeValue(k, plan.prefill.sizeOf(k) + 1))).toBeDefined();
    }
  });
});

describe('checkReply: HSET', () => {
  it('accepts 1 or 0 only', () => {
    const plan = buildPlan(workload({ command: 'HSET' }), 2, fixed(4), 1);
    expect(checkReply(plan, 0, 1)).toBeUndefined();
    expect(checkReply(plan, 1, 0)).toBeUndefined();
    expect(checkReply(plan, 1, 2)).toMatch(/expected 1 .* or 0 .*, got integer 2/);
    expect(checkReply(plan, 1, 'OK')).toMatch(/got 'OK'/);
  });
});

describe('checkReply: MGET', () => {
  const plan = buildPlan(workload({ command: 'MGET', mgetKeys: 3, keys: { kind: 'sequential', count: 4 } }), 4, fixed(8), 1);

  it('accepts the prefilled values of the M keys, wrapping', () => {
    expect(checkReply(plan, 3, [makeValue(3, 8), makeValue(0, 8), makeValue(1, 8)])).toBeUndefined();
  });

  it('catches a wrong length, a nil element, a wrong element and a non-array', () => {
    expect(checkReply(plan, 3, [makeValue(3, 8), makeValue(0, 8)])).toBe('expected an array of 3, got an array of 2');
    expect(checkReply(plan, 3, [makeValue(3, 8), null, makeValue(1, 8)])).toBe("element 2 (key k:0): expected 'v0:xxxxx', got nil");
    expect(checkReply(plan, 3, [makeValue(3, 8), makeValue(0, 8), makeValue(2, 8)])).toMatch(/^element 3 \(key k:1\)/);
    expect(checkReply(plan, 3, 'v3:xxxxx')).toMatch(/expected an array of 3, got 'v3/);
  });
});

describe('checkReply: EVAL / EVALSHA / CUSTOM', () => {
  const planWith = (command: 'EVAL' | 'EVALSHA' | 'CUSTOM', reply: ReplyCheck) =>
    buildPlan(
      workload({
        command,
        script: command === 'CUSTOM' ? undefined : 'return ARGV[1]',
        args: command === 'CUSTOM' ? ['ECHO', '{key}={i}'] : ['{key}={i}'],
        reply,
        keys: { kind: 'sequential', count: 10 },
      }),
      10,
      fixed(4),
      1,
    );

  it('any: anything but an error', () => {
    const plan = planWith('EVAL', { kind: 'any' });
    for (const reply of [null, 0, 'x', [1, 2]]) expect(checkReply(plan, 0, reply)).toBeUndefined();
    expect(checkReply(plan, 0, replyError('NOSCRIPT No matching script'))).toBe('error reply NOSCRIPT');
  });

  it('ok: the simple string OK', () => {
    const plan = planWith('CUSTOM', { kind: 'ok' });
    expect(checkReply(plan, 0, 'OK')).toBeUndefined();
    expect(checkReply(plan, 0, 'ok')).toBe("expected 'OK', got 'ok'");
  });

  it('integer: a whole number', () => {
    const plan = planWith('EVALSHA', { kind: 'integer' });
    expect(checkReply(plan, 0, 3)).toBeUndefined();
    expect(checkReply(plan, 0, 1.5)).toBe('expected an integer, got number 1.5');
    expect(checkReply(plan, 0, '3')).toBe("expected an integer, got '3'");
  });

  it('equals: the text after placeholder substitution', () => {
    const plan = planWith('EVAL', { kind: 'equals', text: '{key}={i}' });
    expect(checkReply(plan, 7, 'k:7=7')).toBeUndefined();
    expect(checkReply(plan, 7, 'k:6=6')).toBe("expected 'k:7=7', got 'k:6=6'");
    const numeric = planWith('CUSTOM', { kind: 'equals', text: '{i}' });
    expect(checkReply(numeric, 4, 4)).toBeUndefined();
    expect(checkReply(numeric, 4, 5)).toBe("expected '4', got integer 5");
    const withValue = planWith('CUSTOM', { kind: 'equals', text: '{value}' });
    expect(checkReply(withValue, 2, 'v2:x')).toBeUndefined();
  });
});
