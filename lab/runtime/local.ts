// The `local` runtime, for every topology: redis-server per node and one toxiproxy-server, all
// child processes on 127.0.0.1, each on a free port, started and stopped by one process group
// (local-group.ts). Every node has a client proxy; a primary with replicas also has a peer proxy
// per ordered pair of nodes (`from->to`), so replication crosses Toxiproxy too: a replica's
// `replicaof` is its peer proxy to the primary, and it announces its own client proxy
// (`replica-announce-ip/port`), which is what the primary's INFO lists. Sentinels (a Sentinel
// topology) are redis-server --sentinel processes, each behind a client proxy of its name, with a
// config file of its own (sentinels.ts). A cluster's nodes are laid out by
// cluster/local-cluster.ts. The single node is the topology of one.

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ToxiproxyApi } from '../network/index.ts';
import { peerProxyName, sentinelNames, topologyNodes, type SentinelOptions, type Topology } from '../contracts/index.ts';
import { localClusterNodes } from './cluster/local-cluster.ts';
import { failedStart, runtimePassword } from './lifecycle.ts';
import { LOCAL_HOST as HOST, openLocalGroup, type LocalLayout, type LocalLayoutInput, type Step } from './local-group.ts';
import { freePort, redisAnswersPing, type ChildServer } from './local-processes.ts';
import { nodeNames } from './node-names.ts';
import { awaitLinks, replicationSettings } from './replication-links.ts';
import { awaitSentinels, sentinelConfig } from './sentinels.ts';
import { assembleRuntime } from './started.ts';
import type { PeerProxy, StartOptions, StartedNode, StartedRuntime, StartedSentinel } from './types.ts';

// One node's redis.conf: the password, and the replication settings every node gets (inert on a node without replicas).
const nodeConfig = (password: string | undefined, announcePort: number, replicaOfPort: number | undefined): string =>
  [
    ...(password === undefined ? [] : [`requirepass ${password}`]),
    ...replicationSettings({ password, announce: { host: HOST, port: announcePort }, replicaOf: replicaOfPort === undefined ? undefined : { host: HOST, port: replicaOfPort } }).map((setting) => setting.join(' ')),
    '',
  ].join('\n');

// The single node, or a primary with replicas.
const localReplicationNodes = async ({ group, api, topology, password, options, servers }: LocalLayoutInput): Promise<LocalLayout> => {
  const auth = password === undefined ? {} : { password };
  const nodes: StartedNode[] = [];
  for (const node of topologyNodes(topology)) {
    const [redisPort, proxyPort] = [await freePort(), await freePort()];
    const clientProxy = nodeNames(topology, node.name).proxy;
    await api.createProxy(clientProxy, `${HOST}:${proxyPort}`, `${HOST}:${redisPort}`);
    const proxied = { host: HOST, port: proxyPort, ...auth };
    nodes.push({ ...node, direct: { host: HOST, port: redisPort, ...auth }, proxied, announced: `${HOST}:${proxyPort}`, clientProxy, listedAs: null });
  }
  const peers: PeerProxy[] = [];
  for (const from of nodes) {
    for (const to of nodes) {
      if (from === to) continue;
      const port = await freePort();
      const name = peerProxyName(from.name, to.name);
      await api.createProxy(name, `${HOST}:${port}`, `${HOST}:${to.direct.port}`);
      peers.push({ name, from: from.name, to: to.name, listen: { host: HOST, port, ...auth }, dial: { host: HOST, port } });
    }
  }
  for (const node of nodes) {
    options.signal?.throwIfAborted();
    const dir = join(group.dataDir, node.name);
    await mkdir(dir);
    const configFile = join(dir, 'redis.conf');
    const upstream = node.replicaOf === null ? undefined : peers.find((p) => p.from === node.name && p.to === node.replicaOf)?.listen.port;
    // The password goes in a config file only the owner can read, not on the command line,
    // which any local user can read from /proc before Redis rewrites its title.
    await writeFile(configFile, nodeConfig(password, node.proxied.port, upstream), { mode: 0o600 });
    options.onNote?.(`starting redis-server ${node.name} on ${HOST}:${node.direct.port}`);
    const args = [configFile, '--port', String(node.direct.port), '--bind', HOST, '--save', '', '--appendonly', 'no', '--dir', dir];
    servers.set(node.name, await group.start(nodeNames(topology, node.name).process, group.binaries.redis, args, () => redisAnswersPing(node.direct)));
  }
  const listed = await awaitLinks(nodes, options.signal);
  for (const node of nodes) node.listedAs = listed[node.name] ?? null;
  const sentinel = topology.kind === 'replicas' ? topology.sentinel : undefined;
  const sentinels = sentinel === undefined ? [] : await localSentinels({ group, api, topology, password, options, servers, atStop: [] }, nodes, sentinel);
  return { nodes, peers, sentinels, words: { isolatedOut: 'its peer proxies disabled', afterHeal: 'Its proxies are enabled again: its links come back at once.' } };
};

// The sentinels of a Sentinel topology: each a redis-server --sentinel on a free port behind its
// client proxy, monitoring the primary at its client proxy.
const localSentinels = async ({ group, api, topology, password, options }: LocalLayoutInput, nodes: StartedNode[], sentinel: SentinelOptions): Promise<StartedSentinel[]> => {
  const auth = password === undefined ? {} : { password };
  const primary = nodes.find((n) => n.role === 'primary') as StartedNode;
  const sentinels: StartedSentinel[] = [];
  for (const name of sentinelNames(topology)) {
    options.signal?.throwIfAborted();
    const [port, proxyPort] = [await freePort(), await freePort()];
    await api.createProxy(name, `${HOST}:${proxyPort}`, `${HOST}:${port}`);
    const dir = join(group.dataDir, name);
    await mkdir(dir);
    const configFile = join(dir, 'sentinel.conf');
    const config = sentinelConfig({ port, bind: HOST, password, announce: { host: HOST, port: proxyPort }, primary: primary.proxied, options: sentinel });
    await writeFile(configFile, config, { mode: 0o600 });
    options.onNote?.(`starting redis-server --sentinel ${name} on ${HOST}:${port}`);
    const direct = { host: HOST, port, ...auth };
    await group.start(`redis-server --sentinel (${name})`, group.binaries.redis, [configFile, '--sentinel', '--dir', dir], () => redisAnswersPing(direct));
    sentinels.push({ name, direct, proxied: { host: HOST, port: proxyPort, ...auth }, announced: `${HOST}:${proxyPort}`, clientProxy: name });
  }
  await awaitSentinels(sentinels, primary.announced, nodes.length - 1, options.signal);
  return sentinels;
};

export const startLocalRuntime = async (topology: Topology, options: StartOptions = {}): Promise<StartedRuntime> => {
  const servers = new Map<string, ChildServer>();
  const paused = new Set<string>();
  const atStop: Step[] = [];
  const signalNode = (name: string, signal: NodeJS.Signals) => process.kill((servers.get(name) as ChildServer).pid, signal);
  const group = await openLocalGroup(() => [
    ...atStop,
    // A stopped process does not act on SIGTERM until it is continued.
    async () => paused.forEach((name) => signalNode(name, 'SIGCONT')),
  ]);
  try {
    const password = runtimePassword(options.redisAuth);
    const api = new ToxiproxyApi(await group.startToxiproxy(options.onNote));
    options.signal?.throwIfAborted();
    const input = { group, api, topology, password, options, servers, atStop };
    const layout = topology.kind === 'cluster' ? await localClusterNodes(input) : await localReplicationNodes(input);
    const nodePids = layout.nodes.map((n) => (servers.get(n.name) as ChildServer).pid);
    return await assembleRuntime({
      kind: 'local',
      topology,
      nodes: layout.nodes,
      peers: layout.peers,
      ...(layout.sentinels ? { sentinels: layout.sentinels } : {}),
      api,
      password,
      resources: { pids: [...nodePids, ...group.pids().filter((pid) => !nodePids.includes(pid))], containers: [], networks: [] },
      lost: group.watch.lost,
      checkParts: group.checkParts,
      words: { ...layout.words, freeze: 'SIGSTOP', thaw: 'SIGCONT' },
      handles: {
        freeze: async (name) => {
          signalNode(name, 'SIGSTOP');
          paused.add(name);
        },
        thaw: async (name) => {
          signalNode(name, 'SIGCONT');
          paused.delete(name);
        },
        ...(layout.cutOut ? { cutOut: layout.cutOut } : {}),
      },
      stop: group.stop,
      serverLog: (servers.get(layout.nodes.find((n) => n.role === 'primary')?.name ?? '') ?? (servers.values().next().value as ChildServer)).log,
      nodeLogs: new Map(layout.nodes.map((n) => [n.name, (servers.get(n.name) as ChildServer).log])),
    });
  } catch (error) {
    return failedStart(group.stop, error, options.signal, 'The local runtime');
  }
};
