// Which runtime starts a topology past one node. Only the local runtime runs {primary: 1,
// replicas: N} so far; `auto` picks it, and the containers runtime says so instead of starting
// a single node.

import { LabError } from '../errors/index.ts';
import { topologyLabel, type Topology } from '../contracts/index.ts';
import { startLocalTopology } from './local-topology.ts';
import type { StartedTopology } from './topology-types.ts';
import type { RuntimeChoice, StartOptions } from './types.ts';

export const startTopology = async (choice: RuntimeChoice, topology: Topology, options: StartOptions = {}): Promise<StartedTopology> => {
  if (choice === 'containers') {
    throw new LabError('E_RUNTIME_UNAVAILABLE', `The containers runtime does not run topology ${topologyLabel(topology)} yet`, {
      hint: 'Run it with --runtime local (redis-server and toxiproxy-server on PATH); auto picks local for topologies.',
    });
  }
  return startLocalTopology(topology, options);
};
