import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../lab/scenario/index.ts';
import { failure, hints, lines, yaml } from './helpers.ts';

describe('parseScenario: faults', () => {
  it('every way a fault can be wrong, each at its own key', () => {
    const error = failure(
      yaml(
        'name: t',
        'workload: {command: INCR, commands: 100}',
        'modes: [sync]',
        'faults:',
        '  - {name: Cut Mid, after: 128, cut-after: {down: "3 commands"}}',
        '  - {name: b, at: 200ms, after: 3 commands, stall: true}',
        '  - {name: c}',
        '  - {name: d, after: 200ms, down: {}}',
        '  - {name: d, at: 1ms, reset: {}}',
      ),
    );
    expect(lines(error)).toStrictEqual([
      '5:12: faults[0].name: "Cut Mid" is not a valid fault name',
      '5:28: faults[0].after: 128 has no unit',
      '5:51: faults[0].cut-after.down: "3 commands": down counts replies, not commands',
      '6:15: faults[1].at: a fault has one trigger, but this one has after and at',
      '6:52: faults[1].stall: stall takes no options, got true',
      '7:5: faults[2]: has no trigger',
      '7:5: faults[2]: has no action',
      '8:22: faults[3].after: "200ms" is a time; after counts commands',
      '9:12: faults[4].name: the name d is also the name of faults[3]',
    ]);
    expect(hints(error)).toStrictEqual([
      'a fault name is lowercase letters, digits and -, e.g. name: cut-mid-batch; here perhaps name: cut-mid',
      'write after: 128 commands; a fault starts after: N commands (once N commands were issued) or at: 200ms (after the workload starts)',
      'down counts the server\'s replies: "32 replies", "32 replies + 3B" (a cut inside the next one), or "3B" (raw bytes)',
      'a fault starts after: N commands (once N commands were issued) or at: 200ms (after the workload starts)',
      'write stall: {}',
      'add after: 128 commands (once that many were issued) or at: 200ms (after the workload starts)',
      'a fault has one action: cut-after: {up: "N commands [+ SIZE]"} or {down: "N replies [+ SIZE]"} (or just "NB"), reset: {}, stall: {}, down: {} (proxy disabled), or bandwidth: {up: 1KB/s, down: 1KB/s}',
      'write at: 200ms for a time trigger, or after: 128 commands',
      'give each fault a distinct name: ids and thresholds refer to it',
    ]);
  });

  it('cut amounts: direction nouns, two directions, bytes, no unit; a bandwidth fault that caps nothing', () => {
    const error = failure(
      yaml(
        'name: t',
        'workload: {command: INCR, commands: 100}',
        'modes: [sync]',
        'faults:',
        '  - {name: a, at: 0ms, cut-after: {up: "3 replies", down: "1B"}}',
        '  - {name: b, at: 0ms, cut-after: {up: "2 commands + 1.5B"}}',
        '  - {name: c, at: 0ms, cut-after: {up: 5}}',
        '  - {name: d, at: 0ms, bandwidth: unlimited}',
      ),
    );
    expect(lines(error)).toStrictEqual([
      '5:40: faults[0].cut-after.up: "3 replies": up counts commands, not replies',
      '5:53: faults[0].cut-after.down: a cut has one direction, but this one names up and down',
      '6:40: faults[1].cut-after.up: "2 commands + 1.5B": "1.5B" is not a whole number of bytes',
      '7:40: faults[2].cut-after.up: 5 has no unit',
      '8:35: faults[3].bandwidth: a bandwidth fault that caps nothing',
    ]);
    expect(hints(error).slice(1, 4)).toStrictEqual([
      'write two faults, one per direction',
      'use 1B or 2B; up counts the client\'s commands: "32 commands", "32 commands + 3B" (a cut inside the next one), or "3B" (raw bytes)',
      'write "5 commands" (whole commands) or "5B" (bytes); up counts the client\'s commands: "32 commands", "32 commands + 3B" (a cut inside the next one), or "3B" (raw bytes)',
    ]);
  });

  it('a fault with two actions is reported at the second action', () => {
    const error = failure(yaml('name: t', 'workload: {command: INCR, commands: 100}', 'modes: [sync]', 'faults:', '  - name: both', '    at: 0ms', '    reset: {}', '    down: {}'));
    expect(error.message).toBe('scenarios/x.yaml:8:5: faults[0].down: a fault has one action, but this one has reset and down');
    expect(error.hint).toBe('split it into two faults, each with its own name and trigger');
  });
});

describe('parseScenario: what a fault scenario needs', () => {
  it('one countable workload, one commands value and value size, one connections value, no direct', () => {
    const error = failure(
      yaml(
        'name: t',
        'workload: {command: GET, commands: [100, 200], value: [16B, 1KB]}',
        'modes: [sync, auto:4]',
        'connections: [2, 4]',
        'network: {direct: true}',
        'faults: [{name: a, after: 10 commands, reset: {}}]',
      ),
    );
    expect(lines(error)).toStrictEqual([
      '2:21: workload.command: GET cannot be reconciled after a fault: reads change nothing the checker could count',
      '2:36: workload.commands: a fault scenario takes one commands value',
      '2:55: workload.value: a fault scenario takes one value size',
      '4:14: connections: a fault scenario takes one connections value',
      '5:19: network.direct: direct configs bypass the proxy, so no fault can reach them',
    ]);
    expect(hints(error)[3]).toBe('the fault hits every connection of a run, and a cut is sized per connection: write e.g. connections: 4');
  });

  it('several connections and auto:C are fault modes; a cut is sized per connection', () => {
    const head = (cut: string) =>
      yaml('name: t', 'workload: {command: INCR, commands: 256}', 'modes: [pipeline:8, auto:16]', 'connections: 4', `faults: [{name: a, after: 128 commands, cut-after: {down: ${cut}}}]`);
    expect(() => parseScenario(head('8 replies'), 'scenarios/x.yaml')).not.toThrow();
    expect(lines(failure(head('32 replies')))).toStrictEqual([
      "5:59: faults[0].cut-after.down: 32 replies leave nothing to cut: under pipeline:8 only 32 follow the fault's start on each of 4 connections",
    ]);
  });

  it('several workloads: each is checked, and they share one commands value', () => {
    // Several writes compared side by side (INCR vs LPUSH vs SADD) are one fault cell each.
    const error = failure(yaml('name: t', 'workload: [{command: INCR, commands: 10}, {command: SADD, commands: 20}]', 'modes: [sync]', 'faults: [{name: a, at: 0ms, reset: {}}]'));
    expect(error.message).toBe('scenarios/x.yaml:2:1: workload: the workloads of a fault scenario issue different commands values (10, 20)');
    const keys = failure(yaml('name: t', 'workload: [{command: INCR, commands: 10}, {command: LPUSH, key: "l:{i}", keys: sequential, commands: 10}]', 'modes: [sync]', 'faults: [{name: a, at: 0ms, reset: {}}]'));
    expect(keys.message).toMatch(/workload\[1\]\.keys: LPUSH under a fault writes into one list, not keys: sequential/);
    expect(keys.hint).toBe('the checker reads the whole list back: write keys: one (or leave keys out)');
  });

  it('a counter under a fault is one key; keyed writes need a key per operation', () => {
    const head = (workload: string) => yaml('name: t', `workload: ${workload}`, 'modes: [sync]', 'faults: [{name: a, at: 0ms, reset: {}}]');
    expect(lines(failure(head('{command: INCR, key: "c:{i}", keys: {uniform: 4}, commands: 64}')))).toStrictEqual([
      '2:47: workload.keys: INCR under a fault increments one counter, not keys: uniform',
    ]);
    expect(lines(failure(head('{command: SET, key: "k", commands: 64}')))).toStrictEqual(['2:1: workload.keys: SET under a fault needs a key of its own per operation']);
    expect(lines(failure(head('{command: HSET, key: "h:{i}", keys: {sequential: 10}, commands: 64}')))).toStrictEqual([
      '2:47: workload.keys: HSET under a fault needs a key of its own per operation',
    ]);
    expect(() => parseScenario(head('{command: SET, key: "k:{i}", keys: sequential, commands: 64}'), 'x.yaml')).not.toThrow();
  });

  it('a trigger inside a batch: faults start between batches', () => {
    const error = failure(
      yaml('name: t', 'workload: {command: INCR, commands: 256}', 'modes: [sync, pipeline:64]', 'faults:', '  - {name: a, after: 100 commands, reset: {}}'),
    );
    expect(lines(error)).toStrictEqual(['5:22: faults[0].after: after 100 commands falls inside a batch of pipeline:64']);
    expect(hints(error)[0]).toBe('a fault starts between batches: use a multiple of 64, e.g. after: 64 commands');
  });

  it('a trigger past the run, a cut past the run (multi counts its wire units), times past the deadline', () => {
    const error = failure(
      yaml(
        'name: t',
        'workload: {command: INCR, commands: 100}',
        'modes: [sync, multi:10]',
        'reconcile: {deadline: 1s}',
        'faults:',
        '  - {name: a, after: 100 commands, reset: {}}',
        '  - {name: b, after: 90 commands, cut-after: {down: "10 replies"}}',
        '  - {name: c, at: 2s, for: 5s, stall: {}}',
        '  - {name: d, at: 0ms, cut-after: {up: "100 commands"}}',
      ),
    );
    expect(lines(error)).toStrictEqual([
      '6:22: faults[0].after: after 100 commands, but the run issues only 100',
      "7:53: faults[1].cut-after.down: 10 replies leave nothing to cut: under sync only 10 follow the fault's start",
      '8:19: faults[2].at: at 2000ms is not before the reconcile deadline (1000ms)',
      '8:28: faults[2].for: for 5000ms outlasts the reconcile deadline (1000ms)',
      "9:40: faults[3].cut-after.up: 100 commands leave nothing to cut: under sync only 100 follow the fault's start",
    ]);
    expect(hints(error)[0]).toBe('after must be below commands (100), or the fault never starts');
    expect(hints(error)[1]).toBe('cut within the run: fewer than 10 replies');
  });

  it('under multi alone a cut may count past the commands: MULTI, QUEUED and EXEC are units too', () => {
    const text = (units: number) =>
      yaml('name: t', 'workload: {command: INCR, commands: 100}', 'modes: [multi:10]', 'faults:', `  - {name: a, after: 90 commands, cut-after: {down: "${units} replies"}}`);
    expect(() => failure(text(11))).toThrow('expected the scenario to be rejected');
    const error = failure(text(12));
    expect(error.message).toBe("scenarios/x.yaml:5:53: faults[0].cut-after.down: 12 replies leave nothing to cut: under multi:10 only 12 follow the fault's start");
    expect(error.hint).toBe('cut within the run: fewer than 12 replies (multi counts MULTI, each queued command and EXEC as one each)');
  });

  it('policies and reconcile without faults', () => {
    const error = failure(yaml('name: t', 'workload: {command: INCR, commands: 10}', 'modes: [sync]', 'policies: [none]', 'reconcile: {tags: none}', 'faults: []'));
    expect(lines(error)).toStrictEqual([
      '4:1: policies: only a fault scenario takes policies, and this one has no faults',
      '5:1: reconcile: only a fault scenario takes reconcile, and this one has no faults',
    ]);
    expect(error.issues[0]?.hint).toBe('add faults: [{name: cut, after: 100 commands, reset: {}}] to compare retry policies under a fault, or remove policies');
  });

  it('policies and reconcile options, each checked', () => {
    const error = failure(
      yaml(
        'name: t',
        'workload: {command: INCR, commands: 100}',
        'modes: [sync]',
        'faults: [{name: a, at: 0ms, reset: {}}]',
        'policies: [none, retry, none]',
        'reconcile: {deadline: 50ms, tags: all, app-retries: 1000}',
      ),
    );
    expect(lines(error)).toStrictEqual([
      '5:18: policies[1]: unknown policy "retry"',
      '5:25: policies[2]: none is listed twice (also policies[0])',
      '6:23: reconcile.deadline: "50ms" is out of range',
      '6:35: reconcile.tags: expected log or none, got "all"',
      '6:53: reconcile.app-retries: 1000 is out of range; expected a whole number from 0 to 100',
    ]);
    expect(hints(error)[0]).toMatch(/^policies: none, ioredis-default, app-retry, idempotent \(none: no retry;/);
    expect(hints(error)[2]).toBe('deadline must be from 100ms to 3600000ms');
  });
  it('a request workload on a topology is refused as a whole; under faults its counter must be one key', () => {
    const request = ['name: t', 'workload: {request: [{command: INCR, key: "c:{r}"}, {command: GET, key: "c:{r}"}], requests: 10}', 'modes: [sync]'];
    expect(lines(failure(yaml(...request, 'faults: [{name: a, at: 10ms, reset: {}}]')))).toStrictEqual(['2:21: workload.request: INCR in a request under a fault increments one counter, not keys: sequential']);
    // With WAIT (the closed-loop driver sends it) and under a timeline; without them the single-node path runs it on the primary.
    const onTopology = lines(failure(yaml(...request, 'topology: {primary: 1, replicas: 1}', 'replication: {wait: {replicas: 1, timeout: 100ms}}')));
    expect(onTopology).toStrictEqual(['2:11: workload: a request workload (steps, arrivals) does not run with WAIT or read-from a replica yet']);
    const underTimeline = lines(failure(yaml(...request, 'topology: {primary: 1, replicas: 1}', 'timeline: [{name: cut, at: 1s, for: 1s, partition: {nodes: [primary]}}]')));
    expect(underTimeline).toStrictEqual(['2:11: workload: a request workload (steps, arrivals) does not run under a timeline yet']);
    expect(parseScenario(yaml(...request, 'topology: {primary: 1, replicas: 1}'), 'x.yaml').workloads[0]?.request).toBeDefined();
  });
});
