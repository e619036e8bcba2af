// The `containers` runtime for a primary with replicas, the same shape as the local one
// (local-topology.ts): one Docker network, one Redis container per node (network alias = the
// node's name), one Toxiproxy container (alias `toxiproxy`) holding every proxy: a client proxy
// per node and a peer proxy per ordered pair, each upstream `<node>:6379`. A replica's
// `replicaof` is `toxiproxy <its peer proxy's port>`, and every node announces its client proxy as
// the nodes see it (the Toxiproxy container's IP on the network and the proxy's port). Every
// proxy listens on a port fixed in advance, published on 127.0.0.1 only, so the lab reaches each
// one at its published port: a node's `announced` and `proxied`, and a peer's `dial` and
// `listen`, are the two sides of the same proxy.

import { LabError } from '../errors/index.ts';
import { ToxiproxyApi } from '../network/index.ts';
import { peerProxyName, topologyLabel, topologyNodes, type Topology, type TopologyNode } from '../contracts/index.ts';
import { FIRST_PROXY_PORT, openContainerGroup, REDIS_PORT, settingsArgs } from './container-group.ts';
import { runtimePassword } from './lifecycle.ts';
import { awaitLinks, replicationSettings } from './replication-links.ts';
import type { PeerProxy, StartedNode, StartedTopology } from './topology-types.ts';
import type { StartOptions } from './types.ts';

const TOXIPROXY_ALIAS = 'toxiproxy';

interface PlannedProxy {
  name: string;
  /** The node that dials through it; null for a client proxy. */
  from: string | null;
  to: string;
  /** Its listen port inside the Toxiproxy container. */
  port: number;
}

/** Every proxy of the layout on consecutive ports: client proxies in node order, then each ordered pair. */
export const containerProxyPlan = (layout: readonly TopologyNode[]): PlannedProxy[] => {
  const names = layout.map((n) => n.name);
  const pairs = names.flatMap((from) => names.filter((to) => to !== from).map((to) => ({ name: peerProxyName(from, to), from, to })));
  return [...names.map((name) => ({ name, from: null, to: name })), ...pairs].map((proxy, index) => ({ ...proxy, port: FIRST_PROXY_PORT + index }));
};

// Waits for every start (so none is still in flight when stop() runs), then throws the first failure.
const allStarted = async (starts: Promise<unknown>[]): Promise<void> => {
  const failed = (await Promise.allSettled(starts)).find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
};

export const startContainersTopology = async (topology: Topology, options: StartOptions = {}): Promise<StartedTopology> => {
  if (topology.kind !== 'replicas') {
    throw new LabError('E_RUNTIME_UNAVAILABLE', `Topology ${topologyLabel(topology)} is not supported by the containers topology runtime yet`, {
      hint: 'This runtime runs {primary: 1, replicas: N}; a Redis Cluster runs through runClusterScenario (the CLI picks it for you). A single node needs no topology key.',
    });
  }
  const group = await openContainerGroup();
  const { host, images } = group;
  const password = runtimePassword(options.redisAuth);
  const auth = password === undefined ? {} : { password };
  try {
    const layout = topologyNodes(topology);
    const proxies = containerProxyPlan(layout);
    options.onNote?.('starting docker network');
    const network = await group.startNetwork();
    options.onNote?.(`starting ${images.toxiproxy} (${proxies.length} proxies)`);
    const toxiproxy = await group.startToxiproxy({ network, alias: TOXIPROXY_ALIAS, proxyPorts: proxies.map((p) => p.port) });
    options.signal?.throwIfAborted();
    // What the nodes announce: the Toxiproxy container as every container on the network reaches it.
    const toxiproxyIp = toxiproxy.container.getIpAddress(network.getName());
    const api = new ToxiproxyApi(toxiproxy.apiUrl);
    // Toxiproxy resolves `<node>:6379` when a connection comes in, so the nodes may start later.
    for (const p of proxies) await api.createProxy(p.name, `0.0.0.0:${p.port}`, `${p.to}:${REDIS_PORT}`);
    const published = (port: number) => ({ host, port: toxiproxy.container.getMappedPort(port), ...auth });
    const clientPort = (node: string) => (proxies.find((p) => p.from === null && p.to === node) as PlannedProxy).port;
    const peers: PeerProxy[] = proxies.flatMap((p) => (p.from === null ? [] : [{ name: p.name, from: p.from, to: p.to, listen: published(p.port), dial: { host: TOXIPROXY_ALIAS, port: p.port } }]));

    const containers = new Map<string, { getMappedPort(port: number): number }>();
    const startNode = async (node: TopologyNode) => {
      const upstream = node.replicaOf === null ? undefined : peers.find((p) => p.from === node.name && p.to === node.replicaOf)?.dial;
      const settings = replicationSettings({ password, announce: { host: toxiproxyIp, port: clientPort(node.name) }, replicaOf: upstream });
      options.onNote?.(`starting ${images.redis} as ${node.name}`);
      const started = await group.startRedis({
        role: `redis-${node.name}`,
        part: `the Redis container of ${node.name}`,
        network,
        alias: node.name,
        password,
        args: settingsArgs(settings),
      });
      containers.set(node.name, started);
    };
    // The primary first: a replica dials it as soon as it is up, and retries only once a second.
    const [primary, ...replicas] = layout;
    await startNode(primary as TopologyNode);
    options.signal?.throwIfAborted();
    await allStarted(replicas.map(startNode));
    options.signal?.throwIfAborted();
    await group.watchStarted();

    const nodes: StartedNode[] = layout.map((node) => ({
      name: node.name,
      role: node.role,
      replicaOf: node.replicaOf,
      direct: { host, port: containers.get(node.name)!.getMappedPort(REDIS_PORT), ...auth },
      proxied: published(clientPort(node.name)),
      announced: `${toxiproxyIp}:${clientPort(node.name)}`,
      proxyName: node.name,
    }));
    const announced = await awaitLinks(nodes, options.signal);
    return {
      kind: 'containers',
      topology,
      nodes,
      peers,
      toxiproxyApiUrl: toxiproxy.apiUrl,
      announced,
      resources: group.resources,
      lost: group.watch.lost,
      stop: group.stop,
    };
  } catch (error) {
    return group.failed(error, options.signal, 'The containers topology runtime');
  }
};
