// process.exit inside a policy module (at its top level, or in connect, perform or close) would
// end the lab with the module's exit code, no result and nothing cleaned up. While a guard is
// held, process.exit is replaced by a function that records the call and throws, so the module's
// code stops, the run is abandoned as E_POLICY and the lab's cleanup runs. The real function is
// back when the last guard is released.

import { LabError } from '../errors/index.ts';

type ExitCall = { code: number | string | null | undefined };

// Marks the throw that replaces the exit, so the lab can tell it from the module's own errors.
const exitMarker = Symbol.for('redis-fault-lab.policyExit');

const watchers = new Set<(call: ExitCall) => void>();
let realExit: typeof process.exit | undefined;

const fakeExit = (code?: number | string | null): never => {
  const call = { code };
  for (const watch of watchers) watch(call);
  throw Object.assign(new Error(`process.exit(${code ?? ''}) called by a policy module`), { [exitMarker]: call });
};

/** True for what the replaced process.exit threw. */
export const isExitThrow = (error: unknown): boolean => typeof error === 'object' && error !== null && exitMarker in error;

/** The E_POLICY error for a module that called process.exit. */
export const exitError = (source: string, when: string, call: ExitCall): LabError =>
  new LabError('E_POLICY', `Policy ${source} called process.exit(${call.code ?? ''}) ${when}`, {
    hint: 'a policy module must not end the process: throw an error from connect or perform instead (the lab stopped what it started)',
  });

/** Replaces process.exit until `release` is called; `signal` aborts at the first call. */
export const guardExit = (): { signal: AbortSignal; call: () => ExitCall | undefined; release: () => void } => {
  const controller = new AbortController();
  let seen: ExitCall | undefined;
  const watch = (call: ExitCall) => {
    seen ??= call;
    controller.abort(call);
  };
  if (watchers.size === 0) {
    realExit = process.exit;
    process.exit = fakeExit;
  }
  watchers.add(watch);
  return {
    signal: controller.signal,
    call: () => seen,
    release: () => {
      if (!watchers.delete(watch) || watchers.size > 0 || realExit === undefined) return;
      process.exit = realExit;
      realExit = undefined;
    },
  };
};
