// Redis Cluster in the shared scenario grammar (lab/scenario/topology.ts), and what the cluster
// runner reads of it in place (cluster-scenario.ts, the matrix's cells): defaults, per-node links,
// the timeline the runner executes, and errors that name the field, the line and what would be valid.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandMatrix, loadScenarioFile, parseScenario } from '../../../lab/scenario/index.ts';
import type { Scenario } from '../../../lab/contracts/index.ts';
import { clusterKeys, clusterCommand } from '../../../lab/workload/cluster/index.ts';
import { clusterNodeNames, clusterShapeProblem } from '../../../lab/index.ts';
import { clusterTopologyOf, defaultRttMs, eventForMs, eventNode, failoverMode, nodeRttMs, scaleReadsOf } from '../../../lab/run/cluster/cluster-scenario.ts';
import { failure, hints, lines, yaml } from '../scenario/helpers.ts';

const FAULT_KINDS = { failover: 'failover', partition: 'partition', down: 'down', 'link-fault': 'link' } as const;

// What the cluster runner reads of a scenario, gathered in one object to compare (the runner
// itself reads each field where it needs it).
const runnerView = (scenario: Scenario) => {
  const topology = clusterTopologyOf(scenario);
  const [cell] = expandMatrix(scenario);
  return {
    name: scenario.name,
    description: scenario.description,
    file: scenario.file,
    topology: { cluster: { primaries: topology.primaries, replicas: topology.replicasPerPrimary } },
    nodeTimeoutMs: topology.nodeTimeoutMs,
    network: { rttMs: defaultRttMs(scenario), nodes: Object.fromEntries(Object.keys(scenario.network.nodes ?? {}).map((n) => [n, { rttMs: nodeRttMs(scenario, n) }])) },
    workload: { command: clusterCommand(cell!), key: cell!.workload.key, keys: clusterKeys(cell!), commands: cell!.commands, valueBytes: cell!.valueBytes.maxBytes },
    modes: expandMatrix(scenario).map((c) => c.mode),
    scaleReads: scaleReadsOf(scenario),
    warmup: scenario.warmup,
    repeat: scenario.repeat,
    calibrationPings: scenario.calibrationPings,
    seed: scenario.seed,
    faults: (scenario.timeline ?? []).map((event) => {
      const { action } = event;
      const base = { kind: FAULT_KINDS[action.kind], node: eventNode(event) };
      if (action.kind === 'failover') return { ...base, takeover: action.takeover === true, mode: failoverMode(scenario, event), name: event.name };
      return { ...base, ...(action.kind === 'link-fault' ? { fault: action.fault } : {}), forMs: eventForMs(scenario, event), name: event.name };
    }),
  };
};

const cluster = (text: string) => runnerView(parseScenario(text, 'c.yaml'));
const HEAD = ['name: c', 'description: d', 'topology: {cluster: {primaries: 3, replicas: 1}}'];

describe('cluster scenarios in the shared grammar', () => {
  it('reads a full scenario with its units', () => {
    const s = cluster(
      yaml(
        'name: c',
        'topology: { cluster: { primaries: 3, replicas: 1, node-timeout: 1.5s } }',
        'network: { rtt: 1ms, nodes: { primary-3: { rtt: 15ms } } }',
        'workload: { command: SET, key: "n:{i}", keys: { sequential: 10 }, commands: 100, value: 1KB }',
        'modes: [sync, { pipeline: 16 }]',
        'replication: { read-from: replica }',
        'timeline:',
        '  - { name: take, failover: { promote: replica-2-1, takeover: true, mode: { pipeline: 8 } } }',
        '  - { name: cut, for: 3s, partition: { nodes: primary-1 } }',
        '  - { name: freeze, for: 500ms, down: replica-1-1 }',
      ),
    );
    expect(s.nodeTimeoutMs).toBe(1500);
    expect(s.network).toEqual({ rttMs: 1, nodes: { 'primary-3': { rttMs: 15 } } });
    expect(s.workload).toEqual({ command: 'SET', key: 'n:{i}', keys: 10, commands: 100, valueBytes: 1000 });
    // INCR writes no value (the shared grammar refuses one); one key unless keys says otherwise.
    expect(cluster(yaml(...HEAD, 'workload: {command: INCR, key: n, commands: 100}', 'modes: [sync]')).workload).toEqual({ command: 'INCR', key: 'n', keys: 1, commands: 100, valueBytes: 16 });
    expect(s.modes).toEqual([{ kind: 'sync' }, { kind: 'pipeline', batch: 16 }]);
    expect(s.scaleReads).toBe('slave');
    expect(s.faults).toEqual([
      { kind: 'failover', node: 'replica-2-1', takeover: true, mode: { kind: 'pipeline', batch: 8 }, name: 'take' },
      { kind: 'partition', node: 'primary-1', forMs: 3000, name: 'cut' },
      { kind: 'down', node: 'replica-1-1', forMs: 500, name: 'freeze' },
    ]);
    expect(s.repeat).toBe(3);
  });

  it('maps workload, links, modes and timeline with their defaults', () => {
    const s = cluster(
      yaml(
        ...HEAD,
        'network: {rtt: 1ms, nodes: {primary-3: {rtt: 15ms}}}',
        'modes: [sync]',
        'workload: {command: SET, key: "k:{i}", keys: sequential, commands: 200, value: 16B}',
        'timeline:',
        '  - {name: cut, for: 4s, partition: {nodes: [primary-2], from: all}}',
        '  - {name: promote, failover: {promote: replica-1-1}}',
      ),
    );
    expect(s.topology).toEqual({ cluster: { primaries: 3, replicas: 1 } });
    expect(s.nodeTimeoutMs).toBe(2000);
    expect(s.scaleReads).toBe('master');
    expect(s.network).toEqual({ rttMs: 1, nodes: { 'primary-3': { rttMs: 15 } } });
    expect(s.workload).toEqual({ command: 'SET', key: 'k:{i}', keys: 200, commands: 200, valueBytes: 16 });
    expect(s.modes).toEqual([{ kind: 'sync' }]);
    expect(s.faults).toEqual([
      { kind: 'partition', node: 'primary-2', forMs: 4000, name: 'cut' },
      { kind: 'failover', node: 'replica-1-1', takeover: false, mode: { kind: 'sync' }, name: 'promote' },
    ]);
  });

  it('refuses an event time: a cluster runs its timeline in order, after the measured configs', () => {
    const error = failure(yaml(...HEAD, 'modes: [sync]', 'workload: {command: SET, key: "k:{i}", keys: sequential, commands: 10}', 'timeline:', '  - {name: cut, at: 500ms, for: 4s, partition: {nodes: [primary-2]}}'));
    expect(lines(error)).toEqual(["7:17: timeline[0].at: a cluster's events take no at: the cluster runner runs them in the order listed, after the measured configs, each with its own writes"]);
    expect(hints(error)).toEqual(['remove at; list the events in the order they should run']);
  });

  it('names every wrong field, its line and what would be valid', () => {
    const error = failure(
      yaml(
        'name: c',
        'topology: { cluster: { primaries: 3, replicas: 1 } }',
        'network: { rtt: 10, nodes: { primary-9: { rtt: 1ms } } }',
        'workload: { command: GET, key: "k:{i}", keys: sequential, commands: 10 }',
        'modes: [sync, { pipelin: 4 }]',
        'timeline:',
        '  - { name: c, down: primary-2 }',
      ),
    );
    const text = lines(error).join('\n');
    expect(text).toContain('3:17: network.rtt: 10 has no unit');
    expect(text).toContain('4:22: workload.command: GET is not supported on a topology run yet');
    expect(hints(error)).toContain('use SET, INCR');
    expect(text).toContain('5:17: modes[1].pipelin: unknown key "pipelin"; did you mean "pipeline"?');
    expect(text).toContain('7:5: timeline[0]: a down needs a for');
    // Node names are checked once the sections they join read cleanly.
    const nodes = failure(
      yaml(
        ...HEAD,
        'network: { rtt: 1ms, nodes: { primary-9: { rtt: 1ms } } }',
        'workload: { command: SET, key: "k:{i}", keys: sequential, commands: 10 }',
        'modes: [sync]',
        'timeline:',
        '  - { name: a, failover: { promote: primary-1 } }',
        '  - { name: b, for: 1s, partition: { nodes: [replica-1-1], from: peers } }',
      ),
    );
    const nodeText = lines(nodes).join('\n');
    expect(nodeText).toContain('4:31: network.nodes.primary-9: no node "primary-9" in');
    expect(hints(nodes)).toContain('nodes: primary-1, replica-1-1, primary-2, replica-2-1, primary-3, replica-3-1');
    expect(nodeText).toContain('timeline[0].failover.promote: primary-1 is not a replica');
    expect(nodeText).toContain('timeline[1].partition.nodes: the cluster runner cuts off one primary, got replica-1-1');
    expect(nodeText).toContain('timeline[1].partition.from: the cluster runner cuts a primary off from all');
  });

  it('refuses modes, reads and options the cluster runner does not run, naming what it does', () => {
    const error = failure(
      yaml(
        ...HEAD,
        'workload: {command: SET, key: "k:{i}", keys: sequential, commands: 10}',
        'modes: [sync, multi:4, pipeline:all]',
        'replication: {read-from: replica-1-1, wait: {replicas: 1, timeout: 100ms}}',
        'timeline: [{name: f, failover: {promote: replica-1-1, mode: auto:4}}]',
      ),
    );
    const text = lines(error).join('\n');
    expect(text).toContain('modes[1]: multi:4 is not supported on a cluster');
    expect(text).toContain('modes[2]: pipeline:all is not supported on a cluster');
    expect(text).toContain('replication.read-from: "replica-1-1" is not a cluster read target');
    expect(text).toContain('replication.wait: WAIT is not run on a cluster yet');
    expect(text).toContain('timeline[0].failover.mode: auto:4 is not supported on a cluster');
    expect(hints(error)).toContain('on a cluster read-from is primary (default), replica or all (ioredis scaleReads master, slave, all)');
  });

  it('keeps takeover and mode to a cluster, and one failover to a primary/replicas run', () => {
    const text = lines(
      failure(
        yaml(
          'name: r',
          'topology: {primary: 1, replicas: 1}',
          'workload: {command: SET, key: "k:{i}", keys: sequential, commands: 10}',
          'modes: [sync]',
          'timeline: [{name: f, at: 1s, failover: {promote: replica-1, takeover: true}}]',
        ),
      ),
    ).join('\n');
    expect(text).toContain('timeline[0].failover.takeover: takeover is for a cluster failover (CLUSTER FAILOVER)');
  });

  it('refuses a cluster without a failover majority', () => {
    expect(clusterShapeProblem({ primaries: 2, replicas: 1 })).toContain('at least 3 primaries');
    expect(lines(failure(yaml('name: c', 'topology: { cluster: { primaries: 2 } }', 'workload: {command: SET, commands: 10}', 'modes: [sync]'))).join('\n')).toContain(
      'topology.cluster.primaries: 2 is out of range',
    );
    expect(clusterNodeNames({ primaries: 3, replicas: 2 })).toEqual(['primary-1', 'primary-2', 'primary-3', 'replica-1-1', 'replica-1-2', 'replica-2-1', 'replica-2-2', 'replica-3-1', 'replica-3-2']);
  });

  it('reads the shipped cluster-cross-dc.yaml into the runner input its provisional-grammar version gave', async () => {
    const s = runnerView(await loadScenarioFile(join(import.meta.dirname, '../../../scenarios/cluster-cross-dc.yaml')));
    expect({ ...s, description: undefined, file: undefined }).toEqual({
      name: 'cluster-cross-dc',
      description: undefined,
      file: undefined,
      topology: { cluster: { primaries: 3, replicas: 1 } },
      nodeTimeoutMs: 2000,
      network: { rttMs: 1, nodes: { 'primary-3': { rttMs: 15 }, 'replica-3-1': { rttMs: 15 } } },
      workload: { command: 'SET', key: 'cx:{i}', keys: 300, commands: 300, valueBytes: 32 },
      modes: [{ kind: 'sync' }, { kind: 'pipeline', batch: 16 }, { kind: 'pipeline', batch: 100 }],
      scaleReads: 'master',
      warmup: 1,
      repeat: 3,
      calibrationPings: 40,
      seed: 1,
      faults: [
        { kind: 'failover', node: 'replica-1-1', takeover: false, mode: { kind: 'sync' }, name: 'failover-near' },
        { kind: 'failover', node: 'replica-3-1', takeover: true, mode: { kind: 'pipeline', batch: 16 }, name: 'takeover-far' },
        { kind: 'partition', node: 'primary-2', forMs: 6000, name: 'partition-near' },
      ],
    });
  });
});
