// Request workloads on a Redis Cluster in the scenario grammar (lab/scenario/cluster-requests.ts,
// topology.ts): what now runs (closed and open loop, sync and auto, several connections, whole
// requests whose keys share a hash tag) and what is still refused, at the field, with a hint.

import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../lab/scenario/index.ts';
import { clusterOnSinglePath } from '../../../lab/contracts/index.ts';
import { failure, hints, lines, yaml } from '../scenario/helpers.ts';

const HEAD = ['name: c', 'topology: {cluster: {primaries: 3}}', 'network: {rtt: 1ms, nodes: {primary-3: {rtt: 10ms}}}'];
const API = 'workload: {requests: 20, request: [{command: GET, key: "user:{r}"}, {command: GET, key: "cart:{r}"}, {command: INCR, key: hits}]}';
const TAGGED = 'workload: {requests: 20, request: [{command: GET, key: "user:{{r}}"}, {command: INCR, key: "cart:{{r}}"}]}';

describe('request workloads on a cluster', () => {
  it('run closed-loop and open-loop, sync and auto, on several connections or a pool, without a timeline', () => {
    const closed = parseScenario(yaml(...HEAD, API, 'modes: [sync, auto:2]', 'connections: [1, 4]'), 'c.yaml');
    expect(closed.topology?.kind).toBe('cluster');
    expect(clusterOnSinglePath(closed.workloads, closed.timeline)).toBe(true);
    const open = parseScenario(yaml(...HEAD, 'workload: {request: [{command: INCR, key: "n:{r}"}], arrival: {rate: 50/s, for: 1s}, batch: auto}', 'modes: [pipeline:all]'), 'c.yaml');
    expect(open.workloads[0]?.request?.batchers).toStrictEqual([{ kind: 'auto' }]);
    const pooled = parseScenario(yaml(...HEAD, 'workload: {request: [{command: INCR, key: "n:{r}"}], arrival: {rate: 50/s, for: 1s}, clients: {pool: 4}}', 'modes: [sync]'), 'c.yaml');
    expect(pooled.workloads[0]?.request?.clients).toStrictEqual([{ kind: 'pool', size: 4 }]);
  });

  it('send a request whole (pipeline:all, multi:all) when its keys share a hash tag; refuse it otherwise, naming the modes', () => {
    expect(parseScenario(yaml(...HEAD, TAGGED, 'modes: [pipeline:all, multi:all]'), 'c.yaml').modes).toHaveLength(2);
    const error = failure(yaml(...HEAD, API, 'modes: [sync, pipeline:all, multi:all]'));
    expect(lines(error)).toStrictEqual([
      '5:15: modes[1]: pipeline:all sends a request as one pipeline, but the keys of request are in several slots of the cluster',
      '5:29: modes[2]: multi:all sends a request as one transaction, but the keys of request are in several slots of the cluster',
    ]);
    expect(hints(error)[0]).toMatch(/^give the request’s keys one hash tag, e.g. key: "user:\{\{r\}\}"/);
  });

  it('refuse a window batch across slots, an MGET across slots, reads from replicas, a timeline, and a command workload beside', () => {
    const window = 'workload: {request: [{command: GET, key: "u:{r}"}], arrival: {rate: 50/s, for: 1s}, batch: {window: 2ms, size: 8}}';
    expect(lines(failure(yaml(...HEAD, window, 'modes: [pipeline:all]')))).toStrictEqual(['4:92: workload.batch: a window batch is one pipeline of several requests, but their keys are in several slots of the cluster']);
    expect(lines(failure(yaml(...HEAD, 'workload: {requests: 10, request: [{command: MGET, key: "u:{i}", keys: {uniform: 100}, mget-keys: 3}]}', 'modes: [sync]')))[0]).toMatch(/MGET u:\{i\} names keys of several slots/);
    const replicas = failure(yaml('name: c', 'topology: {cluster: {primaries: 3, replicas: 1}}', API, 'modes: [sync]', 'replication: {read-from: replica}'));
    expect(lines(replicas)).toStrictEqual(['5:26: replication.read-from: request workloads on a cluster read from the primaries: a replica may not hold what the run just wrote, and the run checks every reply']);
    const timeline = failure(yaml('name: c', 'topology: {cluster: {primaries: 3, replicas: 1}}', API, 'modes: [sync]', 'timeline: [{name: f, failover: {promote: replica-1-1}}]'));
    expect(lines(timeline)[0]).toBe('3:11: workload: a request workload (steps, arrivals) does not run on a cluster under a timeline or beside a command workload yet');
    expect(hints(timeline)[0]).toMatch(/remove the timeline and any command workload/);
  });

  it('keep the cluster’s link rules: an rtt axis only on the single-node path (no timeline), no jitter', () => {
    // Without a timeline each config shapes every node network.nodes does not name at its rtt.
    expect(parseScenario(yaml('name: c', 'topology: {cluster: {primaries: 3}}', 'network: {rtt: [1ms, 5ms]}', API, 'modes: [sync]'), 'c.yaml').network.rttMs).toEqual([1, 5]);
    const timeline = lines(failure(yaml('name: c', 'topology: {cluster: {primaries: 3, replicas: 1}}', 'network: {rtt: [1ms, 5ms]}', 'workload: {command: SET, commands: 100}', 'modes: [sync]', 'timeline: [{name: f, failover: {promote: replica-1-1}}]')));
    expect(timeline.some((line) => /network.rtt: is a list; a cluster run has one link shape per node/.test(line)), timeline.join('\n')).toBe(true);
    expect(lines(failure(yaml('name: c', 'topology: {cluster: {primaries: 3}}', 'network: {jitter: 1ms}', API, 'modes: [sync]')))[0]).toMatch(/jitter is not supported on a cluster yet/);
  });
});
