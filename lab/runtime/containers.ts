// The `containers` runtime: Testcontainers starts a Network, Redis (alias `redis`) and
// Toxiproxy on it; the proxy points at redis:6379 and the client uses Toxiproxy's mapped
// port. Redis's own mapped port is the direct baseline.
//
// Which images the containers runtime runs. The upstream images are pinned in
// docker/redis.Dockerfile and docker/toxiproxy.Dockerfile (FROM lines only). Where a machine
// cannot reach a registry, docker/provision.sh builds offline images from the host's
// binaries under the project's own names, with the upstream entrypoints and arguments, so
// the same code runs either; a local build is never tagged with an upstream name.

import { readFile } from 'node:fs/promises';
import { LabError, errorMessage, interruptedError, isLabError } from '../errors/index.ts';
import type { ImageInfo } from '../contracts/index.ts';
import { ToxiproxyApi } from '../network/index.ts';
import { LAB_LABEL, labResourceName, reapOrphans } from './leftovers.ts';
import { REDIS_PROXY_NAME, once, runStopSteps, runtimePassword } from './lifecycle.ts';
import type { StartOptions, StartedRuntime } from './types.ts';
import { checkContainers, watchContainers } from './container-watch.ts';
import { engineClient } from './docker-engine.ts';
import { watchParts } from './watch.ts';
import { httpReady, publishedHost } from './published-host.ts';
import { publishPlan } from './publish-plan.ts';

const REDIS_PORT = 6379;
const TOXIPROXY_API_PORT = 8474;
const PROXY_PORT = 8666;
const STARTUP_TIMEOUT_MS = 60_000;

// Arguments Redis is started with, the upstream image's style (`redis-server --opt value`),
// the same for the offline image. It binds every interface of its own container, which only
// the lab's network and the loopback-published port reach, and needs the password: with
// requirepass set, protected mode has nothing left to guard (Redis 7), so it is left alone.
const redisContainerCommand = (password: string | undefined): string[] => [
  'redis-server', '--port', String(REDIS_PORT), '--bind', '0.0.0.0',
  ...(password === undefined ? ['--protected-mode', 'no'] : ['--requirepass', password]),
  '--save', '', '--appendonly', 'no',
];

// Publishes every exposed port on `bindIp` only: 127.0.0.1, or for an engine on another
// machine the one address the user named (see publish-plan.ts). Testcontainers 11.14 has no option for a
// port binding's host IP (withExposedPorts sets HostPort only, so the engine's default, every
// interface, applies); its documented lifecycle hook beforeContainerCreated runs after the
// bindings are built and before the create call, and may change hostConfig, as its own
// modules do. Declared here because testcontainers is loaded lazily.
const loopbackContainerClass = (tc: Testcontainers, bindIp: string) =>
  class LoopbackContainer extends tc.GenericContainer {
    protected override async beforeContainerCreated(): Promise<void> {
      for (const bindings of Object.values((this.hostConfig.PortBindings ?? {}) as Record<string, { HostIp?: string }[]>)) {
        for (const binding of bindings) binding.HostIp = bindIp;
      }
    }
  };

export const OFFLINE_IMAGES = {
  redis: 'redis-fault-lab/redis:offline',
  toxiproxy: 'redis-fault-lab/toxiproxy:offline',
} as const;

const dockerDir = new URL('../../docker/', import.meta.url);

// The image named by the FROM line of docker/<name>.Dockerfile.
export const pinnedImage = async (name: 'redis' | 'toxiproxy'): Promise<string> => {
  const file = new URL(`${name}.Dockerfile`, dockerDir);
  const text = await readFile(file, 'utf8').catch(() => '');
  const from = /^\s*FROM\s+(\S+)/im.exec(text)?.[1];
  if (!from) {
    throw new LabError('E_RUNTIME_START', `No FROM line in ${file.pathname}`, {
      hint: 'docker/redis.Dockerfile and docker/toxiproxy.Dockerfile each pin an image with one `FROM image:tag` line.',
    });
  }
  return from;
};

// Upstream images when both are present locally; else the offline builds when both are
// present; else upstream (Testcontainers will pull them). Env vars override either.
export const chooseImages = async (exists: (image: string) => Promise<boolean>): Promise<ImageInfo> => {
  const overrideRedis = process.env.REDIS_FAULT_LAB_REDIS_IMAGE;
  const overrideToxiproxy = process.env.REDIS_FAULT_LAB_TOXIPROXY_IMAGE;
  const upstream = { redis: overrideRedis ?? (await pinnedImage('redis')), toxiproxy: overrideToxiproxy ?? (await pinnedImage('toxiproxy')) };
  if ((await exists(upstream.redis)) && (await exists(upstream.toxiproxy))) return { ...upstream, source: 'upstream' };
  const offline = { redis: overrideRedis ?? OFFLINE_IMAGES.redis, toxiproxy: overrideToxiproxy ?? OFFLINE_IMAGES.toxiproxy };
  if ((await exists(offline.redis)) && (await exists(offline.toxiproxy))) return { ...offline, source: 'offline' };
  return { ...upstream, source: 'upstream' };
};

// The lab removes what it starts itself (see leftovers.ts), so Ryuk, whose image a machine
// without a registry lacks, is off unless the user asked for it.
// Where the mapped ports are is known up front (publish-plan.ts: 127.0.0.1 for a local
// engine, the named address of a remote one); saying so spares Testcontainers its host
// detection, which inside a container (a /.dockerenv file) pulls alpine:3.14 and fails on a
// machine without a registry. A remote engine without that address stops here, before anything starts.
export const loadTestcontainers = async () => {
  process.env.TESTCONTAINERS_RYUK_DISABLED ??= 'true';
  process.env.TESTCONTAINERS_HOST_OVERRIDE ??= publishPlan().reachHost;
  return import('testcontainers');
};

type Testcontainers = Awaited<ReturnType<typeof loadTestcontainers>>;


export const startContainersRuntime = async (options: StartOptions = {}): Promise<StartedRuntime> => {
  const tc = await loadTestcontainers();
  const client = await engineClient(() => tc.getContainerRuntimeClient());
  const plan = publishPlan();
  const host = publishedHost(client, plan);
  // Orphans are judged by their owner's pid on this machine, so only on an engine of this
  // machine: on a shared remote engine another machine's live lab would look orphaned.
  if (plan.engineLocal) await reapOrphans(client);
  const images = await chooseImages((image) => client.image.exists(tc.ImageName.fromString(image)));
  const LoopbackContainer = loopbackContainerClass(tc, plan.bindIp);
  const password = runtimePassword(options.redisAuth);
  const auth = password === undefined ? {} : { password };
  const labels = { [LAB_LABEL]: 'true', [`${LAB_LABEL}.pid`]: String(process.pid) };
  const stopSteps: (() => Promise<unknown>)[] = [];
  const resources = { pids: [] as number[], containers: [] as string[], networks: [] as string[] };
  const watch = watchParts();
  const stop = once(() => {
    watch.stopping();
    return runStopSteps([...stopSteps].reverse());
  });
  // Whole seconds, rounded down: the event stream replays from here (see container-watch.ts).
  const sinceSeconds = Math.floor(Date.now() / 1000) - 1;
  try {
    options.onNote?.('starting docker network');
    const networkName = labResourceName('net');
    const network = await new tc.Network({ nextUuid: () => networkName }).start();
    stopSteps.push(() => network.stop());
    resources.networks.push(network.getId());

    options.onNote?.(`starting ${images.redis}`);
    const redis = await new LoopbackContainer(images.redis)
      .withName(labResourceName('redis'))
      .withLabels(labels)
      .withNetwork(network)
      .withNetworkAliases('redis')
      .withCommand(redisContainerCommand(password))
      .withExposedPorts(REDIS_PORT)
      .withWaitStrategy(tc.Wait.forLogMessage(/Ready to accept connections/))
      .withStartupTimeout(STARTUP_TIMEOUT_MS)
      .start();
    stopSteps.push(() => redis.stop({ remove: true, removeVolumes: true }));
    resources.containers.push(redis.getId());
    options.signal?.throwIfAborted();

    options.onNote?.(`starting ${images.toxiproxy}`);
    const toxiproxy = await new LoopbackContainer(images.toxiproxy)
      .withName(labResourceName('toxiproxy'))
      .withLabels(labels)
      .withNetwork(network)
      .withExposedPorts(TOXIPROXY_API_PORT, PROXY_PORT)
      .withEnvironment({ LOG_LEVEL: 'warn' }) // Toxiproxy logs every connection otherwise
      .withWaitStrategy(httpReady(host, TOXIPROXY_API_PORT, '/version'))
      .withStartupTimeout(STARTUP_TIMEOUT_MS)
      .start();
    stopSteps.push(() => toxiproxy.stop({ remove: true, removeVolumes: true }));
    resources.containers.push(toxiproxy.getId());
    options.signal?.throwIfAborted();

    const parts = [
      { id: redis.getId(), part: 'the Redis container' },
      { id: toxiproxy.getId(), part: 'the Toxiproxy container' },
    ];
    const unwatch = await watchContainers(client, parts, sinceSeconds, watch);
    stopSteps.push(async () => unwatch());

    const apiUrl = `http://${host}:${toxiproxy.getMappedPort(TOXIPROXY_API_PORT)}`;
    const api = new ToxiproxyApi(apiUrl);
    // 0.0.0.0 inside Toxiproxy's container: the host reaches it only through the port
    // published on the plan's address (127.0.0.1 for an engine on this machine).
    const proxy = await api.createProxy(REDIS_PROXY_NAME, `0.0.0.0:${PROXY_PORT}`, `redis:${REDIS_PORT}`);
    return {
      kind: 'containers',
      redisDirect: { host, port: redis.getMappedPort(REDIS_PORT), ...auth },
      proxied: { host, port: toxiproxy.getMappedPort(PROXY_PORT), ...auth },
      toxiproxyApiUrl: apiUrl,
      proxyName: REDIS_PROXY_NAME,
      toxiproxy: { client: api.client, proxy },
      images,
      resources,
      lost: watch.lost,
      checkParts: () => checkContainers(client, parts, watch),
      stop,
    };
  } catch (error) {
    await stop();
    if (options.signal?.aborted) throw interruptedError();
    if (isLabError(error)) throw error;
    throw new LabError('E_RUNTIME_START', `The containers runtime failed to start: ${errorMessage(error)}`, {
      hint:
        images.source === 'upstream'
          ? `Images ${images.redis} and ${images.toxiproxy} must be present or pullable; on a machine without a registry run \`bash docker/provision.sh\` to build offline images.`
          : 'Check `docker ps -a` and the Docker engine log.',
      cause: error,
    });
  }
};
