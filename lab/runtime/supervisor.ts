// A local server ends with the lab, whatever ends the lab: a SIGKILL, the OOM killer, a V8
// abort. Node cannot ask Linux for a parent-death signal (prctl PDEATHSIG), so each server is
// started through /bin/sh, which forks a watcher and then execs the server (same pid, same
// command line, so stop(), SIGSTOP faults and the owner file see the server itself):
//
//   - the watcher holds one end of a pipe whose other end only the lab holds (the server's
//     stdin as spawned; the server itself gets /dev/null);
//   - when the server has exited, the lab writes `stop` and the watcher leaves quietly;
//   - when the pipe closes without `stop` (the lab is gone), the watcher sends SIGCONT and
//     SIGTERM to the server, SIGKILL after GRACE_S (a zombie counts as ended: an init that
//     never reaps is common in containers), then removes the data dir that holds the password
//     (given as `removeDir`).
//
// The watcher ignores SIGINT, SIGTERM and SIGHUP (a terminal's Ctrl-C or `timeout` signalling
// a process group must not take it away while the lab still needs it) and is reparented away
// from the server at once, so the server has no child it did not start. The server runs in
// its own session (spawn's `detached`): signals meant for the lab's group reach only the lab,
// which stops the server in order.

import type { Writable } from 'node:stream';

const GRACE_S = 2;
const RELEASE = 'stop';

// $1: the directory to remove when the lab is gone ('' for none); the rest: the server's command.
const SCRIPT = `pid=$$
dir=$1
shift
exec 3<&0
( {
  trap '' INT TERM HUP
  running() { kill -0 "$pid" 2>/dev/null && case "$(cat /proc/$pid/stat 2>/dev/null)" in *') Z '*) false ;; esac; }
  if IFS= read -r word && [ "$word" = ${RELEASE} ]; then exit 0; fi
  kill -CONT "$pid" 2>/dev/null
  kill -TERM "$pid" 2>/dev/null
  i=0
  while running && [ "$i" -lt ${GRACE_S * 10} ]; do sleep 0.1; i=$((i + 1)); done
  kill -KILL "$pid" 2>/dev/null
  if [ -n "$dir" ]; then rm -rf -- "$dir"; fi
} <&3 >/dev/null 2>&1 & )
exec "$@" </dev/null 3<&-
`;

/** The name the supervising shell runs under ($0), as `ps` and `pgrep -f` show it. */
const SUPERVISOR_NAME = 'redis-fault-lab-supervisor';

/** What to spawn (with stdin a pipe, `detached: true`) to run `command args` under a watcher. */
export const supervisedCommand = (command: string, args: readonly string[], removeDir?: string): { file: string; args: string[] } => ({
  file: '/bin/sh',
  args: ['-c', SCRIPT, SUPERVISOR_NAME, removeDir ?? '', command, ...args],
});

/** Tells the watcher its server has ended under the lab's eyes: it leaves without acting. */
export const releaseWatcher = (stdin: Writable | null): void => {
  if (stdin === null || stdin.destroyed) return;
  stdin.on('error', () => undefined); // the watcher may be gone already (EPIPE)
  stdin.end(`${RELEASE}\n`);
};
