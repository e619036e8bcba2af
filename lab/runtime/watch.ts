// Watching a runtime's parts: Redis and Toxiproxy are separate processes (or containers) that
// can die while a run uses them (an OOM kill, `docker kill`, a crash). A run must then end
// promptly with an error naming the part, not hang on reconnects or report figures of a link
// that no longer existed. Each runtime reports an exit here; the first one fires `lost`.

import { LabError } from '../errors/index.ts';

export interface PartWatch {
  /** Aborts, with an E_RUNTIME_DIED LabError as its reason, when a part exits on its own. */
  readonly lost: AbortSignal;
  /** A part exited: `part` names it ("the Toxiproxy container"), `how` says how ("exit code 137"). */
  exited(part: string, how: string): void;
  /** The runtime's own stop() begins: exits from now on are expected. */
  stopping(): void;
}

export const watchParts = (): PartWatch => {
  const controller = new AbortController();
  let stopping = false;
  return {
    lost: controller.signal,
    exited(part, how) {
      if (stopping || controller.signal.aborted) return;
      controller.abort(
        new LabError('E_RUNTIME_DIED', `${part} exited mid-run (${how})`, {
          hint: 'Something outside the lab stopped it (a kill, the OOM killer, a restart of the Docker engine); the lab stopped and removed everything else it had started. Rerun once the cause is gone.',
        }),
      );
    },
    stopping() {
      stopping = true;
    },
  };
};

/** How a child process ended, in words: "exit code 1" or "signal SIGKILL". */
export const howExited = (code: number | null, signal: NodeJS.Signals | null): string =>
  signal !== null ? `signal ${signal}` : `exit code ${code ?? 'unknown'}`;
