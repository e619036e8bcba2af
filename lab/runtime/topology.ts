// Which runtime starts a topology past one node: {primary: 1, replicas: N} runs on the local
// runtime (processes) and on the containers runtime; `auto` picks as it does for one node
// (containers when a Docker engine answers, else local binaries). The external runtime has no
// topology form yet, and says so rather than starting something else.

import { LabError } from '../errors/index.ts';
import { topologyLabel, type Topology } from '../contracts/index.ts';
import { resolveRuntime } from './auto.ts';
import { startContainersTopology } from './containers-topology.ts';
import { startLocalTopology } from './local-topology.ts';
import type { StartedTopology } from './topology-types.ts';
import type { RuntimeChoice, StartOptions } from './types.ts';

export const startTopology = async (choice: RuntimeChoice, topology: Topology, options: StartOptions = {}): Promise<StartedTopology> => {
  const kind = await resolveRuntime(choice, options.onNote);
  if (kind === 'external') {
    throw new LabError('E_RUNTIME_UNAVAILABLE', `The external runtime does not run topology ${topologyLabel(topology)}: it takes one Redis`, {
      hint: 'Run it with --runtime containers or --runtime local (or auto), which start every node behind its proxy.',
    });
  }
  return kind === 'containers' ? startContainersTopology(topology, options) : startLocalTopology(topology, options);
};
