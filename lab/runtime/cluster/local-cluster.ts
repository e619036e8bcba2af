// A Redis Cluster's nodes on the local runtime (local.ts starts the group, Toxiproxy and stops
// it all): one redis-server per node (--cluster-enabled) with two proxies, its client port and
// its bus port. Every node announces its proxies (cluster-announce-ip/port/bus-port), so the
// cluster bus, replication (a replica dials its primary's announced client port) and the lab's
// clients all cross a shaped link, the link INTO that node. Every node dials out from its own
// loopback address, and each bus proxy sits behind a gate that can refuse one of them: how
// isolate() cuts a node's own traffic out.

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { startSourceGate, type SourceGate } from '../../network/index.ts';
import { LOCAL_HOST as HOST } from '../local-group.ts';
import { freePort, redisAnswersPing } from '../local-processes.ts';
import type { LocalLayout, LocalLayoutInput } from '../local-group.ts';
import { nodeNames } from '../node-names.ts';
import type { StartedNode } from '../types.ts';
import { adminClient } from './admin.ts';
import { formCluster, type FormingNode } from './form.ts';
import { clusterPlan, FORM_TIMEOUT_MS } from './layout.ts';
import { nodeConfigText } from './node-config.ts';

export const localClusterNodes = async ({ group, api, topology, password, options, servers, atStop }: LocalLayoutInput): Promise<LocalLayout> => {
  const { plans, shape, nodeTimeoutMs } = clusterPlan(topology);
  const auth = password === undefined ? {} : { password };
  const admins: Redis[] = [];
  const gates: SourceGate[] = [];
  atStop.push(async () => admins.forEach((c) => c.disconnect()), () => Promise.all(gates.map((g) => g.close())));
  // Each node's own loopback address (bind-source-addr): what the gates refuse when it is isolated.
  const sources = new Map<string, string>();
  const forming: FormingNode[] = [];
  const nodes: StartedNode[] = [];
  for (const [index, plan] of plans.entries()) {
    options.signal?.throwIfAborted();
    // 127.0.0.11, .12, ...: every node dials out from its own address, so a gate can refuse it.
    const sourceAddress = `127.0.0.${11 + index}`;
    const [port, busPort, proxyPort, busProxyPort] = [await freePort(), await freePort(), await freePort(), await freePort()] as [number, number, number, number];
    const clientProxy = nodeNames(topology, plan.name).proxy;
    const busProxy = `${plan.name}-bus`;
    await api.createProxy(clientProxy, `${HOST}:${proxyPort}`, `${HOST}:${port}`);
    await api.createProxy(busProxy, `${HOST}:${busProxyPort}`, `${HOST}:${busPort}`);
    // Peers dial the gate, the gate dials the bus proxy, the proxy dials the node's bus port.
    const gate = await startSourceGate({ host: HOST, port: busProxyPort });
    gates.push(gate);
    const configFile = join(group.dataDir, `${plan.name}.conf`);
    const config = { name: plan.name, host: HOST, port, busPort, announcedHost: HOST, announcedPort: proxyPort, announcedBusPort: gate.port, sourceAddress, nodeTimeoutMs, dataDir: group.dataDir, password };
    await writeFile(configFile, nodeConfigText(config), { mode: 0o600 });
    const direct = { host: HOST, port, ...auth };
    options.onNote?.(`starting redis-server ${plan.name} on ${HOST}:${port} (client proxy ${proxyPort}, bus gate ${gate.port} to bus proxy ${busProxyPort})`);
    servers.set(plan.name, await group.start(nodeNames(topology, plan.name).process, group.binaries.redis, [configFile], () => redisAnswersPing(direct)));
    const client = await adminClient(direct);
    admins.push(client);
    forming.push({ plan, client, announcedHost: HOST, announcedPort: proxyPort, announcedBusPort: gate.port });
    nodes.push({ ...plan, direct, proxied: { host: HOST, port: proxyPort, ...auth }, announced: `${HOST}:${proxyPort}`, clientProxy, busProxy, listedAs: null });
    sources.set(plan.name, sourceAddress);
  }
  options.onNote?.(`forming the cluster: ${shape.primaries} primaries, ${shape.replicas} replica(s) each`);
  const ids = await formCluster(forming, FORM_TIMEOUT_MS, options.signal);
  admins.forEach((c) => c.disconnect());
  admins.length = 0;
  for (const node of nodes) node.id = ids.get(node.name) as string;
  return {
    nodes,
    peers: [],
    words: {
      isolatedOut: 'its outbound bus refused',
      afterHeal: 'Its connections are refused (the gates close them, like a firewall REJECT): after the heal its links come back at once.',
    },
    cutOut: async (name, off) => {
      for (const gate of gates) {
        if (off) gate.block(sources.get(name) as string);
        else gate.unblock(sources.get(name) as string);
      }
    },
  };
};
