// `bystander:` (issue 27): one rate, a command and a process; defaults; every wrong value with
// its field, line and hint; and the sections a bystander cannot stand beside.
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../lab/scenario/index.ts';
import { failure, HEAD, hints, lines, yaml } from './helpers.ts';

describe('parseScenario: bystander', () => {
  it('absent: no bystander; rate alone: GET in the same process', () => {
    expect(parseScenario(yaml(...HEAD), 'x.yaml').bystander).toBeUndefined();
    expect(parseScenario(yaml(...HEAD, 'bystander: {rate: 200/s}'), 'x.yaml').bystander).toStrictEqual({ ratePerSec: 200, command: 'GET', process: 'same' });
    expect(parseScenario(yaml(...HEAD, 'bystander: {rate: 50, command: GET, process: both}'), 'x.yaml').bystander).toStrictEqual({ ratePerSec: 50, command: 'GET', process: 'both' });
    expect(parseScenario(yaml(...HEAD, 'bystander: {rate: 10/s, process: other}'), 'x.yaml').bystander?.process).toBe('other');
  });

  it('every wrong field at its own line, with a hint that says what is valid', () => {
    const error = failure(yaml(...HEAD, 'bystander:', '  rate: 200/min', '  command: SET', '  process: sam', '  rat: 1'));
    expect(lines(error)).toStrictEqual([
      '5:9: bystander.rate: expected one rate like 200/s, got "200/min"',
      '6:12: bystander.command: unknown command "SET"',
      '7:12: bystander.process: unknown process "sam"; did you mean same?',
      '8:3: bystander.rat: unknown key "rat"; did you mean "rate"?',
    ]);
    expect(hints(error)[0]).toBe('commands per second, one rate, e.g. rate: 200/s; from 1/s to 10000/s');
    expect(hints(error)[2]).toMatch(/^process is same \(in the lab's process: event-loop and server blocking\), other \(a child Node process: server blocking only\) or both/);
    expect(hints(error)[3]).toBe('valid keys in bystander: rate, command, process');
  });

  it('a rate is required, one rate, light: a list, a ramp, 0 and above 10000/s are refused', () => {
    expect(lines(failure(yaml(...HEAD, 'bystander: {process: same}')))).toStrictEqual(['4:1: bystander.rate: required key is missing']);
    for (const rate of ['[100/s, 200/s]', '100/s..200/s', '0/s', '20000/s', 'fast']) {
      expect(lines(failure(yaml(...HEAD, `bystander: {rate: ${rate}}`)))[0], rate).toMatch(/^4:\d+: bystander.rate: expected one rate like 200\/s/);
    }
    expect(lines(failure(yaml(...HEAD, 'bystander: 200/s')))).toStrictEqual(['4:12: bystander: expected a mapping, got "200/s"']);
  });

  it('not beside faults, the C engine, a timeline or a cluster\'s command workloads', () => {
    const faults = failure(yaml(...HEAD, 'bystander: {rate: 200/s}', 'faults: [{name: cut, after: 5 commands, reset: {}}]'));
    expect(lines(faults)).toContain('4:1: bystander: bystander: not with faults (a fault run is judged, not timed)');
    const engine = failure(yaml('name: t', 'workload: {command: SET, commands: 10}', 'modes: [sync]', 'engine: redis-benchmark', 'bystander: {rate: 200/s}'));
    expect(lines(engine)).toStrictEqual(['5:1: bystander: bystander: not with engine: redis-benchmark (the C engine runs as its own tool)']);
    const why = /the bystander runs beside the measured runs of the single-node path: one node, a primary with replicas without a timeline, or a cluster's request workloads$/;
    expect(hints(engine)[0]).toMatch(why);
    const clusterCommands = failure(yaml('name: t', 'workload: {command: SET, commands: 10}', 'modes: [sync]', 'topology: {cluster: {primaries: 3}}', 'bystander: {rate: 200/s}'));
    expect(lines(clusterCommands)).toStrictEqual(['5:1: bystander: bystander: not beside command workloads on a cluster yet']);
    expect(hints(clusterCommands)[0]).toMatch(/^use a request workload, e\.g\. /);
    const timeline = failure(yaml('name: t', 'workload: {command: SET, commands: 10}', 'modes: [sync]', 'topology: {primary: 1, replicas: 1}', 'timeline: [{name: f, at: 1s, failover: {promote: replica-1}}]', 'bystander: {rate: 200/s}'));
    expect(lines(timeline)).toContain('6:1: bystander: bystander: not with a timeline (its runs are judged event by event, not timed)');
  });

  it('beside request workloads on the single-node path: one node, a primary with replicas, a cluster', () => {
    const request = ['workload: {requests: 5, request: [{command: GET, key: "a:{r}"}]}', 'modes: [sync]', 'bystander: {rate: 200/s}'];
    expect(parseScenario(yaml('name: t', ...request), 'x.yaml').bystander?.ratePerSec).toBe(200);
    expect(parseScenario(yaml('name: t', ...request, 'topology: {primary: 1, replicas: 1}'), 'x.yaml').bystander?.ratePerSec).toBe(200);
    expect(parseScenario(yaml('name: t', ...request, 'topology: {cluster: {primaries: 3, replicas: 0}}'), 'x.yaml').bystander?.ratePerSec).toBe(200);
    const open = ['workload: {request: [{command: GET, key: "a:{r}"}], arrival: {rate: 50/s, for: 1s}}', 'modes: [sync]', 'bystander: {rate: 200/s}'];
    expect(parseScenario(yaml('name: t', ...open), 'x.yaml').bystander?.process).toBe('same');
  });

  it('thresholds name the bystander figures and read them from a config', () => {
    const scenario = parseScenario(yaml(...HEAD, 'bystander: {rate: 200/s, process: both}', 'expect: ["sync: bystander-ratio > 2", "bystander-other-p(99) < 5ms"]'), 'x.yaml');
    expect(scenario.expect.map((t) => (t.kind === 'config' ? [t.metric, t.value] : []))).toStrictEqual([
      ['bystanderP99Ratio', 2],
      ['bystanderOtherP99Us', 5000],
    ]);
  });
});
