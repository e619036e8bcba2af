// Helpers for integration tests: small scenarios and a look at what the lab left behind.

import { getContainerRuntimeClient } from 'testcontainers';
import { LAB_LABEL } from '../../lab/runtime/index.ts';
import { parseScenario, type Scenario } from '../../lab/index.ts';

// A scenario written inline, parsed exactly as a file would be.
export const inlineScenario = (yaml: string): Scenario => parseScenario(yaml, 'inline.yaml');

// Ids of every container carrying the lab's label, running or not.
export const labContainerIds = async (): Promise<string[]> => {
  const client = await getContainerRuntimeClient();
  const containers = await client.container.dockerode.listContainers({ all: true, filters: { label: [`${LAB_LABEL}=true`] } });
  return containers.map((c) => c.Id);
};

// Names of docker networks created by the lab.
export const labNetworkNames = async (): Promise<string[]> => {
  const client = await getContainerRuntimeClient();
  return (await client.container.dockerode.listNetworks()).map((n) => n.Name).filter((name) => name.startsWith('redis-fault-lab-'));
};

// A zombie counts as gone (see lab/runtime/pid-alive.ts): this sandbox's init never reaps.
export { pidAlive as processAlive } from '../../lab/runtime/index.ts';
