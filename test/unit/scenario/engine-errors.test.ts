import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../lab/scenario/index.ts';
import { failure, hints, lines, yaml } from './helpers.ts';

const C = 'engine: redis-benchmark';

describe('parseScenario: engine', () => {
  it('ioredis is the default and leaves the Scenario as it was; redis-benchmark is recorded', () => {
    expect(parseScenario(yaml('name: t', 'workload: {command: SET, commands: 10}', 'modes: [sync]'), 'x.yaml').engine).toBeUndefined();
    expect(parseScenario(yaml('name: t', 'workload: {command: SET, commands: 10}', 'modes: [sync]', 'engine: ioredis'), 'x.yaml').engine).toBeUndefined();
    const scenario = parseScenario(yaml('name: t', 'workload: {command: SET, commands: 100, value: 3B}', 'modes: [sync, pipeline:9]', 'connections: 50', C), 'x.yaml');
    expect(scenario.engine).toBe('redis-benchmark');
    expect(scenario.modes).toStrictEqual([{ kind: 'sync' }, { kind: 'pipeline', batch: 9 }]);
  });

  it('an unknown engine, with the closest one', () => {
    const error = failure(yaml('name: t', 'workload: {command: SET, commands: 10}', 'modes: [sync]', 'engine: redis-benchmrk'));
    expect(lines(error)).toStrictEqual(['4:9: engine: unknown engine "redis-benchmrk"; did you mean redis-benchmark?']);
    expect(error.hint).toMatch(/^engine is ioredis \(the default\) or redis-benchmark/);
  });

  it('no faults, policies or reconcile on the C engine: it keeps no ledger', () => {
    const error = failure(
      yaml(
        'name: t',
        'workload: {command: INCR, commands: 100}',
        'modes: [sync]',
        'faults: [{name: cut, after: 10 commands, reset: {}}]',
        'policies: [none]',
        'reconcile: {tags: log}',
        C,
      ),
    );
    expect(lines(error)).toStrictEqual([
      '4:1: faults: redis-benchmark cannot run faults: it checks no reply and keeps no ledger, so nothing could be reconciled',
      '5:1: policies: redis-benchmark cannot run fault scenarios (policies): it checks no reply and keeps no ledger, so nothing could be reconciled',
      '6:1: reconcile: redis-benchmark cannot run fault scenarios (reconcile): it checks no reply and keeps no ledger, so nothing could be reconciled',
    ]);
    expect(hints(error)[0]).toBe("remove faults, or remove engine: redis-benchmark (the lab's ioredis engine does this)");
  });

  it('a command it cannot send names the ones it can', () => {
    const error = failure(yaml('name: t', 'workload: {command: XADD, commands: 10}', 'modes: [sync]', C));
    expect(lines(error)).toStrictEqual(['2:21: workload.command: redis-benchmark cannot send XADD the way the lab does']);
    expect(error.hint).toBe(
      "with engine: redis-benchmark the command is one of SET, GET, INCR, INCRBY, HSET, MGET, LPUSH, RPUSH, EVAL, CUSTOM, or remove engine: redis-benchmark (the lab's ioredis engine does this)",
    );
  });

  it('modes other than sync and pipeline:N, each at its list item', () => {
    const error = failure(yaml('name: t', 'workload: {command: INCR, commands: 100}', 'modes: [sync, pipeline:8, multi:8, auto:4, pipeline:all]', C));
    expect(lines(error)).toStrictEqual([
      '3:27: modes[2]: redis-benchmark has no multi:8 mode',
      '3:36: modes[3]: redis-benchmark has no auto:4 mode',
      '3:44: modes[4]: redis-benchmark has no pipeline:all mode',
    ]);
    expect(hints(error)[0]).toMatch(/^with engine: redis-benchmark the modes are sync \(-P 1\) and pipeline:N/);
  });

  it('keys it cannot draw, a value range, a reply check and {i} in args', () => {
    const error = failure(
      yaml(
        'name: t',
        'workload:',
        '  - {label: a, command: SET, commands: 10, key: "k:{i}", keys: sequential, value: "1B..8B"}',
        '  - {label: b, command: CUSTOM, commands: 10, args: [SET, "x:{i}", v], reply: ok}',
        '  - {label: c, command: GET, commands: 10, key: "k:{i}", keys: {zipfian: 10}, value: 100KB}',
        'modes: [sync]',
        C,
      ),
    );
    expect(lines(error)).toStrictEqual([
      '3:64: workload[0].keys: redis-benchmark cannot pick keys in sequence: its -r draws them uniformly at random',
      '3:83: workload[0].value: redis-benchmark sends one value for every command, not a range (1..8 bytes)',
      '4:53: workload[1].args: redis-benchmark repeats one command line, so {i} (the operation index) cannot change per command',
      '4:79: workload[1].reply: redis-benchmark cannot check a reply against ok',
      '5:64: workload[2].keys: redis-benchmark cannot pick keys by a zipfian law: its -r draws them uniformly at random',
      '5:86: workload[2].value: 100000 bytes is more than redis-benchmark takes here: the value goes on its command line',
    ]);
    expect(hints(error)).toContain('use keys: one, or keys: {uniform: N} (redis-benchmark -r N: {i} becomes its 12-digit __rand_int__)');
    expect(hints(error)).toContain("it only stops at the first error reply: write reply: any (the default), or remove engine: redis-benchmark (the lab's ioredis engine does this)");
  });

  it('a cluster or a timeline run: the C engine drives one Redis behind one proxy', () => {
    const why = '5:9: engine: redis-benchmark runs against one Redis behind one proxy: the primary of a primary with replicas without a timeline, WAIT or read-from, not a cluster or a timeline run';
    expect(lines(failure(yaml('name: t', 'workload: {command: SET, commands: 10}', 'modes: [sync]', 'topology: {cluster: {primaries: 3}}', C)))).toContain(why);
    const timeline = failure(yaml('name: t', 'workload: {command: SET, commands: 10}', 'modes: [sync]', 'topology: {primary: 1, replicas: 1}', C, 'timeline: [{name: f, at: 1s, failover: {promote: replica-1}}]'));
    expect(lines(timeline)).toContain(why);
    // WAIT after each write is the lab's own engine's: the tool cannot send it.
    const wait = failure(yaml('name: t', 'workload: {command: SET, commands: 10}', 'modes: [sync]', 'topology: {primary: 1, replicas: 1}', C, 'replication: {wait: {replicas: 1, timeout: 100ms}}'));
    expect(lines(wait)).toContain(why);
  });

  it('the primary of a primary with replicas (the single-node path)', () => {
    expect(parseScenario(yaml('name: t', 'workload: {command: SET, commands: 10}', 'modes: [sync]', 'topology: {primary: 1, replicas: 1}', C), 'x.yaml').engine).toBe('redis-benchmark');
  });

  it('a request workload', () => {
    const error = failure(yaml('name: t', 'workload: {requests: 10, request: [{command: GET, key: a}]}', 'modes: [sync]', C));
    expect(lines(error)).toStrictEqual(['2:11: workload: redis-benchmark cannot send a request workload (steps, mixes, arrivals)']);
  });
});
