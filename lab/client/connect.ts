// The lab's ioredis client. Measurement runs must not hide failures, so nothing retries:
// no reconnect, no offline queue, no re-send of unanswered commands. Fault runs pass a
// retry policy's own options instead (policy-options.ts).

import { Redis, type RedisOptions } from 'ioredis';
import { LabError, errorMessage, withTimeout } from '../errors/index.ts';
import type { Endpoint } from '../runtime/types.ts';

export const CONNECT_TIMEOUT_MS = 5_000;
const QUIT_TIMEOUT_MS = 1_000;
const READY_TIMEOUT_MS = 2 * CONNECT_TIMEOUT_MS;

export const noRetryOptions: RedisOptions = {
  lazyConnect: true,
  connectTimeout: CONNECT_TIMEOUT_MS,
  maxRetriesPerRequest: 0,
  retryStrategy: () => null,
  autoResendUnfulfilledCommands: false,
  enableOfflineQueue: false,
  enableReadyCheck: true,
  // A node loading a resync from its new primary answers the ready check's INFO with loading:1 and
  // a loading_eta_seconds that can be enormous early on; ioredis waits that long before asking
  // again unless this caps it.
  maxLoadingRetryTime: 1_000,
};

// Connects and waits until ready; a failure is a LabError that names the address. `options`
// replaces the lab's no-retry defaults entirely (a retry policy passes its own).
export const connectClient = async (endpoint: Endpoint, what: string, options: RedisOptions = noRetryOptions): Promise<Redis> => {
  const auth = endpoint.password === undefined ? {} : { password: endpoint.password };
  const client = new Redis({ ...options, ...auth, lazyConnect: true, host: endpoint.host, port: endpoint.port });
  client.on('error', () => {
    // errors surface through the commands that fail; an unhandled 'error' event would crash
  });
  try {
    // ioredis bounds the TCP connect (connectTimeout), not the ready check after it: a node in the
    // middle of a resync from its new primary once left connect() unsettled for 15 minutes.
    await withTimeout('connect', READY_TIMEOUT_MS, () => client.connect(), (_what, ms) => new Error(`not ready ${ms / 1000} s after connecting (no answer to the ready check)`));
    return client;
  } catch (error) {
    client.disconnect();
    throw new LabError('E_REDIS', `Could not connect to Redis (${what}) at ${endpoint.host}:${endpoint.port}: ${errorMessage(error)}`, {
      hint: 'Redis does not answer there. A runtime the lab started: rerun, and check `docker ps -a` or the local processes; --runtime external: check that the target is up and reachable from this machine.',
      cause: error,
    });
  }
};

// Closes a client without waiting on a server that may be gone.
export const closeClient = async (client: Redis): Promise<void> => {
  await withTimeout('QUIT', QUIT_TIMEOUT_MS, () => client.quit(), () => new Error('no answer to QUIT')).catch(() => undefined); // gone, or closed already
  client.disconnect();
};
