// A Redis Cluster as local processes: one redis-server per node (--cluster-enabled) and one
// toxiproxy-server with two proxies per node, its client port and its bus port. Every node
// announces its proxies (cluster-announce-ip/port/bus-port), so the cluster bus, replication
// (a replica dials its primary's announced client port) and the lab's clients all cross a
// shaped link, the link INTO that node. Nothing started outlives stop(), an error, or the
// lab's process (the same owner file and exit hook as the single-node local runtime).

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { LabError, errorMessage, interruptedError, isLabError } from '../../errors/index.ts';
import { ToxiproxyApi, startSourceGate, type SourceGate } from '../../network/index.ts';
import { runtimePassword } from '../lifecycle.ts';
import { LOCAL_HOST as HOST, openLocalGroup } from '../local-group.ts';
import { freePort, redisAnswersPing, type ChildServer } from '../local-processes.ts';
import { adminClient } from './admin.ts';
import { formCluster, type FormingNode } from './form.ts';
import { planCluster } from './layout.ts';
import type { ClusterShape } from '../../contracts/index.ts';
import { nodeConfigText } from './node-config.ts';
import type { ClusterNode, ClusterStartOptions, StartedCluster } from './types.ts';

const DEFAULT_NODE_TIMEOUT_MS = 2_000;
const FORM_TIMEOUT_MS = 30_000;

export const startLocalCluster = async (shape: ClusterShape, options: ClusterStartOptions = {}): Promise<StartedCluster> => {
  const plans = planCluster(shape);
  const nodeTimeoutMs = options.nodeTimeoutMs ?? DEFAULT_NODE_TIMEOUT_MS;
  const byName = new Map<string, ChildServer>();
  const admins: Redis[] = [];
  const gates: SourceGate[] = [];
  const paused = new Set<string>();
  // Each node's own loopback address (bind-source-addr): what the gates refuse when it is isolated.
  const sources = new Map<string, string>();
  const group = await openLocalGroup(() => [
    async () => admins.forEach((c) => c.disconnect()),
    () => Promise.all(gates.map((g) => g.close())),
    // A stopped process does not act on SIGTERM until it is continued.
    async () => paused.forEach((name) => byName.get(name) && process.kill(byName.get(name)!.pid, 'SIGCONT')),
  ]);
  const { binaries, dataDir, stop } = group;
  try {
    const password = runtimePassword(options.redisAuth);
    const auth = password === undefined ? {} : { password };
    const apiUrl = await group.startToxiproxy(options.onNote);
    const api = new ToxiproxyApi(apiUrl);
    const forming: FormingNode[] = [];
    const nodes: Omit<ClusterNode, 'id'>[] = [];
    for (const [index, plan] of plans.entries()) {
      options.signal?.throwIfAborted();
      // 127.0.0.11, .12, ...: every node dials out from its own address, so a gate can refuse it.
      const sourceAddress = `127.0.0.${11 + index}`;
      const [port, busPort, proxyPort, busProxyPort] = [await freePort(), await freePort(), await freePort(), await freePort()] as [number, number, number, number];
      const clientProxy = plan.name;
      const busProxy = `${plan.name}-bus`;
      await api.createProxy(clientProxy, `${HOST}:${proxyPort}`, `${HOST}:${port}`);
      await api.createProxy(busProxy, `${HOST}:${busProxyPort}`, `${HOST}:${busPort}`);
      // Peers dial the gate, the gate dials the bus proxy, the proxy dials the node's bus port.
      const gate = await startSourceGate({ host: HOST, port: busProxyPort });
      gates.push(gate);
      const configFile = join(dataDir, `${plan.name}.conf`);
      const config = { name: plan.name, host: HOST, port, busPort, announcedHost: HOST, announcedPort: proxyPort, announcedBusPort: gate.port, sourceAddress, nodeTimeoutMs, dataDir, password };
      await writeFile(configFile, nodeConfigText(config), { mode: 0o600 });
      const direct = { host: HOST, port, ...auth };
      options.onNote?.(`starting redis-server ${plan.name} on ${HOST}:${port} (client proxy ${proxyPort}, bus gate ${gate.port} to bus proxy ${busProxyPort})`);
      const server = await group.start(`redis-server ${plan.name}`, binaries.redis, [configFile], () => redisAnswersPing(direct));
      byName.set(plan.name, server);
      const client = await adminClient(direct);
      admins.push(client);
      forming.push({ plan, client, announcedHost: HOST, announcedPort: proxyPort, announcedBusPort: gate.port });
      nodes.push({ ...plan, direct, proxied: { host: HOST, port: proxyPort, ...auth }, announced: `${HOST}:${proxyPort}`, clientProxy, busProxy });
      sources.set(plan.name, sourceAddress);
    }
    options.onNote?.(`forming the cluster: ${shape.primaries} primaries, ${shape.replicas} replica(s) each`);
    const ids = await formCluster(forming, FORM_TIMEOUT_MS, options.signal);
    admins.forEach((c) => c.disconnect());
    admins.length = 0;
    const nodeNamed = (name: string) => {
      const node = nodes.find((n) => n.name === name);
      if (!node) throw new LabError('E_SCENARIO_INVALID', `No cluster node named ${name}`, { hint: `Nodes: ${plans.map((p) => p.name).join(', ')}` });
      return node;
    };
    const signalNode = (name: string, signal: NodeJS.Signals) => {
      nodeNamed(name);
      process.kill(byName.get(name)!.pid, signal);
    };
    const cut = async (name: string, off: boolean) => {
      const node = nodeNamed(name);
      await api.setProxyEnabled(node.clientProxy, !off);
      await api.setProxyEnabled(node.busProxy, !off);
      for (const gate of gates) {
        if (off) gate.block(sources.get(name)!);
        else gate.unblock(sources.get(name)!);
      }
    };
    return {
      kind: 'local',
      faultWords: {
        isolatedOut: 'its outbound bus refused',
        freeze: 'SIGSTOP',
        thaw: 'SIGCONT',
        afterHeal: 'Its connections are refused (the gates close them, like a firewall REJECT): after the heal its links come back at once.',
      },
      nodes: nodes.map((n) => ({ ...n, id: ids.get(n.name)! })),
      // Local: the nodes and the lab reach the proxies at the same address; kept explicit so a
      // runtime where they differ (containers) fills in its own.
      natMap: Object.fromEntries(nodes.map((n) => [n.announced, { host: n.proxied.host, port: n.proxied.port }])),
      ...auth,
      toxiproxyApiUrl: apiUrl,
      nodeTimeoutMs,
      resources: { pids: group.pids(), containers: [], networks: [] },
      lost: group.watch.lost,
      pause: async (name) => {
        signalNode(name, 'SIGSTOP');
        paused.add(name);
      },
      resume: async (name) => {
        signalNode(name, 'SIGCONT');
        paused.delete(name);
      },
      isolate: (name) => cut(name, true),
      rejoin: (name) => cut(name, false),
      stop,
    };
  } catch (error) {
    await stop();
    if (options.signal?.aborted) throw interruptedError();
    if (isLabError(error)) throw error;
    throw new LabError('E_RUNTIME_START', `The local cluster failed to start: ${errorMessage(error)}`, { cause: error });
  }
};
