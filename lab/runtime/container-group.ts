// What the containers runtime does around its containers, whatever the topology, in one place
// (a layout, containers.ts or cluster/containers-cluster.ts, starts the nodes of one topology
// kind in it): it reaches the engine (the one DOCKER_HOST names), reaps what dead lab processes
// left (on an engine of this machine), picks the images, starts the lab's network and its
// containers with the lab's labels and names (the creating pid, see leftovers.ts), publishes
// every port on the plan's address only (127.0.0.1 for an engine of this machine), watches each
// container's death, and stops everything in reverse order of start, once.

import type { ServerLog } from './server-log.ts';
import type { GenericContainer, StartedNetwork, StartedTestContainer } from 'testcontainers';
import { LabError } from '../errors/index.ts';
import type { ImageInfo } from '../contracts/index.ts';
import { chooseImages } from './container-images.ts';
import { checkContainers, watchContainers } from './container-watch.ts';
import { engineClient } from './docker-engine.ts';
import { LAB_LABEL, labResourceName, reapOrphans } from './leftovers.ts';
import { failedStart, once, runStopSteps } from './lifecycle.ts';
import { httpReady, publishedHost } from './published-host.ts';
import { publishPlan } from './publish-plan.ts';
import type { ToxiproxyApi } from '../network/index.ts';
import type { FaultWords, PeerProxy, StartOptions, StartedNode, StartedSentinel, StopReport } from './types.ts';
import type { Topology } from '../contracts/index.ts';
import { watchParts, type PartWatch } from './watch.ts';

export const REDIS_PORT = 6379;
const TOXIPROXY_API_PORT = 8474;
/** The first port Toxiproxy's proxies listen on inside its container (the Testcontainers module's too). */
export const FIRST_PROXY_PORT = 8666;
const STARTUP_TIMEOUT_MS = 60_000;

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
      // With aliases, Testcontainers creates the container on the engine's default bridge and
      // then connects it to the network, so it would sit on both: shared with any other
      // container of the machine, with a second default route. Created on the lab's network
      // alone instead, its aliases given at creation (the engine's NetworkingConfig).
      if (this.networkMode !== undefined && this.networkAliases.length > 0) {
        this.createOpts.NetworkingConfig = { EndpointsConfig: { [this.networkMode]: { Aliases: [...this.networkAliases] } } };
        this.networkAliases = [];
      }
      for (const bindings of Object.values((this.hostConfig.PortBindings ?? {}) as Record<string, { HostIp?: string }[]>)) {
        for (const binding of bindings) binding.HostIp = bindIp;
      }
    }

    /** Kernel settings of the container's own network namespace (the engine's `--sysctl`). */
    withSysctls(sysctls: Record<string, string>): this {
      this.hostConfig.Sysctls = { ...this.hostConfig.Sysctls, ...sysctls };
      return this;
    }
  };

/** Settings as `[name, value...]` (see replication-links.ts, cluster/node-config.ts) as the
 * upstream image's arguments: `--name value ...`. */
export const settingsArgs = (settings: readonly string[][]): string[] => settings.flatMap(([name, ...values]) => [`--${name}`, ...values]);

/** A second network a container can be put on and taken off while it runs. */
interface SideNetwork {
  readonly name: string;
  /** Puts a started container on this network; its address there. */
  connect(containerId: string): Promise<string>;
  /** Takes a container off this network (its connections there stop at once, like a cut cable). */
  disconnect(containerId: string): Promise<void>;
}

export interface ContainerGroup {
  /** Where this process reaches the published ports. */
  readonly host: string;
  readonly images: ImageInfo;
  readonly watch: PartWatch;
  readonly resources: { pids: number[]; containers: string[]; networks: string[] };
  /** The lab's Docker network (named with this pid); removed by stop(). */
  startNetwork(): Promise<StartedNetwork>;
  /**
   * An internal network (no way out of it, no published port) named with this pid, removed by
   * stop(): the cluster's bus, which a node can be taken off to partition it.
   */
  startSideNetwork(role: string): Promise<SideNetwork>;
  /** A Redis container on `network` under `alias`, the image's usual arguments plus `args`. */
  startRedis(input: { role: string; part: string; network: StartedNetwork; alias: string; password: string | undefined; args?: string[]; sysctls?: Record<string, string> }): Promise<StartedTestContainer>;
  /** A sentinel container on `network` under `alias`: the Redis image's redis-server with `config`
   * written to a file of its own in the container (Sentinel rewrites it), `--sentinel`, publishing `port`. */
  startSentinel(input: { role: string; part: string; network: StartedNetwork; alias: string; config: string; port: number }): Promise<StartedTestContainer>;
  /** The Toxiproxy container on `network` under `alias`, publishing its API and `proxyPorts`. */
  startToxiproxy(input: { network: StartedNetwork; alias?: string; proxyPorts: number[] }): Promise<{ container: StartedTestContainer; apiUrl: string }>;
  /** Freezes a started container's processes (docker pause) until resume(); stop() thaws it first. */
  pause(containerId: string): Promise<void>;
  resume(containerId: string): Promise<void>;
  /** Subscribes to the death of every container started so far (replayed from the group's opening). */
  watchStarted(): Promise<void>;
  /** Looks at each container now and fires `lost` for one that is not running. */
  checkParts(): Promise<void>;
  /** Stops and removes everything, last started first. Once: later calls return the same report. */
  stop(): Promise<StopReport>;
  /** After a failed start: stops everything, then throws the error a caller should see. */
  failed(error: unknown, signal: AbortSignal | undefined, what: string): Promise<never>;
}

/** What a layout gets to start its nodes with, and what it hands back. */
export interface ContainersLayoutInput {
  group: ContainerGroup;
  topology: Topology;
  password: string | undefined;
  options: StartOptions;
  /** Each node's container id, by node name, as the layout starts it. */
  containers: Map<string, string>;
}

export interface ContainersLayout {
  api: ToxiproxyApi;
  nodes: StartedNode[];
  peers: PeerProxy[];
  sentinels?: StartedSentinel[];
  words: Pick<FaultWords, 'isolatedOut' | 'afterHeal'>;
  cutOut?(name: string, off: boolean): Promise<void>;
  /** The entry node's container log, followed from its start; close() ends the follow. */
  serverLog?: { log: ServerLog; close(): void };
}

/** Waits for every start (so none is still in flight when stop() runs), then throws the first failure. */
export const allStarted = async (starts: Promise<unknown>[]): Promise<void> => {
  const failed = (await Promise.allSettled(starts)).find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
};

export const openContainerGroup = async (): Promise<ContainerGroup> => {
  const tc = await loadTestcontainers();
  const client = await engineClient(() => tc.getContainerRuntimeClient());
  const plan = publishPlan();
  const host = publishedHost(client, plan);
  // Orphans are judged by their owner's pid on this machine, so only on an engine of this
  // machine: on a shared remote engine another machine's live lab would look orphaned.
  if (plan.engineLocal) await reapOrphans(client);
  const images = await chooseImages((image) => client.image.exists(tc.ImageName.fromString(image)));
  const LoopbackContainer = loopbackContainerClass(tc, plan.bindIp);
  const labels = { [LAB_LABEL]: 'true', [`${LAB_LABEL}.pid`]: String(process.pid) };
  const stopSteps: (() => Promise<unknown>)[] = [];
  const resources = { pids: [] as number[], containers: [] as string[], networks: [] as string[] };
  const parts: { id: string; part: string }[] = [];
  const watch = watchParts();
  // Containers frozen by pause(): thawed before anything is stopped, so each stops as usual.
  const paused = new Set<string>();
  // Whole seconds, rounded down: the event stream replays from here (see container-watch.ts).
  const sinceSeconds = Math.floor(Date.now() / 1000) - 1;
  const stop = once(() => {
    watch.stopping();
    const thaw = async () => Promise.all([...paused].map((id) => client.container.dockerode.getContainer(id).unpause()));
    return runStopSteps([thaw, ...[...stopSteps].reverse()]);
  });

  const container = (image: string, role: string, network: StartedNetwork) =>
    new LoopbackContainer(image).withName(labResourceName(role)).withLabels(labels).withNetwork(network).withStartupTimeout(STARTUP_TIMEOUT_MS);

  const start = async (part: string, prepared: GenericContainer): Promise<StartedTestContainer> => {
    const started = await prepared.start();
    stopSteps.push(() => started.stop({ remove: true, removeVolumes: true }));
    resources.containers.push(started.getId());
    parts.push({ id: started.getId(), part });
    return started;
  };

  return {
    host,
    images,
    watch,
    resources,
    startNetwork: async () => {
      const name = labResourceName('net');
      const network = await new tc.Network({ nextUuid: () => name }).start();
      stopSteps.push(() => network.stop());
      resources.networks.push(network.getId());
      return network;
    },
    startSideNetwork: async (role) => {
      const name = labResourceName(role);
      const network = await client.network.create({ Name: name, Internal: true, Labels: labels });
      stopSteps.push(() => client.network.remove(network));
      resources.networks.push(network.id);
      return {
        name,
        connect: async (containerId) => {
          await network.connect({ Container: containerId });
          const info = await client.container.inspect(client.container.getById(containerId));
          const address = info.NetworkSettings.Networks[name]?.IPAddress;
          if (!address) throw new LabError('E_RUNTIME_START', `Container ${containerId.slice(0, 12)} has no address on network ${name}`, { hint: 'Check `docker network inspect` and the Docker engine log.' });
          return address;
        },
        disconnect: async (containerId) => {
          await network.disconnect({ Container: containerId, Force: true });
        },
      };
    },
    startRedis: ({ role, part, network, alias, password, args = [], sysctls = {} }) =>
      start(
        part,
        container(images.redis, role, network)
          .withSysctls(sysctls)
          .withNetworkAliases(alias)
          .withCommand([...redisContainerCommand(password), ...args])
          .withExposedPorts(REDIS_PORT)
          .withWaitStrategy(tc.Wait.forLogMessage(/Ready to accept connections/)),
      ),
    startSentinel: ({ role, part, network, alias, config, port }) =>
      start(
        part,
        container(images.redis, role, network)
          .withNetworkAliases(alias)
          // /data is the images' working dir, writable (and the upstream entrypoint's to chown).
          .withCopyContentToContainer([{ content: config, target: '/data/sentinel.conf', mode: 0o600 }])
          .withCommand(['redis-server', '/data/sentinel.conf', '--sentinel'])
          .withExposedPorts(port)
          .withWaitStrategy(tc.Wait.forLogMessage(/\+monitor master/)),
      ),
    startToxiproxy: async ({ network, alias, proxyPorts }) => {
      const prepared = container(images.toxiproxy, 'toxiproxy', network)
        .withExposedPorts(TOXIPROXY_API_PORT, ...proxyPorts)
        .withEnvironment({ LOG_LEVEL: 'warn' }) // Toxiproxy logs every connection otherwise
        .withWaitStrategy(httpReady(host, TOXIPROXY_API_PORT, '/version'));
      const started = await start('the Toxiproxy container', alias === undefined ? prepared : prepared.withNetworkAliases(alias));
      return { container: started, apiUrl: `http://${host}:${started.getMappedPort(TOXIPROXY_API_PORT)}` };
    },
    pause: async (containerId) => {
      await client.container.dockerode.getContainer(containerId).pause();
      paused.add(containerId);
    },
    resume: async (containerId) => {
      await client.container.dockerode.getContainer(containerId).unpause();
      paused.delete(containerId);
    },
    watchStarted: async () => {
      const unwatch = await watchContainers(client, [...parts], sinceSeconds, watch);
      stopSteps.push(async () => unwatch());
    },
    checkParts: () => checkContainers(client, parts, watch),
    stop,
    failed: (error, signal, what) =>
      failedStart(
        stop,
        error,
        signal,
        what,
        images.source === 'upstream'
          ? `Images ${images.redis} and ${images.toxiproxy} must be present or pullable; on a machine without a registry run \`bash docker/provision.sh\` to build offline images.`
          : 'Check `docker ps -a` and the Docker engine log.',
      ),
  };
};
