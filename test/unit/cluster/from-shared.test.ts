// The shared topology grammar's cluster form, joined to the cluster runner.

import { describe, expect, it } from 'vitest';
import { clusterScenarioOf, parseScenario } from '../../../lab/scenario/index.ts';
import { isLabError } from '../../../lab/errors/index.ts';

const HEAD = `
name: shared
description: d
topology: {cluster: {primaries: 3, replicas: 1}}
network: {rtt: 1ms, nodes: {primary-3: {rtt: 15ms}}}
modes: [sync]
`;

describe('clusterScenarioOf', () => {
  it('maps workload, links, modes and timeline; says the events run in order, not at their time', () => {
    const scenario = parseScenario(
      `${HEAD}workload: {command: SET, key: "k:{i}", keys: sequential, commands: 200, value: 16B}
timeline:
  - {name: cut, at: 500ms, for: 4s, partition: {nodes: [primary-2], from: all}}
  - {name: promote, at: 6s, failover: {promote: replica-1-1}}
`,
      'shared.yaml',
    );
    const { scenario: cluster, notes } = clusterScenarioOf(scenario);
    expect(cluster.topology).toEqual({ cluster: { primaries: 3, replicas: 1 } });
    expect(cluster.network).toEqual({ rttMs: 1, nodes: { 'primary-3': { rttMs: 15 } } });
    expect(cluster.workload).toEqual({ command: 'SET', key: 'k:{i}', keys: 200, commands: 200, valueBytes: 16 });
    expect(cluster.modes).toEqual([{ kind: 'sync' }]);
    expect(cluster.faults).toEqual([
      { kind: 'partition', node: 'primary-2', forMs: 4000 },
      { kind: 'failover', node: 'replica-1-1', takeover: false, mode: { kind: 'sync' } },
    ]);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toContain('at 500 ms is not honoured');
  });

  it('refuses what the cluster runner cannot run, saying what', () => {
    const scenario = parseScenario(
      `${HEAD}workload: {command: SET, key: "k:{i}", keys: sequential, commands: 10}\ntimeline:\n  - {name: cut, at: 0ms, for: 1s, partition: {nodes: [primary-2], from: peers}}\n`,
      'shared.yaml',
    );
    let error: unknown;
    try {
      clusterScenarioOf(scenario);
    } catch (e) {
      error = e;
    }
    expect(isLabError(error) && error.message).toBe('shared: the cluster runner cannot run cut: a partition other than one primary cut off from all');
  });
});
