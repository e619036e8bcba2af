// The `local` runtime for a primary with replicas: one redis-server per node and one
// toxiproxy-server, all child processes on 127.0.0.1. Every node has a client proxy (named by
// the node) and every ordered pair of nodes a peer proxy (`from->to`), so replication crosses
// Toxiproxy too: a replica's `replicaof` is its peer proxy to the primary, and it announces its
// own client proxy (`replica-announce-ip/port`), which is what the primary's INFO lists.

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LabError, errorMessage, interruptedError, isLabError } from '../errors/index.ts';
import { ToxiproxyApi } from '../network/index.ts';
import { peerProxyName, topologyLabel, topologyNodes, type Topology } from '../contracts/index.ts';
import { runtimePassword } from './lifecycle.ts';
import { LOCAL_HOST as HOST, openLocalGroup } from './local-group.ts';
import { freePort, redisAnswersPing } from './local-processes.ts';
import { awaitLinks, replicationSettings } from './replication-links.ts';
import type { PeerProxy, StartedNode, StartedTopology } from './topology-types.ts';
import type { StartOptions } from './types.ts';

// One node's redis.conf: the password, and the replication settings every topology runtime sets.
const nodeConfig = (password: string | undefined, announcePort: number, replicaOfPort: number | undefined): string =>
  [
    ...(password === undefined ? [] : [`requirepass ${password}`]),
    ...replicationSettings({ password, announce: { host: HOST, port: announcePort }, replicaOf: replicaOfPort === undefined ? undefined : { host: HOST, port: replicaOfPort } }).map((setting) => setting.join(' ')),
    '',
  ].join('\n');

export const startLocalTopology = async (topology: Topology, options: StartOptions = {}): Promise<StartedTopology> => {
  if (topology.kind !== 'replicas') {
    throw new LabError('E_RUNTIME_UNAVAILABLE', `Topology ${topologyLabel(topology)} is not supported by the local topology runtime yet`, {
      hint: 'This runtime runs {primary: 1, replicas: N}; Redis Cluster is being built separately (the cluster runtime). A single node needs no topology key.',
    });
  }
  const group = await openLocalGroup();
  const { binaries, dataDir, stop } = group;
  try {
    const password = runtimePassword(options.redisAuth);
    const auth = password === undefined ? {} : { password };
    const apiUrl = await group.startToxiproxy(options.onNote);
    const api = new ToxiproxyApi(apiUrl);

    const layout = topologyNodes(topology);
    const nodes: StartedNode[] = [];
    for (const node of layout) {
      const redisPort = await freePort();
      const proxyPort = await freePort();
      await api.createProxy(node.name, `${HOST}:${proxyPort}`, `${HOST}:${redisPort}`);
      nodes.push({ name: node.name, role: node.role, replicaOf: node.replicaOf, direct: { host: HOST, port: redisPort, ...auth }, proxied: { host: HOST, port: proxyPort, ...auth }, announced: `${HOST}:${proxyPort}`, proxyName: node.name });
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
      const dir = join(dataDir, node.name);
      await mkdir(dir);
      const configFile = join(dir, 'redis.conf');
      const upstream = node.replicaOf === null ? undefined : peers.find((p) => p.from === node.name && p.to === node.replicaOf)?.listen.port;
      await writeFile(configFile, nodeConfig(password, node.proxied.port, upstream), { mode: 0o600 });
      options.onNote?.(`starting redis-server ${node.name} on ${HOST}:${node.direct.port}`);
      await group.start(`redis-server (${node.name})`, binaries.redis, [configFile, '--port', String(node.direct.port), '--bind', HOST, '--save', '', '--appendonly', 'no', '--dir', dir], () =>
        redisAnswersPing(node.direct),
      );
    }
    const announced = await awaitLinks(nodes, options.signal);
    return {
      kind: 'local',
      topology,
      nodes,
      peers,
      toxiproxyApiUrl: apiUrl,
      announced,
      resources: { pids: group.pids(), containers: [], networks: [] },
      lost: group.watch.lost,
      stop,
    };
  } catch (error) {
    await stop();
    if (options.signal?.aborted) throw interruptedError();
    if (isLabError(error)) throw error;
    throw new LabError('E_RUNTIME_START', `The local topology runtime failed to start: ${errorMessage(error)}`, { cause: error });
  }
};
