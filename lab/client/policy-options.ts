// The ioredis options behind each retry policy a fault scenario compares. Only the client's
// options and the caller's behaviour differ; the fault and the workload are the same.
//
// - none:            no reconnect, no offline queue, no re-send: every unanswered command fails.
// - ioredis-default: the library's own defaults (v6: reconnects with backoff, offline queue on,
//                    20 retries per request, autoResendUnfulfilledCommands re-sends commands that
//                    got no reply after a reconnect).
// - app-retry:       reconnects and queues, but never re-sends by itself; the caller catches the
//                    error and re-issues the operation. ioredis 6.0.0 with
//                    autoResendUnfulfilledCommands off drops the commands that were in flight at
//                    the close without ever settling their promises (ioredis #2193, fixed after
//                    6.0.0), so the caller also sets commandTimeout, as a real caller must, and
//                    treats a timeout like any other connection error.
// - idempotent:      as app-retry, and each operation is a script keyed by its operation id that
//                    applies once and returns the original reply on a retry.

import type { RedisOptions } from 'ioredis';
import type { RetryPolicy } from '../contracts/index.ts';
import { CONNECT_TIMEOUT_MS, noRetryOptions } from './connect.ts';

/** How long an app-retry caller waits for a reply before giving up on it and re-issuing, ms. */
const APP_COMMAND_TIMEOUT_MS = 1_000;

const callerRetries: RedisOptions = {
  lazyConnect: true,
  connectTimeout: CONNECT_TIMEOUT_MS,
  autoResendUnfulfilledCommands: false,
  enableOfflineQueue: true,
  commandTimeout: APP_COMMAND_TIMEOUT_MS,
};

export const policyClientOptions = (policy: RetryPolicy): RedisOptions => {
  switch (policy) {
    case 'none':
      return noRetryOptions;
    case 'ioredis-default':
      return { lazyConnect: true }; // lazyConnect only, so the lab can await the handshake
    case 'app-retry':
    case 'idempotent':
      return callerRetries;
  }
};

/** Does the caller itself re-issue an operation after a connection error? */
export const callerRetriesFor = (policy: RetryPolicy): boolean => policy === 'app-retry' || policy === 'idempotent';
