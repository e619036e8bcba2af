// `advise:` on a command workload (issue 27, item 4): budgets with units, the search's limits, one
// pipeline:B mode as the first probe; errors name the field, say what is valid and why; the work
// estimate counts the probes; `advised-batch >= 100` reads the registry.

import { describe, expect, it } from 'vitest';
import { expandMatrix, parseScenario } from '../../../lab/scenario/index.ts';
import { estimateWork } from '../../../lab/scenario/work.ts';
import { failure, hints, lines, yaml } from './helpers.ts';

const scenario = (advise: string, ...rest: string[]): string =>
  yaml('name: t', 'workload:', '  command: HSET', '  key: "u:{i}"', '  keys: sequential', '  commands: 10000', `  advise: ${advise}`, ...rest);

describe('workload.advise', () => {
  it('reads the budgets with their units and the limits, and ids the config pipeline:advise', () => {
    const s = parseScenario(scenario('{request-p99: 20ms, client-memory: 256MB, server-output-buffer: 64MiB}', 'modes: [pipeline:100]', 'network: {rtt: 10ms}', 'expect: ["advised-batch >= 100"]'), 'x.yaml');
    expect(s.workloads[0]?.advise).toEqual({ budgets: { requestP99Us: 20_000, clientMemoryBytes: 256_000_000, serverOutputBufferBytes: 64 * 1_048_576 }, upTo: null, within: 0.1, maxProbes: 12 });
    expect(s.expect[0]).toMatchObject({ metric: 'advisedBatch', op: '>=', value: 100 });
    expect(expandMatrix(s).map((c) => [c.id, c.batch])).toEqual([['pipeline:advise@rtt=10ms', 100]]);
    const limits = parseScenario(scenario('{request-p99: 500us, up-to: 5000, within: 5%, probes: 20}', 'modes: [pipeline:8]'), 'x.yaml');
    expect(limits.workloads[0]?.advise).toEqual({ budgets: { requestP99Us: 500 }, upTo: 5000, within: 0.05, maxProbes: 20 });
  });

  it('counts each probe, and a miss run twice, in the work estimate', () => {
    const plain = estimateWork(parseScenario(yaml('name: t', 'workload: {command: INCR, commands: 1000}', 'modes: [pipeline:100]', 'repeat: 2'), 'x.yaml'));
    const advised = estimateWork(parseScenario(scenario('{request-p99: 20ms, probes: 5}', 'modes: [pipeline:100]', 'repeat: 2'), 'x.yaml'));
    // warmup 1 + repeat 2 per probe; at most 5 probes, each miss run twice.
    expect(plain.runs).toBe(3);
    expect(advised.runs).toBe(3 * 5 * 2);
  });

  it('refuses no budget, budgets without units, bad limits and unknown keys, with the valid values named', () => {
    const none = failure(scenario('{within: 10%}', 'modes: [pipeline:100]'));
    expect(lines(none).join('\n')).toMatch(/workload\.advise: sets no budget/);
    expect(hints(none).join('\n')).toMatch(/request-p99, client-memory, server-output-buffer/);
    const bad = failure(scenario('{request-p99: 20, client-memory: 256, server-output-buffer: 1GB, within: 0.1, probes: 1, up-to: 0, budget: 3}', 'modes: [pipeline:100]'));
    const text = lines(bad).join('\n');
    expect(text).toMatch(/advise\.request-p99: 20 has no unit/);
    expect(text).toMatch(/advise\.client-memory: 256 has no unit/);
    expect(text).toMatch(/advise\.server-output-buffer: "1GB": the unit "GB" is not one the lab reads/);
    expect(text).toMatch(/advise\.within: expected a percentage like 10%/);
    expect(text).toMatch(/advise\.probes: 1 is out of range/);
    expect(text).toMatch(/advise\.up-to: 0 is out of range/);
    expect(text).toMatch(/unknown key "budget"/);
    expect(hints(bad).join('\n')).toMatch(/valid keys .*request-p99, client-memory, server-output-buffer, up-to, within, probes/);
    expect(bad.code).toBe('E_SCENARIO_INVALID');
  });

  it('needs one pipeline:B mode, a command workload, and no faults or topology', () => {
    const modes = failure(scenario('{request-p99: 20ms}', 'modes: [sync, pipeline:100]'));
    expect(lines(modes).join('\n')).toMatch(/modes: advise: searches the pipeline depth from one pipeline:B; got sync, pipeline:100/);
    expect(hints(modes).join('\n')).toMatch(/modes: \[pipeline:100\]/);
    expect(lines(failure(scenario('{request-p99: 20ms}', 'modes: [pipeline:all]'))).join('\n')).toMatch(/got pipeline:all/);
    const request = failure(yaml('name: t', 'workload:', '  request: [{command: GET, key: "k:{r}"}]', '  requests: 10', '  advise: {request-p99: 20ms}', 'modes: [pipeline:all]'));
    expect(lines(request).join('\n')).toMatch(/workload\.advise: advise: on a request workload needs open-loop arrivals: a window fills at a rate/);
    expect(hints(request).join('\n')).toMatch(/batch: \{window: 5ms, size: 8\}.*or put advise: on a command workload with modes: \[pipeline:100\]/);
    const step = failure(yaml('name: t', 'workload:', '  request: [{command: GET, key: "k:{r}", advise: {request-p99: 20ms}}]', '  requests: 10', 'modes: [sync]'));
    expect(lines(step).join('\n')).toMatch(/not a step of a request/);
    const faults = failure(scenario('{request-p99: 20ms}', 'modes: [pipeline:100]', 'faults: [{at: 10ms, reset: true}]'));
    expect(lines(faults).join('\n')).toMatch(/faults: advise: probes plain runs with the lab's engine; faults does not go with it/);
  });
});

// `advise:` on an open-loop request workload with one window batcher: the window's size is searched.
const windowed = (batch: string, advise = '{request-p99: 20ms}', arrival = '{rate: 500/s, for: 1s}'): string =>
  yaml('name: t', 'workload:', '  request: [{command: GET, key: "k:{r}"}]', `  arrival: ${arrival}`, `  batch: ${batch}`, `  advise: ${advise}`, 'modes: [pipeline:all]', 'network: {rtt: 2ms}');

describe('request workload advise (a window size)', () => {
  it('reads the budgets on a window batcher and ids the config batch=W/advise, keeping the first size on the cell', () => {
    const s = parseScenario(windowed('{window: 5ms, size: 8}', '{request-p99: 20ms, server-output-buffer: 64KB, up-to: 64}'), 'x.yaml');
    expect(s.workloads[0]?.advise).toEqual({ budgets: { requestP99Us: 20_000, serverOutputBufferBytes: 64_000 }, upTo: 64, within: 0.1, maxProbes: 12 });
    const cells = expandMatrix(s);
    expect(cells.map((c) => c.id)).toEqual(['pipeline:all@rtt=2ms,rate=500/s,batch=5ms/advise']);
    expect(cells[0]?.arrival?.batcher).toEqual({ kind: 'window', windowMs: 5, size: 8 });
  });

  it('refuses batchers without a size to search, a rate search beside it and a ramp, naming what is valid', () => {
    for (const batch of ['auto', 'none', '[{window: 5ms, size: 8}, auto]', '{window: 5ms, size: [8, 16]}']) {
      const text = lines(failure(windowed(batch))).join('\n');
      expect(text, batch).toMatch(/workload\.advise: advise: searches one window batcher's size; got batch: /);
    }
    expect(hints(failure(windowed('auto'))).join('\n')).toMatch(/write arrival: \{rate: 500\/s, for: 2s\} and batch: \{window: 5ms, size: 8\}/);
    expect(lines(failure(windowed('{window: 5ms, size: 8}', '{request-p99: 20ms}', '{rate: 500/s, for: 1s, slo: "request p(99) < 20ms"}'))).join('\n')).toMatch(/advise: and arrival\.slo: are two searches/);
    expect(lines(failure(windowed('{window: 5ms, size: 8}', '{request-p99: 20ms}', '{rate: 100/s..500/s, for: 1s}'))).join('\n')).toMatch(/advise: needs a constant rate/);
    const noBatch = failure(yaml('name: t', 'workload:', '  request: [{command: GET, key: "k:{r}"}]', '  arrival: {rate: 500/s, for: 1s}', '  advise: {request-p99: 20ms}', 'modes: [sync]'));
    expect(lines(noBatch).join('\n')).toMatch(/got no batch:/);
  });
});

// `advise:` on a Redis Cluster: a window size on the single-node path (Cluster clients), every key
// under one hash tag; a pipeline depth stays refused (the cluster runner splits each batch per primary).
describe('advise on a cluster and on a primary', () => {
  const CLUSTER = 'topology: {cluster: {primaries: 3, replicas: 0}}';
  const clusterWindow = (key: string): string =>
    yaml('name: t', CLUSTER, 'workload:', `  request: [{command: GET, key: "${key}"}]`, '  arrival: {rate: 500/s, for: 1s}', '  batch: {window: 5ms, size: 8}', '  advise: {server-output-buffer: 64KB}', 'modes: [pipeline:all]');

  it('searches a window size on a cluster when every key shares one hash tag', () => {
    const s = parseScenario(clusterWindow('{shop}:page:{r}'), 'x.yaml');
    expect(s.topology?.kind).toBe('cluster');
    expect(s.workloads[0]?.advise?.budgets).toEqual({ serverOutputBufferBytes: 64_000 });
    expect(expandMatrix(s).map((c) => c.id)).toEqual(['pipeline:all@rtt=0ms,rate=500/s,batch=5ms/advise']);
  });

  it('refuses a window over several slots (the cluster rule) without refusing the advisor', () => {
    const text = lines(failure(clusterWindow('page:{r}'))).join('\n');
    expect(text).toMatch(/a window batch is one pipeline of several requests, but their keys are in several slots/);
    expect(text).not.toMatch(/advise:/);
  });

  it('refuses a pipeline depth on a cluster, pointing at the window advisor', () => {
    const bad = failure(scenario('{request-p99: 20ms}', 'modes: [pipeline:100]', CLUSTER));
    expect(lines(bad).join('\n')).toMatch(/topology: advise: on a cluster does not search a pipeline depth: the cluster runner splits each batch into one pipeline per primary/);
    expect(hints(bad).join('\n')).toMatch(/on a cluster advise: searches a window size: a request workload whose keys share one hash tag.*batch: \{window: 5ms, size: 8\}/);
  });

  it('refuses a window size on a cluster beside a command workload (the cluster runner takes it)', () => {
    const mixed = yaml(
      'name: t',
      CLUSTER,
      'workload:',
      '  - request: [{command: GET, key: "{shop}:page:{r}"}]',
      '    arrival: {rate: 500/s, for: 1s}',
      '    batch: {window: 5ms, size: 8}',
      '    advise: {server-output-buffer: 64KB}',
      '  - {label: w, command: SET, key: "k:{i}", commands: 10}',
      'modes: [pipeline:all]',
    );
    const text = lines(failure(mixed)).join('\n');
    expect(text).toMatch(/topology: advise: on a cluster searches a window size on the single-node path, which takes a scenario of request workloads only/);
  });

  it('probes a primary with replicas or sentinels without a timeline; WAIT and a timeline stay refused', () => {
    for (const topology of ['topology: {primary: 1, replicas: 2}', 'topology: {primary: 1, replicas: 1, sentinels: 3}']) {
      const s = parseScenario(scenario('{request-p99: 20ms}', 'modes: [pipeline:100]', topology), 'x.yaml');
      expect(s.workloads[0]?.advise?.budgets, topology).toEqual({ requestP99Us: 20_000 });
    }
    const wait = failure(scenario('{request-p99: 20ms}', 'modes: [pipeline:100]', 'topology: {primary: 1, replicas: 1}', 'replication: {wait: {replicas: 1, timeout: 100ms}}'));
    expect(lines(wait).join('\n')).toMatch(/topology: advise: probes plain runs/);
  });
});
