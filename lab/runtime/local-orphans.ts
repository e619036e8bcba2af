// What the local runtime starts must not outlive the lab. Two guards besides stop():
// - an exit hook kills the children when the lab's process exits without stopping them
//   (an uncaught error, process.exit, a test worker torn down);
// - each runtime writes owner.json (the lab's pid and its children's pids) into its data
//   dir, and the next local start kills the children of owners that are gone (a SIGKILL).

import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pidAlive } from './pid-alive.ts';

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
