import { readFileSync } from 'node:fs';

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
