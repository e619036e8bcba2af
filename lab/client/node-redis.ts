// node-redis (the `redis` package) with its own defaults, for the node-redis built-in policy:
// reconnects with its default backoff, keeps an offline queue. Only the address, the password
// and an error listener are set (an unhandled 'error' event would crash the process).

import { createRequire } from 'node:module';
import { createClient, type RedisClientType } from 'redis';
import { LabError, errorMessage } from '../errors/index.ts';
import type { Endpoint } from '../runtime/types.ts';

/** `node-redis <version>`, for the rows. */
export const NODE_REDIS = `node-redis ${(createRequire(import.meta.url)('redis/package.json') as { version: string }).version}`;

export type NodeRedisClient = RedisClientType;

export const connectNodeRedis = async (endpoint: Endpoint): Promise<NodeRedisClient> => {
  const client: NodeRedisClient = createClient({
    socket: { host: endpoint.host, port: endpoint.port },
    ...(endpoint.password === undefined ? {} : { password: endpoint.password }),
  });
  client.on('error', () => {
    // errors surface through the commands that fail
  });
  try {
    await client.connect();
    return client;
  } catch (error) {
    client.destroy();
    throw new LabError('E_REDIS', `Could not connect node-redis to ${endpoint.host}:${endpoint.port}: ${errorMessage(error)}`, {
      hint: 'The runtime started Redis but it does not answer; rerun, and check `docker ps -a` or the local processes.',
      cause: error,
    });
  }
};
