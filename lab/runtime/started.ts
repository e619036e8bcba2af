// The one place a started runtime is put together, whatever the runtime and the topology: the
// entry node's fields, the NAT map, and the node faults built from what the runtime can do to a
// node (freeze and thaw it) and, in a cluster, what cuts its own traffic out.

import { LabError } from '../errors/index.ts';
import type { ImageInfo, RuntimeKind, Topology } from '../contracts/index.ts';
import type { ToxiproxyApi } from '../network/index.ts';
import { SENTINEL_MASTER_NAME } from '../contracts/index.ts';
import type { ServerLog } from './server-log.ts';
import type { FaultWords, PeerProxy, StartedNode, StartedRuntime, StartedSentinel, StopReport } from './types.ts';

/** What a runtime does to one node; `cutOut` is the part of isolate() beyond its proxies. */
interface NodeHandles {
  freeze(name: string): Promise<void>;
  thaw(name: string): Promise<void>;
  cutOut?(name: string, off: boolean): Promise<void>;
}

export interface RuntimeParts {
  kind: RuntimeKind;
  topology: Topology;
  nodes: StartedNode[];
  peers: PeerProxy[];
  /** Sentinel topologies: the sentinels; none otherwise. */
  sentinels?: StartedSentinel[];
  api: ToxiproxyApi;
  password: string | undefined;
  images?: ImageInfo;
  external?: { redis: string; disposable: boolean };
  resources: StartedRuntime['resources'];
  lost: AbortSignal;
  checkParts(): Promise<void>;
  words: FaultWords;
  handles: NodeHandles;
  stop(): Promise<StopReport>;
  /** The entry node's log, where the runtime can read it. */
  serverLog?: ServerLog;
  /** Every node's log by name, where the runtime reads them all. */
  nodeLogs?: ReadonlyMap<string, ServerLog>;
}

export const assembleRuntime = async (parts: RuntimeParts): Promise<StartedRuntime> => {
  const { nodes, peers, api, handles } = parts;
  const sentinels = parts.sentinels ?? [];
  const entry = nodes.find((n) => n.role === 'primary') ?? (nodes[0] as StartedNode);
  const named = (name: string): StartedNode => {
    const node = nodes.find((n) => n.name === name);
    if (!node) throw new LabError('E_SCENARIO_INVALID', `No node named ${name}`, { hint: `Nodes: ${nodes.map((n) => n.name).join(', ')}` });
    return node;
  };
  // Every proxy into or out of the node: its client proxy, its bus proxy, its peer proxies.
  const proxiesOf = (node: StartedNode): string[] => [
    node.clientProxy,
    ...(node.busProxy === undefined ? [] : [node.busProxy]),
    ...peers.filter((p) => p.from === node.name || p.to === node.name).map((p) => p.name),
  ];
  return {
    kind: parts.kind,
    topology: parts.topology,
    nodes,
    peers,
    sentinels,
    ...(sentinels.length > 0 ? { masterName: SENTINEL_MASTER_NAME } : {}),
    natMap: Object.fromEntries([...nodes, ...sentinels].map((n) => [n.announced, { host: n.proxied.host, port: n.proxied.port }])),
    ...(parts.password === undefined ? {} : { password: parts.password }),
    redisDirect: entry.direct,
    proxied: entry.proxied,
    proxyName: entry.clientProxy,
    toxiproxyApiUrl: api.apiUrl,
    toxiproxy: { client: api.client, proxy: await api.proxyObject(entry.clientProxy) },
    ...(parts.images ? { images: parts.images } : {}),
    ...(parts.external ? { external: parts.external } : {}),
    resources: parts.resources,
    lost: parts.lost,
    checkParts: parts.checkParts,
    faultWords: parts.words,
    pause: async (name) => handles.freeze(named(name).name),
    resume: async (name) => handles.thaw(named(name).name),
    isolate: async (name) => {
      for (const proxy of proxiesOf(named(name))) await api.setProxyEnabled(proxy, false);
      await handles.cutOut?.(name, true);
    },
    rejoin: async (name) => {
      const node = named(name);
      await handles.cutOut?.(name, false);
      for (const proxy of proxiesOf(node)) await api.setProxyEnabled(proxy, true);
    },
    stop: parts.stop,
    ...(parts.serverLog ? { serverLog: parts.serverLog } : {}),
    ...(parts.nodeLogs ? { nodeLogs: parts.nodeLogs } : {}),
  };
};
