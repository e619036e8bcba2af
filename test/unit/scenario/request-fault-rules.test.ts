import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../lab/scenario/index.ts';
import { failure, hints, lines, yaml } from './helpers.ts';

const API = 'workload: {request: [{command: GET, key: c}, {command: GET, key: c}, {command: INCR, key: c}], arrival: {rate: 400/s, for: 3s}, clients: {pool: 8}}';

describe('parseScenario: request workloads under faults', () => {
  it('takes 3 GETs + INCR, open loop on a pool, a reset at a time or after N requests', () => {
    const scenario = parseScenario(yaml('name: t', API, 'modes: [sync]', 'faults:', '  - {name: a, at: 2s, reset: {}}', '  - {name: b, after: 600 requests, reset: {}}', 'policies: [ioredis-default, none]'), 'x.yaml');
    expect(scenario.faults.map((f) => f.trigger)).toStrictEqual([{ kind: 'time', atMs: 2000 }, { kind: 'commands', after: 600, counts: 'requests' }]);
    expect(scenario.workloads[0]?.request?.clients).toStrictEqual([{ kind: 'pool', size: 8 }]);
  });

  it('closed loop, and a whole request as one pipeline', () => {
    const closed = 'workload: {request: [{command: GET, key: c}, {command: INCRBY, key: c}], requests: 50}';
    expect(() => parseScenario(yaml('name: t', closed, 'modes: [sync, pipeline:all]', 'faults: [{name: a, after: 10 requests, stall: {}, for: 200ms}]'), 'x.yaml')).not.toThrow();
  });

  it('refuses what does not run: two writes, a write it cannot reconcile, a counter on many keys, a mix', () => {
    const twoWrites = failure(yaml('name: t', 'workload: {request: [{command: INCR, key: a}, {command: INCR, key: b}], requests: 10}', 'modes: [sync]', 'faults: [{name: a, at: 10ms, reset: {}}]'));
    expect(lines(twoWrites)).toStrictEqual(['2:21: workload.request: a request under a fault carries exactly one write (INCR or INCRBY), found 2']);
    expect(hints(twoWrites)[0]).toMatch(/one INCR or INCRBY on one key and reads \(GET, MGET/);
    const set = failure(yaml('name: t', 'workload: {request: [{command: SET, key: "k:{r}"}, {command: INCR, key: c}], requests: 10}', 'modes: [sync]', 'faults: [{name: a, at: 10ms, reset: {}}]'));
    expect(lines(set)).toStrictEqual(['2:21: workload.request: SET in a request cannot be reconciled after a fault']);
    expect(hints(set)[0]).toMatch(/other writes run as a command workload \(command: SET\)$/);
    const mix = failure(yaml('name: t', 'workload: {mix: [{request: [{command: INCR, key: c}]}, {request: [{command: GET, key: c}]}], requests: 10}', 'modes: [sync]', 'faults: [{name: a, at: 10ms, reset: {}}]'));
    expect(lines(mix)).toStrictEqual(['2:12: workload.mix: a mix of request kinds does not run under faults yet']);
  });

  it('refuses axes, byte cuts and triggers in the wrong unit or past the run (a window batch runs)', () => {
    const error = failure(
      yaml(
        'name: t',
        'workload: {request: [{command: GET, key: c}, {command: INCR, key: c}], arrival: {rate: [100/s, 200/s], for: 1s}, clients: [shared, {pool: 2}], batch: {window: 5ms, size: 8}}',
        'modes: [pipeline:all]',
        'faults:',
        '  - {name: a, after: 10 commands, reset: {}}',
        '  - {name: b, after: 500 requests, reset: {}}',
        '  - {name: c, at: 100ms, cut-after: {down: "3 replies"}}',
      ),
    );
    expect(lines(error)).toStrictEqual([
      '2:88: workload.arrival.rate: a fault scenario takes one arrival rate',
      '2:123: workload.clients: a fault scenario takes one clients mode',
      '5:22: faults[0].after: under a request workload after counts requests, not commands',
      '6:22: faults[1].after: after 500 requests, but the run sends 100',
      '7:26: faults[2].cut-after: a byte- or reply-counted cut does not run under a request workload (its requests mix commands whose bytes the lab does not count)',
    ]);
    expect(hints(error)[2]).toBe('write after: 10 requests (the fault starts just before that request), or at: 1s');
  });

  it('refuses batch: auto, a list of batchers, and a window without arrivals', () => {
    const run = (batch: string, arrival = ', arrival: {rate: 100/s, for: 1s}') =>
      failure(yaml('name: t', `workload: {request: [{command: GET, key: c}, {command: INCR, key: c}]${arrival}, batch: ${batch}}`, 'modes: [pipeline:all]', 'faults: [{name: a, at: 100ms, reset: {}}]'));
    expect(lines(run('auto'))[0]).toMatch(/workload.batch: batch: auto does not run under faults/);
    expect(lines(run('[{window: 5ms, size: 8}, {window: 10ms, size: 8}]'))[0]).toMatch(/workload.batch: a fault scenario takes one batcher/);
    expect(lines(run('{window: 5ms, size: 8}', '')).join('\n')).toMatch(/batch/);
  });

  it('a command workload refuses after: N requests', () => {
    const error = failure(yaml('name: t', 'workload: {command: INCR, commands: 100}', 'modes: [sync]', 'faults: [{name: a, after: 10 requests, reset: {}}]'));
    expect(lines(error)).toStrictEqual(['4:27: faults[0].after: after 10 requests, but the workload sends commands, not requests']);
  });
});
