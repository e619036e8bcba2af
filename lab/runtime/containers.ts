// The `containers` runtime, for every topology: one Redis container per node and one Toxiproxy
// container holding every proxy, on the lab's Docker network, started and stopped by one container
// group (container-group.ts: images, labels, orphan reaping, the death watch, the ordered stop).
// Every proxy listens on a port fixed in advance, published on 127.0.0.1 only, so the lab reaches
// each one at its published port while the nodes reach it on the network: a node's `announced`
// and `proxied`, and a peer's `dial` and `listen`, are the two sides of the same proxy.
//
// Single node and primary with replicas (here): a client proxy per node and a peer proxy per
// ordered pair, each upstream `<alias>:6379`; a replica's `replicaof` is `toxiproxy <its peer
// proxy's port>`, and every node announces its client proxy as the nodes see it (the Toxiproxy
// container's IP on the network and the proxy's port). Sentinels (a Sentinel topology) are
// containers of the Redis image running `redis-server sentinel.conf --sentinel`, each behind a
// client proxy of its name (planned after the nodes' proxies). A cluster's nodes are laid out by
// cluster/containers-cluster.ts.

import { ToxiproxyApi } from '../network/index.ts';
import { peerProxyName, sentinelNames, topologyNodes, type Topology, type TopologyNode } from '../contracts/index.ts';
import { containersClusterNodes } from './cluster/containers-cluster.ts';
import { allStarted, FIRST_PROXY_PORT, openContainerGroup, REDIS_PORT, settingsArgs, type ContainersLayout, type ContainersLayoutInput } from './container-group.ts';
import { runtimePassword } from './lifecycle.ts';
import { nodeNames } from './node-names.ts';
import { awaitLinks, replicationSettings } from './replication-links.ts';
import { awaitSentinels, SENTINEL_PORT, sentinelConfig } from './sentinels.ts';
import { assembleRuntime } from './started.ts';
import { LineLog } from './server-log.ts';
import type { StartedTestContainer } from 'testcontainers';
import type { PeerProxy, StartOptions, StartedNode, StartedRuntime, StartedSentinel } from './types.ts';

const TOXIPROXY_ALIAS = 'toxiproxy';

interface PlannedProxy {
  name: string;
  /** The node that dials through it; null for a client proxy. */
  from: string | null;
  to: string;
  /** Its listen port inside the Toxiproxy container. */
  port: number;
}

/** Every proxy of the layout on consecutive ports: client proxies in node order, then each ordered
 * pair, then the sentinels' client proxies (`sentinels`: their names). */
export const containerProxyPlan = (layout: readonly TopologyNode[], sentinels: readonly string[] = []): PlannedProxy[] => {
  const names = layout.map((n) => n.name);
  const pairs = names.flatMap((from) => names.filter((to) => to !== from).map((to) => ({ name: peerProxyName(from, to), from, to })));
  const clients = [...names, ...sentinels].map((name) => ({ name, from: null, to: name }));
  return [...clients.slice(0, names.length), ...pairs, ...clients.slice(names.length)].map((proxy, index) => ({ ...proxy, port: FIRST_PROXY_PORT + index }));
};

// The single node, or a primary with replicas.
const containersReplicationNodes = async ({ group, topology, password, options, containers }: ContainersLayoutInput): Promise<ContainersLayout> => {
  const { host, images } = group;
  const auth = password === undefined ? {} : { password };
  const layout = topologyNodes(topology);
  const names = (node: string) => nodeNames(topology, node);
  const sentinelsOf = sentinelNames(topology);
  const proxies = containerProxyPlan(layout, sentinelsOf);
  options.onNote?.('starting docker network');
  const network = await group.startNetwork();
  options.onNote?.(`starting ${images.toxiproxy} (${proxies.length} ${proxies.length === 1 ? 'proxy' : 'proxies'})`);
  const toxiproxy = await group.startToxiproxy({ network, alias: TOXIPROXY_ALIAS, proxyPorts: proxies.map((p) => p.port) });
  options.signal?.throwIfAborted();
  // What the nodes announce: the Toxiproxy container as every container on the network reaches it.
  const toxiproxyIp = toxiproxy.container.getIpAddress(network.getName());
  const api = new ToxiproxyApi(toxiproxy.apiUrl);
  // 0.0.0.0 inside Toxiproxy's container: the host reaches it only through the port published on
  // the plan's address. Toxiproxy resolves `<alias>:6379` when a connection comes in, so the nodes may start later.
  const isSentinel = (name: string) => sentinelsOf.includes(name);
  for (const p of proxies) {
    const upstream = isSentinel(p.to) ? `${p.to}:${SENTINEL_PORT}` : `${names(p.to).proxy}:${REDIS_PORT}`;
    await api.createProxy(p.from === null ? (isSentinel(p.to) ? p.to : names(p.to).proxy) : p.name, `0.0.0.0:${p.port}`, upstream);
  }
  const published = (port: number) => ({ host, port: toxiproxy.container.getMappedPort(port), ...auth });
  const clientPort = (node: string) => (proxies.find((p) => p.from === null && p.to === node) as PlannedProxy).port;
  const peers: PeerProxy[] = proxies.flatMap((p) => (p.from === null ? [] : [{ name: p.name, from: p.from, to: p.to, listen: published(p.port), dial: { host: TOXIPROXY_ALIAS, port: p.port } }]));

  const directPorts = new Map<string, number>();
  let serverLog: ContainersLayout['serverLog'];
  const startNode = async (node: TopologyNode) => {
    const upstream = node.replicaOf === null ? undefined : peers.find((p) => p.from === node.name && p.to === node.replicaOf)?.dial;
    const settings = replicationSettings({ password, announce: { host: toxiproxyIp, port: clientPort(node.name) }, replicaOf: upstream });
    options.onNote?.(`starting ${images.redis} as ${node.name}`);
    const { containerRole, container, proxy } = names(node.name);
    const started = await group.startRedis({ role: containerRole, part: container, network, alias: proxy, password, args: settingsArgs(settings) });
    containers.set(node.name, started.getId());
    directPorts.set(node.name, started.getMappedPort(REDIS_PORT));
    if (node.role === 'primary' && serverLog === undefined) serverLog = await followLog(started);
  };
  // The primary first: a replica dials it as soon as it is up, and retries only once a second.
  const [primary, ...replicas] = layout;
  await startNode(primary as TopologyNode);
  options.signal?.throwIfAborted();
  await allStarted(replicas.map(startNode));
  options.signal?.throwIfAborted();
  const sentinel = topology.kind === 'replicas' ? topology.sentinel : undefined;
  // With sentinels, the death watch starts once they are started too (it replays from the group's opening).
  if (sentinel === undefined) await group.watchStarted();

  const nodes: StartedNode[] = layout.map((node) => ({
    ...node,
    direct: { host, port: directPorts.get(node.name) as number, ...auth },
    proxied: published(clientPort(node.name)),
    announced: `${toxiproxyIp}:${clientPort(node.name)}`,
    clientProxy: names(node.name).proxy,
    listedAs: null,
  }));
  const listed = await awaitLinks(nodes, options.signal);
  for (const node of nodes) node.listedAs = listed[node.name] ?? null;

  // The sentinels, once replication is up: each monitors the primary at its client proxy.
  const sentinels: StartedSentinel[] = [];
  if (sentinel !== undefined) {
    const primaryNode = nodes.find((n) => n.role === 'primary') as StartedNode;
    const startSentinel = async (name: string) => {
      const config = sentinelConfig({ port: SENTINEL_PORT, bind: '0.0.0.0', password, announce: { host: toxiproxyIp, port: clientPort(name) }, primary: { host: toxiproxyIp, port: clientPort(primaryNode.name) }, options: sentinel });
      options.onNote?.(`starting ${images.redis} as ${name} (--sentinel)`);
      const started = await group.startSentinel({ role: `redis-${name}`, part: `the sentinel container ${name}`, network, alias: name, config, port: SENTINEL_PORT });
      containers.set(name, started.getId());
      sentinels.push({ name, direct: { host, port: started.getMappedPort(SENTINEL_PORT), ...auth }, proxied: published(clientPort(name)), announced: `${toxiproxyIp}:${clientPort(name)}`, clientProxy: name });
    };
    await allStarted(sentinelsOf.map(startSentinel));
    sentinels.sort((a, b) => sentinelsOf.indexOf(a.name) - sentinelsOf.indexOf(b.name));
    await group.watchStarted();
    await awaitSentinels(sentinels, primaryNode.announced, nodes.length - 1, options.signal);
  }
  return {
    api,
    nodes,
    peers,
    sentinels,
    words: { isolatedOut: 'its peer proxies disabled', afterHeal: 'Its proxies are enabled again: its links come back at once.' },
    ...(serverLog === undefined ? {} : { serverLog }),
  };
};

// Redis in a container logs to stdout: the container's log, followed into lines (the stream
// ends when the container stops; close() ends it sooner).
const followLog = async (container: StartedTestContainer): Promise<ContainersLayout['serverLog']> => {
  const log = new LineLog();
  const stream = await container.logs();
  stream.on('data', (chunk: Buffer | string) => log.push(chunk.toString()));
  stream.on('error', () => undefined); // a log that cannot be read is no evidence, not a failure
  return { log, close: () => stream.destroy() };
};

export const startContainersRuntime = async (topology: Topology, options: StartOptions = {}): Promise<StartedRuntime> => {
  const group = await openContainerGroup();
  const containers = new Map<string, string>();
  const containerOf = (name: string) => containers.get(name) as string;
  try {
    const password = runtimePassword(options.redisAuth);
    const input = { group, topology, password, options, containers };
    const layout = topology.kind === 'cluster' ? await containersClusterNodes(input) : await containersReplicationNodes(input);
    const layoutLog = layout.serverLog;
    return await assembleRuntime({
      kind: 'containers',
      topology,
      nodes: layout.nodes,
      peers: layout.peers,
      ...(layout.sentinels ? { sentinels: layout.sentinels } : {}),
      api: layout.api,
      password,
      images: group.images,
      resources: group.resources,
      lost: group.watch.lost,
      checkParts: () => group.checkParts(),
      words: { ...layout.words, freeze: 'docker pause', thaw: 'docker unpause' },
      handles: {
        freeze: (name) => group.pause(containerOf(name)),
        thaw: (name) => group.resume(containerOf(name)),
        ...(layout.cutOut ? { cutOut: layout.cutOut } : {}),
      },
      stop: async () => {
        layoutLog?.close();
        return group.stop();
      },
      ...(layoutLog === undefined ? {} : { serverLog: layoutLog.log }),
    });
  } catch (error) {
    return group.failed(error, options.signal, 'The containers runtime');
  }
};
