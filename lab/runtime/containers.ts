// The `containers` runtime: Testcontainers starts a Network, Redis (alias `redis`) and
// Toxiproxy on it; the proxy points at redis:6379 and the client uses Toxiproxy's mapped
// port. Redis's own mapped port is the direct baseline.

import { LabError, errorMessage, interruptedError } from '../errors/index.ts';
import { ToxiproxyApi } from '../network/toxiproxy-api.ts';
import { chooseImages } from './images.ts';
import { REDIS_PROXY_NAME } from './proxy-name.ts';
import { LAB_LABEL, labResourceName, reapOrphans } from './reaper.ts';
import { once, runStopSteps } from './stop-all.ts';
import type { StartOptions, StartedRuntime } from './types.ts';

const REDIS_PORT = 6379;
const TOXIPROXY_API_PORT = 8474;
const PROXY_PORT = 8666;
const STARTUP_TIMEOUT_MS = 60_000;

/** Arguments Redis is started with: the same for the upstream image and the offline one. */
export const REDIS_CONTAINER_COMMAND = ['redis-server', '--port', String(REDIS_PORT), '--bind', '0.0.0.0', '--protected-mode', 'no', '--save', '', '--appendonly', 'no'];

// The lab removes what it starts itself (see reaper.ts), so Ryuk, whose image a machine
// without a registry lacks, is off unless the user asked for it.
// On a local engine the mapped ports are on this host: saying so up front spares
// Testcontainers its host detection, which inside a container (a /.dockerenv file) pulls
// alpine:3.14 and fails on a machine without a registry.
export const loadTestcontainers = async () => {
  process.env.TESTCONTAINERS_RYUK_DISABLED ??= 'true';
  const dockerHost = process.env.DOCKER_HOST ?? '';
  if (dockerHost === '' || dockerHost.startsWith('unix://')) process.env.TESTCONTAINERS_HOST_OVERRIDE ??= '127.0.0.1';
  return import('testcontainers');
};

export const startContainersRuntime = async (options: StartOptions = {}): Promise<StartedRuntime> => {
  const tc = await loadTestcontainers();
  const client = await tc.getContainerRuntimeClient();
  await reapOrphans(client);
  const images = await chooseImages((image) => client.image.exists(tc.ImageName.fromString(image)));
  const labels = { [LAB_LABEL]: 'true', [`${LAB_LABEL}.pid`]: String(process.pid) };
  const stopSteps: (() => Promise<unknown>)[] = [];
  const resources = { pids: [] as number[], containers: [] as string[], networks: [] as string[] };
  const stop = once(() => runStopSteps([...stopSteps].reverse()));
  try {
    options.onNote?.('starting docker network');
    const networkName = labResourceName('net');
    const network = await new tc.Network({ nextUuid: () => networkName }).start();
    stopSteps.push(() => network.stop());
    resources.networks.push(network.getId());

    options.onNote?.(`starting ${images.redis}`);
    const redis = await new tc.GenericContainer(images.redis)
      .withName(labResourceName('redis'))
      .withLabels(labels)
      .withNetwork(network)
      .withNetworkAliases('redis')
      .withCommand(REDIS_CONTAINER_COMMAND)
      .withExposedPorts(REDIS_PORT)
      .withWaitStrategy(tc.Wait.forLogMessage(/Ready to accept connections/))
      .withStartupTimeout(STARTUP_TIMEOUT_MS)
      .start();
    stopSteps.push(() => redis.stop({ remove: true, removeVolumes: true }));
    resources.containers.push(redis.getId());
    options.signal?.throwIfAborted();

    options.onNote?.(`starting ${images.toxiproxy}`);
    const toxiproxy = await new tc.GenericContainer(images.toxiproxy)
      .withName(labResourceName('toxiproxy'))
      .withLabels(labels)
      .withNetwork(network)
      .withExposedPorts(TOXIPROXY_API_PORT, PROXY_PORT)
      .withEnvironment({ LOG_LEVEL: 'warn' }) // Toxiproxy logs every connection otherwise
      .withWaitStrategy(tc.Wait.forHttp('/version', TOXIPROXY_API_PORT))
      .withStartupTimeout(STARTUP_TIMEOUT_MS)
      .start();
    stopSteps.push(() => toxiproxy.stop({ remove: true, removeVolumes: true }));
    resources.containers.push(toxiproxy.getId());
    options.signal?.throwIfAborted();

    const apiUrl = `http://${toxiproxy.getHost()}:${toxiproxy.getMappedPort(TOXIPROXY_API_PORT)}`;
    await new ToxiproxyApi(apiUrl).createProxy(REDIS_PROXY_NAME, `0.0.0.0:${PROXY_PORT}`, `redis:${REDIS_PORT}`);
    return {
      kind: 'containers',
      redisDirect: { host: redis.getHost(), port: redis.getMappedPort(REDIS_PORT) },
      proxied: { host: toxiproxy.getHost(), port: toxiproxy.getMappedPort(PROXY_PORT) },
      toxiproxyApiUrl: apiUrl,
      proxyName: REDIS_PROXY_NAME,
      images,
      resources,
      stop,
    };
  } catch (error) {
    await stop();
    if (options.signal?.aborted) throw interruptedError();
    if (error instanceof LabError) throw error;
    throw new LabError('E_RUNTIME_START', `The containers runtime failed to start: ${errorMessage(error)}`, {
      hint:
        images.source === 'upstream'
          ? `Images ${images.redis} and ${images.toxiproxy} must be present or pullable; on a machine without a registry run \`bash docker/provision.sh\` to build offline images.`
          : 'Check `docker ps -a` and the Docker engine log.',
      cause: error,
    });
  }
};
