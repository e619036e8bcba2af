import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildPlan, scriptSha } from '../../../lab/workload/plan.ts';
import { KEY_NAME_CACHE_MAX } from '../../../lab/workload/key-distributions.ts';
import type { OpDraws } from '../../../lab/workload/op-draws.ts';
import { makeValue, sizeAt } from '../../../lab/workload/values.ts';
import { fixed, workload } from './workload-fixture.ts';

// Every value of a plan's per-operation draws (or the fixed size), for comparing two plans.
const all = (draws: OpDraws | number): number[] | number => (typeof draws === 'number' ? draws : Array.from({ length: draws.length }, (_, op) => draws.at(op)));

describe('buildPlan: arguments per command', () => {
  it('INCR and INCRBY', () => {
    const incr = buildPlan(workload({ key: 'bench:counter' }), 3, fixed(8), 1);
    expect(incr.name).toBe('incr');
    expect([0, 1, 2].map((op) => incr.argsOf(op))).toEqual([['bench:counter'], ['bench:counter'], ['bench:counter']]);
    expect(incr.incrementBy).toBe(1);
    const incrby = buildPlan(workload({ command: 'INCRBY', incrementBy: 5, keys: { kind: 'sequential', count: 2 } }), 3, fixed(8), 1);
    expect(incrby.argsOf(1)).toEqual(['k:1', '5']);
    expect(incrby.incrementBy).toBe(5);
  });

  it('SET: the op index value of the op size; GET: just the key', () => {
    const set = buildPlan(workload({ command: 'SET', keys: { kind: 'sequential', count: 10 } }), 20, fixed(12), 1);
    expect(set.argsOf(13)).toEqual(['k:3', 'v13:xxxxxxxx']);
    expect(set.valueSizes).toBe(12);
    const get = buildPlan(workload({ command: 'GET', keys: { kind: 'sequential', count: 10 } }), 20, fixed(12), 1);
    expect(get.argsOf(13)).toEqual(['k:3']);
  });

  it('SET with a size range draws a size per op', () => {
    const plan = buildPlan(workload({ command: 'SET', keys: { kind: 'uniform', count: 50 } }), 500, { minBytes: 10, maxBytes: 40 }, 1);
    expect(typeof plan.valueSizes).toBe('object');
    for (let op = 0; op < 500; op++) {
      const [key, value] = plan.argsOf(op);
      expect(key).toBe(`k:${plan.keyIndexes.at(op)}`);
      expect(value).toHaveLength(sizeAt(plan.valueSizes, op));
      expect(value?.startsWith(`v${op}:`)).toBe(true);
    }
  });

  it('HSET: key, field, value', () => {
    const plan = buildPlan(workload({ command: 'HSET', field: 'name' }), 2, fixed(6), 1);
    expect(plan.argsOf(1)).toEqual(['k:0', 'name', 'v1:xxx']);
  });

  it('MGET: M consecutive keys from the op key, wrapping at the key count', () => {
    const plan = buildPlan(workload({ command: 'MGET', mgetKeys: 3, keys: { kind: 'sequential', count: 4 } }), 4, fixed(6), 1);
    expect(plan.argsOf(0)).toEqual(['k:0', 'k:1', 'k:2']);
    expect(plan.argsOf(3)).toEqual(['k:3', 'k:0', 'k:1']);
    const one = buildPlan(workload({ command: 'MGET', mgetKeys: 2 }), 1, fixed(6), 1);
    expect(one.argsOf(0)).toEqual(['k:0', 'k:0']);
  });

  it('EVAL and EVALSHA: script or sha, 1 key, substituted ARGV', () => {
    const script = "return redis.call('SET', KEYS[1], ARGV[2])";
    const w = { script, args: ['{i}', '{value}', 'id-{i}-{key}', 'plain'], keys: { kind: 'sequential' as const, count: 5 } };
    const evalPlan = buildPlan(workload({ command: 'EVAL', ...w }), 10, fixed(8), 1);
    expect(evalPlan.argsOf(7)).toEqual([script, '1', 'k:2', '7', 'v7:xxxxx', 'id-7-k:2', 'plain']);
    const shaPlan = buildPlan(workload({ command: 'EVALSHA', ...w }), 10, fixed(8), 1);
    const sha = createHash('sha1').update(script).digest('hex');
    expect(shaPlan.sha).toBe(sha);
    expect(scriptSha(script)).toBe(sha);
    expect(shaPlan.argsOf(7)).toEqual([sha, '1', 'k:2', '7', 'v7:xxxxx', 'id-7-k:2', 'plain']);
    expect(shaPlan.name).toBe('evalsha');
  });

  it('CUSTOM: args[0] is the name, the rest substituted', () => {
    const plan = buildPlan(workload({ command: 'CUSTOM', args: ['SETEX', '{key}', '60', '{value}'] }), 3, fixed(5), 1);
    expect(plan.name).toBe('setex');
    expect(plan.argsOf(2)).toEqual(['k:0', '60', 'v2:xx']);
  });

  it('rejects workloads that cannot be planned', () => {
    expect(() => buildPlan(workload({ command: 'EVAL' }), 1, fixed(1), 1)).toThrow(/script/);
    expect(() => buildPlan(workload({ command: 'CUSTOM', args: [] }), 1, fixed(1), 1)).toThrow(/CUSTOM/);
    expect(() => buildPlan(workload({ command: 'MGET', mgetKeys: 0 }), 1, fixed(1), 1)).toThrow(/MGET/);
  });
});

describe('buildPlan: determinism and keys', () => {
  it('same seed, same plan; different seed, different keys', () => {
    const w = workload({ command: 'SET', keys: { kind: 'zipfian', count: 1000, theta: 0.99 } });
    const a = buildPlan(w, 1000, { minBytes: 1, maxBytes: 100 }, 7);
    const b = buildPlan(w, 1000, { minBytes: 1, maxBytes: 100 }, 7);
    const c = buildPlan(w, 1000, { minBytes: 1, maxBytes: 100 }, 8);
    expect(all(a.keyIndexes)).toEqual(all(b.keyIndexes));
    expect(all(a.valueSizes)).toEqual(all(b.valueSizes));
    expect(a.argsOf(500)).toEqual(b.argsOf(500));
    expect(all(a.keyIndexes)).not.toEqual(all(c.keyIndexes));
  });

  it('prefill: every key GET reads, none for writes', () => {
    const get = buildPlan(workload({ command: 'GET', keys: { kind: 'uniform', count: 100_000 } }), 200, fixed(32), 1);
    const entries = [...get.prefill.entries()];
    expect(entries.length).toBe(get.opKeys.keyIndexes.length);
    for (let op = 0; op < 200; op++) {
      const k = get.keyIndexes.at(op);
      expect(entries.some((e) => e.key === `k:${k}` && e.value === makeValue(k, 32))).toBe(true);
      expect(get.valueOf(op)).toBe(makeValue(k, 32));
    }
    expect(buildPlan(workload({ command: 'SET' }), 5, fixed(4), 1).prefill.keyIndexes.length).toBe(0);
  });

  it('prefill: MGET reads neighbours too, sized per key within a range', () => {
    const plan = buildPlan(workload({ command: 'MGET', mgetKeys: 3, keys: { kind: 'sequential', count: 10 } }), 2, { minBytes: 10, maxBytes: 30 }, 1);
    const entries = [...plan.prefill.entries()];
    expect(entries.map((e) => e.key)).toEqual(['k:0', 'k:1', 'k:2', 'k:3']);
    for (const [n, e] of entries.entries()) {
      expect(e.value.startsWith(`v${n}:`)).toBe(true);
      expect(e.value.length).toBeGreaterThanOrEqual(10);
      expect(e.value.length).toBeLessThanOrEqual(30);
    }
  });

  it('names keys beyond the name cache correctly', () => {
    const commands = KEY_NAME_CACHE_MAX + 5;
    const plan = buildPlan(workload({ keys: { kind: 'sequential', count: 'commands' } }), commands, fixed(1), 1);
    expect(plan.argsOf(commands - 1)).toEqual([`k:${commands - 1}`]);
    expect(plan.opKeys.keyIndexes.length).toBe(commands);
  });

  it('builds args for 100k ops quickly', () => {
    const plan = buildPlan(workload({ command: 'SET', keys: { kind: 'uniform', count: 10_000 } }), 100_000, fixed(1024), 1);
    const start = performance.now();
    let bytes = 0;
    for (let op = 0; op < plan.commands; op++) bytes += plan.argsOf(op)[1]?.length ?? 0;
    expect(bytes).toBe(100_000 * 1024);
    expect(performance.now() - start).toBeLessThan(1000);
  });
});
