import { describe, expect, it } from 'vitest';
import type { ConfigCell, Mode, Workload } from '../../../lab/contracts/index.ts';
import { benchmarkCommand, randKey } from '../../../lab/workload/index.ts';
import { fixed, workload } from './workload-fixture.ts';

const cell = (w: Partial<Workload>, options: { mode?: Mode; commands?: number; connections?: number; valueBytes?: number } = {}): ConfigCell => ({
  id: 'x',
  workload: workload(w),
  commands: options.commands ?? 100_000,
  valueBytes: fixed(options.valueBytes ?? 3),
  link: 'proxied',
  rttMs: 0,
  jitterMs: 0,
  bandwidth: { upKBps: null, downKBps: null },
  mode: options.mode ?? { kind: 'sync' },
  batch: 1,
  connections: options.connections ?? 50,
});

describe('benchmarkCommand', () => {
  it("seed 002: SET on the literal key:__rand_int__ (no -r), a 3-byte value, -P from the mode", () => {
    const command = benchmarkCommand(cell({ command: 'SET', key: 'key:__rand_int__' }, { mode: { kind: 'pipeline', batch: 8 } }));
    expect(command.args).toStrictEqual(['-c', '50', '-n', '100000', '-P', '8', 'SET', 'key:__rand_int__', 'v0:']);
    expect(command.display).toBe('-c 50 -n 100000 -P 8 SET key:__rand_int__ <3-byte value>');
    expect(command.statName).toBe('set');
    expect(command.prefill).toBeUndefined();
  });

  it('sync is -P 1; keys {uniform: N} is -r N with {i} as __rand_int__', () => {
    const command = benchmarkCommand(cell({ command: 'INCR', key: 'c:{i}', keys: { kind: 'uniform', count: 1000 } }, { connections: 4, commands: 2000 }));
    expect(command.args).toStrictEqual(['-c', '4', '-n', '2000', '-P', '1', '-r', '1000', 'INCR', 'c:__rand_int__']);
  });

  it('keys one puts key index 0 where {i} is', () => {
    expect(benchmarkCommand(cell({ command: 'INCRBY', key: 'c:{i}', incrementBy: 5 })).args.slice(-3)).toStrictEqual(['INCRBY', 'c:0', '5']);
  });

  it('GET and MGET prefill the keys redis-benchmark will draw, named as it names them', () => {
    const get = benchmarkCommand(cell({ command: 'GET', key: 'k:{i}', keys: { kind: 'uniform', count: 3 } }, { valueBytes: 5 }));
    expect(get.args.slice(-2)).toStrictEqual(['GET', 'k:__rand_int__']);
    expect([...(get.prefill?.keys() ?? [])]).toStrictEqual(['k:000000000000', 'k:000000000001', 'k:000000000002']);
    expect(get.prefill?.value).toBe('v0:xx');
    const mget = benchmarkCommand(cell({ command: 'MGET', key: 'one', mgetKeys: 3 }));
    expect(mget.args.slice(-4)).toStrictEqual(['MGET', 'one', 'one', 'one']);
    expect([...(mget.prefill?.keys() ?? [])]).toStrictEqual(['one']);
  });

  it('HSET, LPUSH, EVAL and CUSTOM fill their arguments', () => {
    expect(benchmarkCommand(cell({ command: 'HSET', key: 'h', field: 'f' })).args.slice(-4)).toStrictEqual(['HSET', 'h', 'f', 'v0:']);
    expect(benchmarkCommand(cell({ command: 'LPUSH', key: 'l' })).args.slice(-3)).toStrictEqual(['LPUSH', 'l', 'op:0']);
    const evalCommand = benchmarkCommand(cell({ command: 'EVAL', key: 'e', script: "return redis.call('INCR', KEYS[1])", args: ['{value}'] }));
    expect(evalCommand.args.slice(-5)).toStrictEqual(['EVAL', "return redis.call('INCR', KEYS[1])", '1', 'e', 'v0:']);
    expect(evalCommand.display).toBe(`-c 50 -n 100000 -P 1 EVAL "return redis.call('INCR', KEYS[1])" 1 e <3-byte value>`);
    const custom = benchmarkCommand(cell({ command: 'CUSTOM', key: 'z', args: ['ZADD', '{key}', '1', 'm'] }));
    expect(custom.args.slice(-4)).toStrictEqual(['ZADD', 'z', '1', 'm']);
    expect(custom.statName).toBe('zadd');
  });

  it('refuses what validation keeps out', () => {
    expect(() => benchmarkCommand(cell({ command: 'SET' }, { mode: { kind: 'multi', batch: 8 } }))).toThrow(/no multi mode/);
    expect(() => benchmarkCommand(cell({ command: 'XADD' }))).toThrow(/cannot send XADD/);
  });

  it('randKey writes 12 zero-padded digits, as redis-benchmark -r does', () => {
    expect(randKey('key:__rand_int__', 42)).toBe('key:000000000042');
  });
});
