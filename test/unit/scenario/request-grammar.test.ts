// The request grammar (issue 10): steps, parallel groups, {r}, mix weights, arrival and clients,
// and the errors a wrong request gets.

import { describe, expect, it } from 'vitest';
import { meanRequestWaits, type Workload } from '../../../lab/contracts/index.ts';
import { expandMatrix, parseScenario } from '../../../lab/scenario/index.ts';
import { failure, hints, lines, yaml } from './helpers.ts';

const REQUEST = [
  'name: t',
  'workload:',
  '  label: api',
  '  requests: 20',
  '  request:',
  '    - {command: GET, key: "user:{r}"}',
  '    - parallel: [{command: GET, key: "a:{r}"}, {command: SET, key: "b:{r}", value: 1KB}]',
  '    - {command: INCR, key: hits}',
];

const only = (text: string): Workload => {
  const [workload] = parseScenario(text, 'x.yaml').workloads;
  if (workload === undefined) throw new Error('no workload');
  return workload;
};

describe('request workloads', () => {
  it('reads steps, a parallel group and {r} as the request index (a sequential key)', () => {
    const w = only(yaml(...REQUEST, 'modes: [sync, pipeline:all, multi:all, auto:4]'));
    expect(w.commands).toEqual([20]);
    const [first, group, last] = w.request?.kinds[0]?.steps ?? [];
    expect(first?.commands[0]).toMatchObject({ command: 'GET', key: 'user:{i}', keys: { kind: 'sequential', count: 'commands' } });
    expect(group?.commands.map((c) => c.command)).toEqual(['GET', 'SET']);
    expect(group?.commands[1]?.valueBytes).toEqual([{ minBytes: 1000, maxBytes: 1000 }]);
    expect(last?.commands[0]).toMatchObject({ command: 'INCR', key: 'hits', keys: { kind: 'one' } });
    const shape = w.request;
    if (shape === undefined) throw new Error('no request');
    expect(meanRequestWaits(shape, { kind: 'sync' })).toBe(3);
    expect(meanRequestWaits(shape, { kind: 'pipeline' })).toBe(1);
    expect(shape.arrival).toBeUndefined();
  });

  it('weights a mix and expands open-loop rates as an axis', () => {
    const text = yaml(
      'name: t',
      'workload:',
      '  requests: 10',
      '  mix:',
      '    - {label: read, weight: 3, request: [{command: GET, key: "k:{r}"}]}',
      '    - {label: write, request: [{command: INCR, key: c}, {command: INCR, key: d}]}',
      '  arrival: {rate: [100/s, 400/s], for: 2s, process: poisson}',
      '  clients: {pool: 2}',
      'modes: [sync]',
    );
    const scenario = parseScenario(text, 'x.yaml');
    const shape = scenario.workloads[0]?.request;
    expect(shape?.kinds.map((k) => [k.label, k.weight])).toEqual([['read', 3], ['write', 1]]);
    if (shape === undefined) throw new Error('no request');
    expect(meanRequestWaits(shape, { kind: 'sync' })).toBeCloseTo(1.25);
    expect(shape.clients).toEqual([{ kind: 'pool', size: 2 }]);
    const cells = expandMatrix(scenario);
    expect(cells.map((c) => c.id)).toEqual(['sync@rtt=0ms,rate=100/s', 'sync@rtt=0ms,rate=400/s']);
    expect(cells.map((c) => c.arrival?.requests)).toEqual([200, 800]);
  });

  it('reads clients as an axis: a config per clients mode (outside the rates), each id naming it, duplicates refused', () => {
    const text = [
      'name: t',
      'workload:',
      '  request: [{command: INCR, key: c}]',
      '  arrival: {rate: [100/s, 200/s], for: 1s}',
      '  clients: [shared, {pool: 4}]',
      'modes: [sync]',
    ].join('\n');
    const scenario = parseScenario(text, 'x.yaml');
    expect(scenario.workloads[0]?.request?.clients).toEqual([{ kind: 'shared' }, { kind: 'pool', size: 4 }]);
    const cells = expandMatrix(scenario);
    expect(cells.map((c) => c.id)).toEqual([
      'sync@rtt=0ms,rate=100/s,clients=shared',
      'sync@rtt=0ms,rate=200/s,clients=shared',
      'sync@rtt=0ms,rate=100/s,clients=pool:4',
      'sync@rtt=0ms,rate=200/s,clients=pool:4',
    ]);
    expect(cells.map((c) => c.arrival?.clients)).toEqual([{ kind: 'shared' }, { kind: 'shared' }, { kind: 'pool', size: 4 }, { kind: 'pool', size: 4 }]);
    const single = expandMatrix(parseScenario(text.replace('[shared, {pool: 4}]', '{pool: 4}'), 'x.yaml'));
    expect(single.map((c) => c.id)).toEqual(['sync@rtt=0ms,rate=100/s', 'sync@rtt=0ms,rate=200/s']);
    expect(() => parseScenario(text.replace('[shared, {pool: 4}]', '[{pool: 4}, {pool: 4}]'), 'x.yaml')).toThrow(/pool:4 is listed twice/);
    expect(() => parseScenario(text.replace('[shared, {pool: 4}]', '[shared, pooled]'), 'x.yaml')).toThrow(/workload\.clients\[1\]: expected shared or \{pool: N\}/);
    expect(() => parseScenario(text.replace('[shared, {pool: 4}]', '[]'), 'x.yaml')).toThrow(/clients.*is an empty list/);
  });

  it('reads a linear ramp as one axis value: its mean rate sets the requests, its ends the schedule', () => {
    const text = [
      'name: t',
      'workload:',
      '  requests: 10',
      '  request: [{command: INCR, key: c}]',
      '  arrival: {rate: [100/s..300/s, 50/s], for: 2s}',
      'modes: [sync]',
    ].join('\n');
    const cells = expandMatrix(parseScenario(text, 'x.yaml'));
    expect(cells.map((c) => c.id)).toEqual(['sync@rtt=0ms,rate=100/s..300/s', 'sync@rtt=0ms,rate=50/s']);
    expect(cells.map((c) => c.arrival?.requests)).toEqual([400, 100]);
    expect(cells[0]?.arrival?.ramp).toEqual({ fromPerSec: 100, toPerSec: 300 });
    expect(cells[1]?.arrival?.ramp).toBeUndefined();
    const bad = text.replace('100/s..300/s', '100/s..300/s..400/s');
    expect(() => parseScenario(bad, 'x.yaml')).toThrow(/expected a rate like 800\/s, got "100\/s\.\.300\/s\.\.400\/s"/);
  });

  it('says what is wrong: a batch that is not the whole request, commands in a step, clients without arrival, a bad rate', () => {
    const error = failure(
      yaml(
        'name: t',
        'workload:',
        '  requests: 10',
        '  request: [{command: GET, key: "k:{r}", commands: 3}, {parallel: [{command: GET}]}]',
        '  arrival: {rate: fast}',
        '  clients: {pool: 2, size: 3}',
        'modes: [sync, pipeline:8]',
      ),
    );
    const text = lines(error).join('\n');
    expect(text).toContain('workload.request[0].commands: a step command sends once per request');
    expect(text).toContain('workload.request[1].parallel: expected a list of at least 2 commands');
    expect(text).toContain('workload.arrival.rate: expected a rate like 800/s, got "fast"');
    expect(text).toContain('workload.clients: expected shared or {pool: N}');
    expect(error.code).toBe('E_SCENARIO_INVALID');
  });

  it('rejects a batch other than all for a request workload', () => {
    const error = failure(yaml(...REQUEST, 'modes: [sync, pipeline:8]'));
    expect(lines(error).join('\n')).toContain('modes[1]: pipeline:8: a request is sent whole, as one pipeline');
    expect(hints(error).join('\n')).toContain('write pipeline:all');
  });
});

describe('request thresholds', () => {
  it('select request metrics by name through the registry', () => {
    const scenario = parseScenario(yaml(...REQUEST, 'modes: [sync, pipeline:all]', 'network: {rtt: [0ms, 8ms]}', 'expect: ["pipeline:all at rtt=8ms: request p(99) < 12ms", "service p(99) < 5ms"]'), 'x.yaml');
    expect(scenario.expect).toMatchObject([
      { kind: 'config', metric: 'requestP99Us', op: '<', value: 12_000, select: { rttMs: 8, mode: { kind: 'pipeline', batch: 'all' } } },
      { kind: 'config', metric: 'serviceP99Us', op: '<', value: 5_000 },
    ]);
  });
});
