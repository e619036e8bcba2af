// SIGINT and SIGTERM during a run: the first aborts the run, which stops what it started and
// removes its data dir; the exit code is 128 + the signal's number (130, 143).
//
// - Signals within WINDOW_MS of the first count once: `timeout` sends SIGTERM to the lab and
//   then to its process group, and a terminal's Ctrl-C reaches every process of the group.
// - Only a SIGINT from a terminal (stdin is a TTY), WINDOW_MS or more after the first, forces
//   an immediate exit. A repeated SIGTERM never does.
// - Stopping is bounded: STOP_BOUND_MS after the first signal the lab exits whatever is still
//   running; its local servers end with it (see runtime/supervisor.ts).

import { constants } from 'node:os';

const WINDOW_MS = 1_000;
const STOP_BOUND_MS = 20_000;

type RunSignal = 'SIGINT' | 'SIGTERM';

/** What one delivery of a signal does. */
export type SignalAction = 'stop' | 'repeat' | 'force' | 'still-stopping';

export interface SignalPolicyOptions {
  /** Whether stdin is a terminal: only a person at one can force. */
  stdinIsTty: boolean;
  now: () => number;
  windowMs?: number;
}

/** The decision for each delivery, in order of arrival (pure; time comes from `now`). */
export const signalPolicy = (options: SignalPolicyOptions): ((signal: RunSignal) => SignalAction) => {
  const windowMs = options.windowMs ?? WINDOW_MS;
  let firstAtMs: number | undefined;
  return (signal) => {
    const nowMs = options.now();
    if (firstAtMs === undefined) {
      firstAtMs = nowMs;
      return 'stop';
    }
    if (nowMs - firstAtMs < windowMs) return 'repeat';
    return signal === 'SIGINT' && options.stdinIsTty ? 'force' : 'still-stopping';
  };
};

/** 130 for SIGINT, 143 for SIGTERM. */
export const signalExitCode = (signal: RunSignal): number => 128 + constants.signals[signal];

export interface RunSignals {
  /** Aborted by the first signal. */
  readonly signal: AbortSignal;
  /** The exit code the first signal asks for, once one came. */
  exitCode(): number | undefined;
  /** Stops listening (the stop bound, once started, stays armed until the process exits). */
  dispose(): void;
}

export interface WatchOptions {
  write: (line: string) => void;
  stdinIsTty: boolean;
  exit: (code: number) => never;
  boundMs?: number;
}

const ignoreWhileExiting = (): void => undefined;

/** Listens for SIGINT and SIGTERM for the length of a run. */
export const watchRunSignals = (options: WatchOptions): RunSignals => {
  const abort = new AbortController();
  const decide = signalPolicy({ stdinIsTty: options.stdinIsTty, now: () => performance.now() });
  const boundMs = options.boundMs ?? STOP_BOUND_MS;
  let code: number | undefined;
  const onSignal = (signal: RunSignal): void => {
    const action = decide(signal);
    if (action === 'repeat') return;
    if (action === 'stop') {
      code = signalExitCode(signal);
      const force = options.stdinIsTty ? ' (Ctrl-C again, a second from now, to force)' : '';
      options.write(`\ninterrupted by ${signal}: stopping what the lab started${force}`);
      // unref: a lab that stopped in time exits on its own; this only ends one that did not.
      setTimeout(() => {
        options.write(`still stopping after ${boundMs / 1000} s: exiting now (the lab's local servers end with it)`);
        options.exit(code ?? signalExitCode(signal));
      }, boundMs).unref();
      abort.abort();
      return;
    }
    if (action === 'force') {
      options.write('forced: exiting now (the lab\'s local servers end with it; containers are removed by the next run)');
      options.exit(code ?? signalExitCode(signal));
    }
    options.write(`${signal}: still stopping what the lab started (at most ${boundMs / 1000} s)`);
  };
  const onInt = () => onSignal('SIGINT');
  const onTerm = () => onSignal('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  return {
    signal: abort.signal,
    exitCode: () => code,
    dispose: () => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      // Once interrupted, the lab is on its way out with the first signal's code: a repeat that
      // arrives while it exits changes nothing (with no listener, Node would die of it instead).
      if (code !== undefined) {
        process.on('SIGINT', ignoreWhileExiting);
        process.on('SIGTERM', ignoreWhileExiting);
      }
    },
  };
};
