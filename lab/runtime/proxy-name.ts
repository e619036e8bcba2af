// The one proxy every runtime creates in front of Redis.
export const REDIS_PROXY_NAME = 'redis';
