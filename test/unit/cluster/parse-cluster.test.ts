// The provisional cluster scenario grammar: defaults, per-node links, faults, and errors that
// name the field and say what would be valid.

import { describe, expect, it } from 'vitest';
import { parseClusterScenario } from '../../../lab/scenario/index.ts';
import { clusterNodeNames, clusterShapeProblem, isLabError } from '../../../lab/index.ts';

const problemsOf = (text: string): string => {
  try {
    parseClusterScenario(text, 'x.yaml');
  } catch (error) {
    if (isLabError(error)) return error.message;
    throw error;
  }
  throw new Error('parsed without error');
};

describe('cluster scenario grammar', () => {
  it('reads a full scenario with its units', () => {
    const s = parseClusterScenario(
      `
name: c
topology: { cluster: { primaries: 3, replicas: 1 } }
nodeTimeout: 1.5s
network: { rtt: 1ms, nodes: { primary-3: { rtt: 15ms } } }
workload: { command: INCR, key: "n:{i}", keys: 10, commands: 100, value: 1KB }
modes: [sync, { pipeline: 16 }]
faults:
  - { failover: replica-2-1, takeover: true, mode: { pipeline: 8 } }
  - { partition: primary-1, for: 3s }
  - { down: replica-1-1, for: 500ms }
`,
      'c.yaml',
    );
    expect(s.nodeTimeoutMs).toBe(1500);
    expect(s.network).toEqual({ rttMs: 1, nodes: { 'primary-3': { rttMs: 15 } } });
    expect(s.workload).toEqual({ command: 'INCR', key: 'n:{i}', keys: 10, commands: 100, valueBytes: 1000 });
    expect(s.modes).toEqual([{ kind: 'sync' }, { kind: 'pipeline', batch: 16 }]);
    expect(s.faults).toEqual([
      { kind: 'failover', node: 'replica-2-1', takeover: true, mode: { kind: 'pipeline', batch: 8 } },
      { kind: 'partition', node: 'primary-1', forMs: 3000 },
      { kind: 'down', node: 'replica-1-1', forMs: 500 },
    ]);
    expect(s.repeat).toBe(3);
  });

  it('names every wrong field and what would be valid', () => {
    const message = problemsOf(`
name: c
topology: { cluster: { primaries: 3, replicas: 1 } }
network: { rtt: 10, nodes: { primary-9: { rtt: 1ms } } }
workload: { command: GET }
modes: [sync, { pipelin: 4 }]
faults:
  - { failover: primary-1 }
  - { partition: replica-1-1, for: 1s }
  - { down: primary-2 }
`);
    expect(message).toContain('network.rtt: 10 has no unit');
    expect(message).toContain('network.nodes.primary-9: unknown key; valid keys here: primary-1, primary-2, primary-3, replica-1-1, replica-2-1, replica-3-1');
    expect(message).toContain('workload.command: must be SET or INCR');
    expect(message).toContain('modes[1].pipelin: unknown key');
    expect(message).toContain('faults[0].failover: CLUSTER FAILOVER is sent to a replica; primary-1 is a primary');
    expect(message).toContain('faults[1].partition: the lab partitions a primary; replica-1-1 is a replica');
    expect(message).toContain('faults[2].for:');
  });

  it('refuses a cluster without a failover majority', () => {
    expect(clusterShapeProblem({ primaries: 2, replicas: 1 })).toContain('at least 3 primaries');
    expect(problemsOf('name: c\ntopology: { cluster: { primaries: 2 } }\n')).toContain('topology.cluster.primaries: must be a whole number >= 3');
    expect(clusterNodeNames({ primaries: 3, replicas: 2 })).toEqual(['primary-1', 'primary-2', 'primary-3', 'replica-1-1', 'replica-1-2', 'replica-2-1', 'replica-2-2', 'replica-3-1', 'replica-3-2']);
  });
});
