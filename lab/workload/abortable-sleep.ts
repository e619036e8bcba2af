// One sleep for the drivers and the timeline: it ends early (resolves, never rejects) when the
// signal aborts, and leaves no listener on the signal once it has ended either way.

/** Waits `ms` (nothing when `ms` <= 0 or the signal has already aborted), or until `signal` aborts. */
export const sleepMs = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
