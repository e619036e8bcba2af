import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../lab/scenario/index.ts';
import { HEAD, failure, hints, lines, yaml } from './helpers.ts';

describe('parseScenario: modes', () => {
  it('every way a mode can be wrong, each at its own item', () => {
    const error = failure(
      yaml('name: t', 'workload: {command: INCR, commands: 100}', 'modes: [multi, auto:0, "auto:all", {pipeline: 8, multi: 8}, pipeline:eight, syncc, {auto: 20000}]'),
    );
    expect(lines(error)).toStrictEqual([
      '3:9: modes[0]: "multi" needs a batch size',
      '3:16: modes[1]: "auto:0": callers 0 is out of range',
      '3:24: modes[2]: "auto:all": the callers must be a whole number',
      '3:50: modes[3].multi: one mode per list item, but this one also names multi',
      '3:61: modes[4]: "pipeline:eight": the batch must be a whole number or all',
      '3:77: modes[5]: unknown mode "syncc"; did you mean sync?',
      '3:91: modes[6].auto: 20000 is out of range; expected a whole number from 1 to 10000',
    ]);
    expect(hints(error).slice(0, 2)).toStrictEqual([
      'write multi:8, multi:all or {multi: 8}; B is the number of commands per batch, a whole number from 1 to 1000000, or all (one batch of the whole run)',
      'write auto:32 or {auto: 32}; C is the number of concurrent callers sharing auto-pipelining, a whole number from 1 to 10000',
    ]);
  });

  it('a batch larger than every commands value is one batch of the run: suggest all', () => {
    const error = failure(yaml('name: t', 'workload: {command: INCR, commands: [50, 100]}', 'modes: [sync, pipeline:8, multi:256, {pipeline: 101}]'));
    expect(lines(error)).toStrictEqual([
      '3:27: modes[2]: multi:256 would be one batch of 100: the largest commands value is 100',
      '3:38: modes[3]: pipeline:101 would be one batch of 100: the largest commands value is 100',
    ]);
    expect(hints(error)).toStrictEqual([
      'write multi:all for one batch of the whole run, or a batch of at most 100',
      'write pipeline:all for one batch of the whole run, or a batch of at most 100',
    ]);
  });

  it('a batch equal to the largest commands value, or larger than a smaller one, is fine', () => {
    const s = parseScenario(yaml('name: t', 'workload: {command: INCR, commands: [10, 100]}', 'modes: [pipeline:100, pipeline:all]'), 'x.yaml');
    expect(s.modes).toStrictEqual([
      { kind: 'pipeline', batch: 100 },
      { kind: 'pipeline', batch: 'all' },
    ]);
  });
});

describe('parseScenario: connections and seed', () => {
  it('out of range and listed twice', () => {
    const error = failure(yaml('name: t', 'workload: {command: INCR, commands: 10}', 'modes: [sync]', 'connections: [1, 0, 1]'));
    expect(lines(error)).toStrictEqual(['4:18: connections[1]: 0 is out of range; expected a whole number from 1 to 1000', '4:21: connections[2]: 1 is listed twice (also connections[0])']);
    expect(hints(error)).toStrictEqual(["parallel client connections sharing the run's commands, 1 to 1000, or a list; default 1", 'list each connection count once']);
  });

  it('more connections than the largest commands value would leave some idle', () => {
    const error = failure(yaml('name: t', 'workload: {command: INCR, commands: 10}', 'modes: [sync]', 'connections: [1, 50]'));
    expect(lines(error)).toStrictEqual(['4:18: connections[1]: 50 connections would leave 40 with no command: the run has 10 commands']);
    expect(error.hint).toBe('use at most 10 connections, or more commands');
    expect(failure(yaml('name: t', 'workload: {command: INCR, commands: 10}', 'modes: [sync]', 'connections: 11')).message).toBe(
      'scenarios/x.yaml:4:14: connections: 11 connections would leave 1 with no command: the run has 10 commands',
    );
  });

  it('a negative seed', () => {
    const error = failure(yaml(...HEAD, 'seed: -1'));
    expect(error.message).toBe('scenarios/x.yaml:4:7: seed: -1 is out of range; expected a whole number from 0 to 9007199254740991');
    expect(error.hint).toMatch(/^the seed of every random choice \(keys, value sizes\)/);
  });
});

describe('parseScenario: bandwidth and direct', () => {
  it('every way a rate can be wrong, each with the spelling that works', () => {
    const error = failure(
      yaml(...HEAD, 'network: {bandwidth: [1MB, 1mb/s, 1MBps, 0KB/s, 1.5KB/s, {}, {up: 1KB/s, sideways: 1KB/s}, none, 8Mbit/s, 1KiB/s], direct: yes}'),
    );
    expect(lines(error)).toStrictEqual([
      '4:23: network.bandwidth[0]: "1MB" is a size, not a rate',
      '4:28: network.bandwidth[1]: "1mb/s" has an unknown unit "mb/s"',
      '4:35: network.bandwidth[2]: "1MBps": write a rate with /s',
      '4:42: network.bandwidth[3]: "0KB/s" is below 1KB/s',
      '4:49: network.bandwidth[4]: "1.5KB/s" is 1.5KB/s, not a whole number of KB/s',
      '4:58: network.bandwidth[5]: names no direction',
      '4:74: network.bandwidth[6].sideways: unknown key "sideways"',
      '4:92: network.bandwidth[7]: "none" is not a rate',
      '4:98: network.bandwidth[8]: "8Mbit/s" is in bits per second',
      '4:107: network.bandwidth[9]: "1KiB/s" is 1.024KB/s, not a whole number of KB/s',
      '4:124: network.direct: expected true or false, got "yes"',
    ]);
    expect(hints(error)).toStrictEqual([
      'write 1MB/s',
      'units are case-sensitive: write 1MB/s',
      'write 1MB/s',
      'the smallest cap Toxiproxy can set is 1KB/s; for no cap write unlimited',
      "Toxiproxy's bandwidth toxic takes whole KB/s (1KB = 1000 bytes): use 1KB/s or 2KB/s",
      'give up, down or both, e.g. {up: 100KB/s, down: 1MB/s}; or write unlimited',
      'valid keys in network.bandwidth[6]: up, down',
      'for no cap write unlimited',
      'bandwidth is in bytes per second: 8Mbit/s is 1MB/s; a rate is a size per second: B/s, KB/s, MB/s (1000-based) or KiB/s, MiB/s, in whole KB/s from 1KB/s; or unlimited',
      "Toxiproxy's bandwidth toxic takes whole KB/s (1KB = 1000 bytes): use 1KB/s or 2KB/s",
      'write true without quotes; direct: true also measures every config straight to Redis, without the proxy; default false',
    ]);
  });

  it('the same cap written two ways is listed twice', () => {
    const error = failure(yaml(...HEAD, 'network: {bandwidth: [1MB/s, {up: 1000KB/s, down: 1MB/s}]}'));
    expect(error.message).toBe('scenarios/x.yaml:4:30: network.bandwidth[1]: 1MB/s is listed twice (also network.bandwidth[0])');
  });
});
