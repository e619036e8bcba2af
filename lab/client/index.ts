export { connectClient, closeClient, noRetryOptions, CONNECT_TIMEOUT_MS } from './connect.ts';
export { connectNodeRedis, NODE_REDIS, type NodeRedisClient } from './node-redis.ts';
export { closeCluster, connectCluster, countPipelineRedirect, keySlot, type LabCluster } from './cluster.ts';
export { dataNodes, sendAll, type ControlClient, type RequestClient } from './control.ts';
