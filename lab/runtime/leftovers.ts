// Nothing the lab starts may outlive it, even when the lab's process dies without calling a
// runtime's stop(). Two guards for the local runtime:
//   - an exit hook kills the children when the lab's process exits without stopping them
//     (an uncaught error, process.exit, a test worker torn down);
//   - each runtime writes owner.json (the lab's pid and its children's pids) into its data
//     dir, and the next local start kills the children of owners that are gone (a SIGKILL).
// And for the containers runtime: leftovers from a lab process that died hard (SIGKILL, power
// loss) are removed by the next run: every container and network the lab creates carries the creating pid, and those
//   whose pid is no longer alive on this host are removed. Ryuk does this job in
//   Testcontainers, but its image cannot be pulled on a machine without a registry.

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContainerRuntimeClient } from 'testcontainers';

// True while `pid` is a running process. A zombie (exited, not yet reaped by its parent,
// which in a container's init may be never) counts as gone: it holds no port and no memory.
export const pidAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const stat = (() => {
    try {
      return readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      return ''; // no /proc (not Linux): trust kill(0)
    }
  })();
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state !== 'Z' && state !== 'X';
};

// ---- local runtime: owner files and an exit hook



export const LOCAL_DIR_PREFIX = 'redis-fault-lab-';
const OWNER_FILE = 'owner.json';

export interface Child {
  pid: number;
  /** The executable it was started as, to recognise it again. */
  command: string;
}

interface Owner {
  ownerPid: number;
  children: Child[];
}

export const writeOwner = (dataDir: string, children: Child[]): Promise<void> =>
  writeFile(
    join(dataDir, OWNER_FILE),
    JSON.stringify({ ownerPid: process.pid, children: children.map(({ pid, command }) => ({ pid, command })) } satisfies Owner),
  );

// Kills `pids` synchronously when this process exits; returns the unhook for stop().
export const killOnExit = (pids: () => number[]): (() => void) => {
  const hook = () => {
    for (const pid of pids()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  process.on('exit', hook);
  return () => process.off('exit', hook);
};

// True only when the process is still the one the lab started: a reused pid is never
// killed. Where /proc is missing (not Linux) nothing can be confirmed, so nothing is killed.
const stillOurs = async (child: Child): Promise<boolean> => {
  if (!pidAlive(child.pid)) return false;
  const cmdline = await readFile(`/proc/${child.pid}/cmdline`, 'utf8').catch(() => '');
  return cmdline.startsWith(child.command); // redis-server rewrites its title but keeps the path first
};

// Kills the servers of local runtimes whose owner died and removes their data dirs;
// returns the pids it killed.
export const reapLocalOrphans = async (): Promise<number[]> => {
  const killed: number[] = [];
  const entries = await readdir(tmpdir()).catch(() => [] as string[]);
  for (const entry of entries.filter((name) => name.startsWith(LOCAL_DIR_PREFIX))) {
    const dir = join(tmpdir(), entry);
    const owner = await readFile(join(dir, OWNER_FILE), 'utf8')
      .then((text) => JSON.parse(text) as Owner)
      .catch(() => undefined);
    if (!owner || owner.ownerPid === process.pid || pidAlive(owner.ownerPid)) continue;
    for (const child of owner.children ?? []) {
      if (await stillOurs(child)) {
        process.kill(child.pid, 'SIGKILL');
        killed.push(child.pid);
      }
    }
    await rm(dir, { recursive: true, force: true });
  }
  return killed;
};

// ---- containers runtime: names and labels that carry the owner's pid



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
