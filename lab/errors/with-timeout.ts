// The lab's one timeout: a bound on any piece of async work, built on AbortSignal.
//
// `work` gets a signal that aborts when the bound fires, so work that can be cancelled (a
// fetch, a socket) stops for real instead of running on unseen; work that cannot take a signal
// is still bounded for its caller. The timer is cleared however the race ends (success,
// failure, a synchronous throw), so a bounded call never keeps the process alive.

/** Builds the error thrown when `what` did not finish within `timeoutMs`. */
export type TimeoutErrorFactory = (what: string, timeoutMs: number) => Error;

export const withTimeout = async <T>(
  what: string,
  timeoutMs: number,
  work: (signal: AbortSignal) => Promise<T>,
  makeError: TimeoutErrorFactory,
): Promise<T> => {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = makeError(what, timeoutMs);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    return await Promise.race([work(controller.signal), timedOut]);
  } finally {
    clearTimeout(timer);
  }
};
