// The lab's control connection to a node during a failover run (policy-failover.ts): the roles,
// the flush before the run, the timeline's admin commands and the read-back.
//
// They reconnect: a Sentinel's failover kills every normal client of
// the nodes it reconfigures (CLIENT KILL TYPE normal). They send only reads and idempotent admin
// commands (ROLE, INFO, REPLICAOF, FLUSHALL, WAIT, LRANGE), so they re-send what was in flight
// when the connection was killed. With the re-send off, ioredis before 6.1.0 dropped those commands
// at the reconnect without settling them (redis/ioredis#2193, fixed in 6.1.0 by #2194): a ROLE in
// flight when the sentinels reconfigured a node left the run waiting forever. commandTimeout
// bounds every control command whatever the library does (WAIT's own timeout is 5 s).

import type { Redis, RedisOptions } from 'ioredis';
import { connectClient } from '../client/index.ts';
import type { Endpoint } from '../runtime/index.ts';

const CONTROL_COMMAND_TIMEOUT_MS = 15_000;
const controlOptions: RedisOptions = {
  lazyConnect: true,
  connectTimeout: 5_000,
  retryStrategy: () => 100,
  maxRetriesPerRequest: 3,
  enableOfflineQueue: true,
  autoResendUnfulfilledCommands: true,
  commandTimeout: CONTROL_COMMAND_TIMEOUT_MS,
  maxLoadingRetryTime: 1_000,
};

/** A control connection to `endpoint` that survives the sentinels' CLIENT KILL and never leaves a
 * command unsettled: each one is answered, re-sent once reconnected, or rejected after 15 s. */
export const connectControl = (endpoint: Endpoint, what: string): Promise<Redis> => connectClient(endpoint, what, controlOptions);
