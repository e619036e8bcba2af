// The topology grammar (issue 13): the three forms, per-node links, replication options and the
// timeline, each with the errors a user meets; and the contract's naming and link rule.

import { describe, expect, it } from 'vitest';
import { clientLinkOf, peerLinkOf, topologyNodes } from '../../../lab/contracts/index.ts';
import { parseScenario } from '../../../lab/scenario/index.ts';
import { failure, hints, lines, yaml } from './helpers.ts';

const HEAD = ['name: t', 'workload: {command: SET, key: "k:{i}", keys: sequential, commands: 10}', 'modes: [sync]'];

describe('topology grammar', () => {
  it('leaves a scenario without topology exactly as it was', () => {
    const scenario = parseScenario(yaml(...HEAD), 'x.yaml');
    expect(scenario.topology).toBeUndefined();
    expect(scenario.replication).toBeUndefined();
    expect(scenario.network.nodes).toBeUndefined();
    expect(parseScenario(yaml(...HEAD, 'topology: single'), 'x.yaml').topology).toBeUndefined();
  });

  it('reads a primary with replicas, per-node links, WAIT and read-from', () => {
    const scenario = parseScenario(
      yaml(...HEAD, 'topology: {primary: 1, replicas: 2}', 'network: {rtt: 1ms, nodes: {replica-2: {rtt: 10ms}}}', 'replication: {wait: [none, {replicas: 2, timeout: 100ms}], read-from: replica-1}'),
      'x.yaml',
    );
    expect(scenario.topology).toEqual({ kind: 'replicas', replicas: 2 });
    expect(scenario.network.nodes).toEqual({ 'replica-2': { rttMs: 10, jitterMs: 0 } });
    expect(scenario.replication).toEqual({ wait: [null, { replicas: 2, timeoutMs: 100 }], readFrom: 'replica-1', markersPerSec: 20 });
  });

  it('reads a cluster (the runtime, not the grammar, says whether it runs)', () => {
    const scenario = parseScenario(yaml(...HEAD, 'topology: {cluster: {primaries: 3, replicas: 1}}', 'network: {nodes: {primary-2: {rtt: 15ms}}}'), 'x.yaml');
    expect(scenario.topology).toEqual({ kind: 'cluster', primaries: 3, replicasPerPrimary: 1 });
  });

  it('reads a timeline of a partition and a failover', () => {
    const scenario = parseScenario(
      yaml(...HEAD, 'topology: {primary: 1, replicas: 1}', 'timeline:', '  - {name: cut, at: 500ms, for: 2s, partition: {nodes: primary, from: peers}}', '  - {name: promote, at: 1s, failover: {promote: replica-1}}'),
      'x.yaml',
    );
    expect(scenario.timeline).toEqual([
      { name: 'cut', atMs: 500, forMs: 2000, action: { kind: 'partition', nodes: ['primary'], from: 'peers' } },
      { name: 'promote', atMs: 1000, forMs: null, action: { kind: 'failover', promote: 'replica-1' } },
    ]);
  });

  it('names the node that does not exist, the primary that cannot be promoted, and WAIT beyond the replicas', () => {
    const error = failure(
      yaml(
        ...HEAD,
        'topology: {primary: 1, replicas: 1}',
        'network: {nodes: {replica-2: {rtt: 10ms}}}',
        'replication: {wait: {replicas: 2, timeout: 100ms}}',
        'timeline:',
        '  - {name: promote, at: 1s, failover: {promote: primary}}',
      ),
    );
    const text = lines(error).join('\n');
    expect(text).toContain('5:19: network.nodes.replica-2: no node "replica-2" in {primary: 1, replicas: 1}; did you mean replica-1?');
    expect(text).toContain('asks 2 replicas, but {primary: 1, replicas: 1} has 1');
    expect(text).toContain('timeline[0].failover.promote: primary is not a replica');
  });

  it('refuses topology sections on a single node and axes a topology cannot run', () => {
    expect(lines(failure(yaml(...HEAD, 'replication: {read-from: primary}')))).toEqual(['4:1: replication: replication needs a topology past one node']);
    // A timeline keeps the failover runner: one command per round trip, one link shape per node.
    const timed = ['topology: {primary: 1, replicas: 1}', 'timeline: [{name: cut, at: 1s, for: 1s, partition: {nodes: [primary]}}]'];
    const error = failure(yaml(...HEAD.slice(0, 2), 'modes: [sync, pipeline:8]', ...timed, 'network: {rtt: [0ms, 10ms]}'));
    const text = lines(error).join('\n');
    expect(text).toContain('modes: a timeline run issues one command per round trip');
    expect(text).toContain('network.rtt: is a list; a timeline run has one link shape per node');
    expect(hints(error).join('\n')).toContain('without a timeline a primary with replicas runs the single-node path on the primary');
  });

  it('takes every mode, connection count, link axis and command with WAIT and read-from (the single path), and refuses faults and request workloads there', () => {
    const waited = ['topology: {primary: 1, replicas: 1}', 'replication: {wait: [none, {replicas: 1, timeout: 100ms}], read-from: replica-1}'];
    const scenario = parseScenario(yaml('name: t', 'workload: {command: LPUSH, key: "l:{i}", commands: 100}', 'modes: [sync, pipeline:8, multi:4, auto:4]', 'connections: [1, 2]', ...waited, 'network: {rtt: [0ms, 10ms], direct: true}'), 'x.yaml');
    expect(scenario.modes).toHaveLength(4);
    expect(scenario.replication?.readFrom).toBe('replica-1');
    const faults = failure(yaml(...HEAD, ...waited, 'faults: [{name: cut, after: 10 commands, reset: {}}]'));
    expect(lines(faults).join('\n')).toContain('faults: faults do not run with WAIT or read-from a replica yet');
    expect(hints(faults).join('\n')).toContain('replication: {wait: none, read-from: primary}');
    const unknown = lines(failure(yaml(...HEAD, 'topology: {primary: 1, replicas: 1}', 'replication: {read-from: replica-3}'))).join('\n');
    expect(unknown).toContain('no node "replica-3" in {primary: 1, replicas: 1}');
  });

  it('takes every mode and link axis on a primary with replicas without a timeline, WAIT or read-from (the single-node path on the primary)', () => {
    const scenario = parseScenario(yaml(...HEAD.slice(0, 2), 'modes: [sync, pipeline:8]', 'connections: [1, 2]', 'topology: {primary: 1, replicas: 1}', 'network: {rtt: [0ms, 10ms], nodes: {replica-1: {rtt: 10ms}}}'), 'x.yaml');
    expect(scenario.modes).toHaveLength(2);
    expect(scenario.network.rttMs).toEqual([0, 10]);
    const both = lines(failure(yaml(...HEAD, 'topology: {primary: 1, replicas: 1}', 'network: {rtt: [0ms, 10ms], nodes: {primary: {rtt: 5ms}}}'))).join('\n');
    expect(both).toContain("network.rtt: is a list, and network.nodes.primary gives the primary's client link its rtt too");
  });

  it('asks for a timeout on WAIT and a for on a partition', () => {
    const text = lines(
      failure(yaml(...HEAD, 'topology: {primary: 1, replicas: 1}', 'replication: {wait: {replicas: 1}}', 'timeline: [{name: cut, at: 1s, partition: {nodes: [primary]}}]')),
    ).join('\n');
    expect(text).toContain('names no timeout');
    expect(text).toContain('a partition needs a for');
  });
});

describe('topology contract', () => {
  it('names nodes primary, replica-N and, in a cluster, primary-I and replica-I-J', () => {
    expect(topologyNodes({ kind: 'replicas', replicas: 2 }).map((n) => `${n.name}<${n.replicaOf ?? ''}`)).toEqual(['primary<', 'replica-1<primary', 'replica-2<primary']);
    expect(topologyNodes({ kind: 'cluster', primaries: 3, replicasPerPrimary: 1 }).map((n) => n.name)).toEqual(['primary-1', 'replica-1-1', 'primary-2', 'replica-2-1', 'primary-3', 'replica-3-1']);
  });

  it('gives a link the farther of its two ends, else the default', () => {
    const links = { rttMs: 1, jitterMs: 0, nodes: { 'replica-1': { rttMs: 10, jitterMs: 0 }, 'replica-2': { rttMs: 4, jitterMs: 0 } } };
    expect(clientLinkOf(links, 'primary').rttMs).toBe(1);
    expect(clientLinkOf(links, 'replica-1').rttMs).toBe(10);
    expect(peerLinkOf(links, 'replica-1', 'primary').rttMs).toBe(10);
    expect(peerLinkOf(links, 'replica-2', 'replica-1').rttMs).toBe(10);
    expect(peerLinkOf(links, 'primary', 'replica-3').rttMs).toBe(1);
  });
});
