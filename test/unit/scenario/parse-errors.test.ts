import { describe, expect, it } from 'vitest';
import { isLabError } from '../../../lab/errors/index.ts';
import { HEAD, failure, lines, yaml } from './helpers.ts';

describe('parseScenario: one problem gives one line and its hint', () => {
  it('unknown key: at its own line, with the closest valid key and the valid list', () => {
    const error = failure(yaml(...HEAD, 'repeats: 3'));
    expect(isLabError(error)).toBe(true);
    expect(error.code).toBe('E_SCENARIO_INVALID');
    expect(error.message).toBe('scenarios/x.yaml:4:1: repeats: unknown key "repeats"; did you mean "repeat"?');
    expect(error.hint).toBe(
      'valid keys at the top level: name, description, seed, workload, modes, connections, network, warmup, repeat, calibration, faults, policies, reconcile, expect, topology, replication, timeline, sentinel, engine, server, bystander',
    );
  });

  it('unknown nested key without a close match lists the keys of its own level', () => {
    const error = failure(yaml(...HEAD, 'network:', '  rtt: 0ms', '  loss: 1%'));
    expect(error.message).toBe('scenarios/x.yaml:6:3: network.loss: unknown key "loss"');
    expect(error.hint).toBe('valid keys in network: rtt, jitter, bandwidth, direct, nodes');
  });

  it('missing required field: at the line of its parent key', () => {
    const error = failure(yaml('name: t', 'workload:', '  command: INCR', 'modes: [sync]'));
    expect(error.message).toBe('scenarios/x.yaml:2:1: workload.commands: required key is missing');
    expect(error.hint).toMatch(/whole number from 1 to 100000000 \(or a list of them\), e\.g\. commands: 2048$/);
  });

  it('a misspelt required key is reported once, as the misspelling', () => {
    const error = failure(yaml('name: t', 'workload:', '  command: INCR', '  comands: 10', 'modes: [sync]'));
    expect(lines(error)).toStrictEqual(['4:3: workload.comands: unknown key "comands"; did you mean "commands"?']);
  });

  it('wrong type: says what was expected and what it got', () => {
    const error = failure(yaml('name: t', 'workload: {command: INCR, commands: lots}', 'modes: [sync]'));
    expect(error.message).toBe('scenarios/x.yaml:2:37: workload.commands: expected a whole number from 1 to 100000000, got "lots"');
  });

  it('bare number duration: asks for a unit', () => {
    const error = failure(yaml(...HEAD, 'network:', '  rtt: [0ms, 10]'));
    expect(error.message).toBe('scenarios/x.yaml:5:14: network.rtt[1]: 10 has no unit');
    expect(error.hint).toBe('durations carry a unit: write 10ms (or us, s)');
  });

  it('negative rtt', () => {
    const error = failure(yaml(...HEAD, 'network:', '  rtt: -5ms'));
    expect(error.message).toBe('scenarios/x.yaml:5:8: network.rtt: "-5ms" is negative');
    expect(error.hint).toBe('rtt is the round-trip time added above the direct baseline: 0ms to 10000ms');
  });

  it('rtt that is not whole milliseconds: says why and what would be valid', () => {
    const error = failure(yaml(...HEAD, 'network:', '  rtt: [0ms, 1.5ms]'));
    expect(error.message).toBe('scenarios/x.yaml:5:14: network.rtt[1]: "1.5ms" is not a whole number of milliseconds');
    expect(error.hint).toBe('Toxiproxy latency is set in whole milliseconds per direction; use 1ms or 2ms');
  });

  it('rtt in microseconds is converted before the check', () => {
    const error = failure(yaml(...HEAD, 'network: {jitter: 2500us}'));
    expect(error.message).toBe('scenarios/x.yaml:4:19: network.jitter: "2500us" (2.5ms) is not a whole number of milliseconds');
    expect(error.hint).toBe('Toxiproxy latency is set in whole milliseconds per direction; use 2ms or 3ms');
  });

  it('rtt above the limit', () => {
    expect(failure(yaml(...HEAD, 'network: {rtt: 11s}')).message).toBe('scenarios/x.yaml:4:16: network.rtt: "11s" is out of range');
  });

  it('batch 0', () => {
    const error = failure(yaml('name: t', 'workload: {command: INCR, commands: 10}', 'modes:', '  - sync', '  - pipeline: 0'));
    expect(error.message).toBe('scenarios/x.yaml:5:15: modes[1].pipeline: 0 is out of range; expected a whole number from 1 to 1000000');
  });

  it('batch 0 in the string form', () => {
    const error = failure(yaml('name: t', 'workload: {command: INCR, commands: 10}', 'modes: [sync, "pipeline:0"]'));
    expect(error.message).toBe('scenarios/x.yaml:3:15: modes[1]: "pipeline:0": batch 0 is out of range');
  });

  it('duplicate modes, however they are spelt', () => {
    const error = failure(yaml('name: t', 'workload: {command: INCR, commands: 10}', 'modes: [sync, {pipeline: 8}, pipeline:8]'));
    expect(error.message).toBe('scenarios/x.yaml:3:30: modes[2]: pipeline:8 is listed twice (also modes[1])');
  });

  it('duplicate rtts after conversion', () => {
    const error = failure(yaml(...HEAD, 'network: {rtt: [1ms, 0ms, 1000us]}'));
    expect(error.message).toBe('scenarios/x.yaml:4:27: network.rtt[2]: 1ms is listed twice (also network.rtt[0])');
  });

  it('unsupported command lists the valid values', () => {
    const error = failure(yaml('name: t', 'workload: {command: ZADD, commands: 10}', 'modes: [sync]'));
    expect(error.message).toBe('scenarios/x.yaml:2:21: workload.command: unsupported command "ZADD"');
    expect(error.hint).toBe(
      'valid values: INCR, INCRBY, SET, GET, HSET, MGET, EVAL, EVALSHA, CUSTOM, LPUSH, RPUSH, SADD, XADD, SETNX; any other command runs as CUSTOM with args: [ZADD, "{key}", "{i}", "m{i}"]',
    );
  });
});

describe('parseScenario: thresholds', () => {
  const withExpect = (...items: string[]) => yaml(...HEAD, 'network: {rtt: [0ms, 10ms]}', 'expect:', ...items.map((i) => `  - "${i}"`));

  it('a selector that is not one of the modes: column of the selector, valid modes in the hint', () => {
    const error = failure(withExpect('pipeline:256 at rtt=10ms: median < 60ms'));
    expect(error.message).toBe(
      'scenarios/x.yaml:6:6: expect[0]: "pipeline:256 at rtt=10ms: median < 60ms": pipeline:256 is not one of the scenario\'s modes',
    );
    expect(error.hint).toBe('valid modes: sync, pipeline:8 (or leave the mode out to cover every mode)');
  });

  it('an rtt that is not one of the scenario rtts: column of the rtt', () => {
    const error = failure(withExpect('at rtt=5ms: median < 60ms'));
    expect(error.message).toBe('scenarios/x.yaml:6:13: expect[0]: "at rtt=5ms: median < 60ms": rtt=5ms is not one of the scenario\'s rtts');
    expect(error.hint).toBe('valid: rtt=0ms, rtt=10ms');
  });

  it('an unknown metric, with a suggestion', () => {
    const error = failure(withExpect('sync: p99 < 2ms'));
    expect(error.message).toBe('scenarios/x.yaml:6:12: expect[0]: "sync: p99 < 2ms": unknown metric "p99"; did you mean p(99)?');
    expect(error.hint).toMatch(/^metrics: median, min, max/);
  });

  it('a duration bound without a unit, and a duration where ops/s wants a number', () => {
    const error = failure(withExpect('median < 60', 'ops/s > 2ms'));
    expect(lines(error)).toStrictEqual([
      '6:15: expect[0]: "median < 60": median is a duration: "60" has no unit',
      '7:14: expect[1]: "ops/s > 2ms": ops/s takes a plain number, got "2ms"',
    ]);
  });

  it('an invalid comparison, a missing colon and a missing comparison', () => {
    const error = failure(withExpect('median =< 60ms', 'sync median < 60ms', 'median 60ms'));
    expect(lines(error)).toStrictEqual([
      '6:13: expect[0]: "median =< 60ms": "=<" is not a comparison',
      '7:5: expect[1]: "sync median < 60ms": missing ":" after "sync"',
      '8:5: expect[2]: "median 60ms": has no comparison',
    ]);
    expect(error.message).toContain('  hint: use <=');
    expect(error.message).toContain('  hint: write "sync: median < 60ms"');
  });

  it('an unquoted threshold that YAML read as a mapping gets the quoted form as its hint', () => {
    const error = failure(yaml(...HEAD, 'expect:', '  - sync: median < 60ms'));
    expect(error.message).toBe('scenarios/x.yaml:5:5: expect[0]: a threshold must be text, but YAML read this one as a mapping (a ": " splits it)');
    expect(error.hint).toBe('quote it: - "sync: median < 60ms"');
  });
});

describe('parseScenario: the file as a whole', () => {
  it('YAML syntax error with its line and column', () => {
    const error = failure(yaml('name: t', 'workload:', '  command: INCR', ' commands: 10', 'modes: [sync]'));
    expect(error.message).toBe('scenarios/x.yaml:4:1: invalid YAML: All mapping items must start at the same column');
    expect(error.hint).toMatch(/^check the indentation/);
  });

  it('duplicate key is a YAML error naming the key', () => {
    const error = failure(yaml(...HEAD, 'name: again'));
    expect(error.message).toBe('scenarios/x.yaml:4:1: invalid YAML: key name appears twice in the same mapping');
  });

  it.each([
    ['an empty file', ''],
    ['a file of comments', '# nothing yet\n'],
  ])('%s', (_, text) => {
    const error = failure(text);
    expect(error.message).toBe('scenarios/x.yaml:1:1: the file is empty');
    expect(error.hint).toMatch(/name, workload and modes are required/);
  });

  it('a top level that is not a mapping', () => {
    expect(failure('# a list\n- sync\n').message).toBe('scenarios/x.yaml:2:1: top level: expected a mapping, got a list');
  });
});

describe('parseScenario: every problem in one report', () => {
  it('lists all problems in file order, each followed by its hint', () => {
    const error = failure(
      yaml(
        'name: t',
        'repeats: 3',
        'workload: {command: INCR}',
        'modes: [sync, {pipeline: 0}]',
        'network: {rtt: [1.5ms, 10]}',
        'expect: ["sync: p(95) < 1ms"]',
      ),
    );
    expect(error.message).toBe(
      [
        '6 problems in scenarios/x.yaml',
        'scenarios/x.yaml:2:1: repeats: unknown key "repeats"; did you mean "repeat"?',
        '  hint: valid keys at the top level: name, description, seed, workload, modes, connections, network, warmup, repeat, calibration, faults, policies, reconcile, expect, topology, replication, timeline, sentinel, engine, server, bystander',
        'scenarios/x.yaml:3:1: workload.commands: required key is missing',
        '  hint: add commands per run, the same for every mode: a whole number from 1 to 100000000 (or a list of them), e.g. commands: 2048',
        'scenarios/x.yaml:4:26: modes[1].pipeline: 0 is out of range; expected a whole number from 1 to 1000000',
        '  hint: B is the number of commands per batch, a whole number from 1 to 1000000, or all (one batch of the whole run)',
        'scenarios/x.yaml:5:17: network.rtt[0]: "1.5ms" is not a whole number of milliseconds',
        '  hint: Toxiproxy latency is set in whole milliseconds per direction; use 1ms or 2ms',
        'scenarios/x.yaml:5:24: network.rtt[1]: 10 has no unit',
        '  hint: durations carry a unit: write 10ms (or us, s)',
        'scenarios/x.yaml:6:17: expect[0]: "sync: p(95) < 1ms": unknown metric "p(95)"',
        '  hint: metrics: median, min, max (total run time); p(50), p(90), p(99), p(99.9), max-latency (per-command latency); ops/s; errors (failed runs); ratio (median / model); rss, heap (client peak memory, a size); request p(50), request p(99), request p(99.9), request max, service p(99) (per-request latency); achieved/s; late-starts (open-loop late starts); output-buffer-disconnects, closed-lost (server closes); offered/s, knee/s, max-rate; advised-batch, advised-ops/s, advised-window (batch-size advisor); saturated (open-loop saturation); redirects (cluster redirects); wait-p(99) (WAIT latency); under-replicated (writes WAIT left short); lag-p(50), lag-max (replication lag); bystander-p(50), bystander-p(99), bystander-other-p(50), bystander-other-p(99) (bystander latency); bystander-ratio, bystander-other-ratio (bystander p99 during / alone); batch-wait-p(50), batch-wait-p(99), batch-wait-mean, batch-wait-ratio, batch-commands, timer-flushes, size-flushes (batching); trace-round-trips, trace-shift-ratio (trace replay)',
      ].join('\n'),
    );
    expect(error.hint).toBe('each problem above is followed by what would be valid');
    expect(error.issues).toHaveLength(6);
    expect(error.issues[3]).toStrictEqual({
      file: 'scenarios/x.yaml',
      line: 5,
      col: 17,
      field: 'network.rtt[0]',
      message: '"1.5ms" is not a whole number of milliseconds',
      hint: 'Toxiproxy latency is set in whole milliseconds per direction; use 1ms or 2ms',
    });
  });
});
