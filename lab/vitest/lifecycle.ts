// The state behind useLab: one runtime started once, handed to runs, and stopped once, also when
// the start finished late (a timed-out beforeAll) or runs are still in flight (a timed-out test).
// Kept free of vitest so the ordering can be tested without starting anything.

import { LabError, type RuntimeChoice, type StartedRuntime, type StopReport } from '../index.ts';

export interface LabLifecycle {
  /** The beforeAll body: starts the runtime; rethrows a failed start. */
  start(): Promise<void>;
  /** The afterAll body: aborts what is still going, waits for it, stops the runtime if it started. */
  stop(): Promise<StopReport | undefined>;
  /** The started runtime, or a LabError saying why there is none. */
  current(): StartedRuntime;
  /** Fires when stop() begins: runs pass it on so they end before the runtime goes. */
  readonly signal: AbortSignal;
  /** Registers a run so stop() waits for it to settle. */
  track<T>(running: Promise<T>): Promise<T>;
}

const WHERE_HINT = 'call useLab() at the top level of the test file (or of a describe block) and use lab.run / lab.runtime inside its tests';

/** `startRuntime` gets the signal that stop() fires, so a start still going is interrupted. */
export const labLifecycle = (choice: RuntimeChoice, startRuntime: (signal: AbortSignal) => Promise<StartedRuntime>): LabLifecycle => {
  const teardown = new AbortController();
  const inFlight = new Set<Promise<unknown>>();
  let starting: Promise<StartedRuntime> | undefined;
  let runtime: StartedRuntime | undefined;
  let startError: unknown;
  let stopped = false;

  return {
    signal: teardown.signal,

    async start() {
      if (starting || stopped) throw new LabError('E_USAGE', `the lab runtime was already ${stopped ? 'stopped' : 'started'}`, { hint: WHERE_HINT });
      starting = startRuntime(teardown.signal);
      try {
        const started = await starting;
        // A start that outlived its beforeAll and stop(): stop() stops it, nobody may use it.
        if (!stopped) runtime = started;
      } catch (error) {
        startError = error;
        throw error;
      }
    },

    async stop() {
      stopped = true;
      runtime = undefined;
      teardown.abort();
      await Promise.allSettled(inFlight);
      const started = await starting?.catch(() => undefined);
      return started?.stop();
    },

    current() {
      if (runtime) return runtime;
      if (stopped) throw new LabError('E_USAGE', 'the lab runtime was already stopped (useLab afterAll ran)', { hint: WHERE_HINT });
      if (startError !== undefined) {
        throw new LabError('E_RUNTIME_START', `the ${choice} lab runtime did not start`, { cause: startError, hint: "see this file's beforeAll failure for why" });
      }
      throw new LabError('E_USAGE', "the lab runtime is not started yet (useLab's beforeAll has not run)", { hint: WHERE_HINT });
    },

    async track(running) {
      inFlight.add(running);
      try {
        return await running;
      } finally {
        inFlight.delete(running);
      }
    },
  };
};
