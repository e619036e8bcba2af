// Leftovers from a lab process that died hard (SIGKILL, power loss) are removed by the next
// run: every container and network the lab creates carries the creating pid, and those
// whose pid is no longer alive on this host are removed. Ryuk does this job in
// Testcontainers, but its image cannot be pulled on a machine without a registry.

import { randomBytes } from 'node:crypto';
import type { ContainerRuntimeClient } from 'testcontainers';
import { pidAlive } from './pid-alive.ts';

export const LAB_LABEL = 'redis-fault-lab';
const NAME_PREFIX = 'redis-fault-lab-';

// `redis-fault-lab-<pid>-<random>-<role>`: the pid lets a later run spot orphans by name.
export const labResourceName = (role: string): string => `${NAME_PREFIX}${process.pid}-${randomBytes(3).toString('hex')}-${role}`;

const orphanPid = (name: string): number | undefined => {
  const match = new RegExp(`^/?${NAME_PREFIX}(\\d+)-`).exec(name);
  const pid = match ? Number(match[1]) : undefined;
  return pid !== undefined && pid !== process.pid && !pidAlive(pid) ? pid : undefined;
};

// Removes containers and networks left by dead lab processes; returns how many.
export const reapOrphans = async (client: ContainerRuntimeClient): Promise<number> => {
  const docker = client.container.dockerode;
  let removed = 0;
  const containers = await docker.listContainers({ all: true, filters: { label: [`${LAB_LABEL}=true`] } });
  for (const info of containers) {
    if (info.Names.some((name) => orphanPid(name) !== undefined)) {
      await docker.getContainer(info.Id).remove({ force: true, v: true }).catch(() => undefined);
      removed++;
    }
  }
  for (const net of await docker.listNetworks()) {
    if (orphanPid(net.Name) !== undefined) {
      await docker.getNetwork(net.Id).remove().catch(() => undefined);
      removed++;
    }
  }
  return removed;
};
