// The `containers` runtime: Testcontainers starts a Network, Redis (alias `redis`) and
// Toxiproxy on it; the proxy points at redis:6379 and the client uses Toxiproxy's mapped
// port. Redis's own mapped port is the direct baseline. Images, labels, orphan reaping, the
// death watch and the ordered stop are the container group's (container-group.ts), shared with
// the primary/replicas topology (containers-topology.ts).

import { ToxiproxyApi } from '../network/index.ts';
import { REDIS_PROXY_NAME, runtimePassword } from './lifecycle.ts';
import type { StartOptions, StartedRuntime } from './types.ts';
import { FIRST_PROXY_PORT, openContainerGroup, REDIS_PORT } from './container-group.ts';

export const startContainersRuntime = async (options: StartOptions = {}): Promise<StartedRuntime> => {
  const group = await openContainerGroup();
  const { host, images } = group;
  const password = runtimePassword(options.redisAuth);
  const auth = password === undefined ? {} : { password };
  try {
    options.onNote?.('starting docker network');
    const network = await group.startNetwork();
    options.onNote?.(`starting ${images.redis}`);
    const redis = await group.startRedis({ role: 'redis', part: 'the Redis container', network, alias: 'redis', password });
    options.signal?.throwIfAborted();
    options.onNote?.(`starting ${images.toxiproxy}`);
    const toxiproxy = await group.startToxiproxy({ network, proxyPorts: [FIRST_PROXY_PORT] });
    options.signal?.throwIfAborted();
    await group.watchStarted();

    const api = new ToxiproxyApi(toxiproxy.apiUrl);
    // 0.0.0.0 inside Toxiproxy's container: the host reaches it only through the port
    // published on the plan's address (127.0.0.1 for an engine on this machine).
    const proxy = await api.createProxy(REDIS_PROXY_NAME, `0.0.0.0:${FIRST_PROXY_PORT}`, `redis:${REDIS_PORT}`);
    return {
      kind: 'containers',
      redisDirect: { host, port: redis.getMappedPort(REDIS_PORT), ...auth },
      proxied: { host, port: toxiproxy.container.getMappedPort(FIRST_PROXY_PORT), ...auth },
      toxiproxyApiUrl: toxiproxy.apiUrl,
      proxyName: REDIS_PROXY_NAME,
      toxiproxy: { client: api.client, proxy },
      images,
      resources: group.resources,
      lost: group.watch.lost,
      checkParts: () => group.checkParts(),
      stop: group.stop,
    };
  } catch (error) {
    return group.failed(error, options.signal, 'The containers runtime');
  }
};
