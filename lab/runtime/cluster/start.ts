// Which runtime starts a Redis Cluster: the containers and the local runtime both do, `auto`
// picks as it does for one node (containers when a Docker engine answers, else local binaries).
// The external runtime takes one Redis and says so rather than starting something else.

import { LabError } from '../../errors/index.ts';
import type { ClusterShape } from '../../contracts/index.ts';
import { resolveRuntime } from '../auto.ts';
import type { RuntimeChoice } from '../types.ts';
import { startContainersCluster } from './containers-cluster.ts';
import { startLocalCluster } from './local-cluster.ts';
import type { ClusterStartOptions, StartedCluster } from './types.ts';

export const startCluster = async (choice: RuntimeChoice, shape: ClusterShape, options: ClusterStartOptions = {}): Promise<StartedCluster> => {
  const kind = await resolveRuntime(choice, options.onNote);
  if (kind === 'external') {
    throw new LabError('E_RUNTIME_UNAVAILABLE', 'The external runtime does not run a Redis Cluster: it takes one Redis', {
      hint: 'Run the scenario with --runtime containers or --runtime local (or auto), which start every node behind its proxies.',
    });
  }
  return kind === 'containers' ? startContainersCluster(shape, options) : startLocalCluster(shape, options);
};
