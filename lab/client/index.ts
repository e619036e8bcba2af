export { connectClient, closeClient, noRetryOptions, CONNECT_TIMEOUT_MS } from './connect.ts';
export { connectNodeRedis, NODE_REDIS, type NodeRedisClient } from './node-redis.ts';
export { connectCluster, countPipelineRedirect, keySlot, type LabCluster } from './cluster.ts';
