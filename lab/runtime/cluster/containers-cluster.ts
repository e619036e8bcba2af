// A Redis Cluster's nodes on the containers runtime (containers.ts opens the group and stops it
// all), laid out as the local one (local-cluster.ts): one Redis container per node and one
// Toxiproxy container with two proxies per node, its client port and
// its bus port, each upstream `<node>:6379` / `<node>:16379`. Two networks:
//
//   edge  the lab's usual network: every node (network alias = its name) and Toxiproxy. Toxiproxy
//         dials the nodes here; the ports published on 127.0.0.1 (each node's own port, each
//         client proxy, the API) are reached through it.
//   bus   an internal network of the nodes and Toxiproxy, nothing else: every node announces
//         Toxiproxy's address on it (cluster-announce-ip) and its own proxies' ports, so the
//         cluster bus and replication (a replica dials its primary's announced client port)
//         leave a node only towards Toxiproxy, on this network.
//
// isolate() disables the node's two proxies (nothing reaches it through Toxiproxy) and takes it
// off the bus network (nothing it sends reaches another node: its only other network, edge, has
// no way to the bus network's addresses); its own published port still answers, the minority
// side's client. pause() is `docker pause` (the cgroup freezer: every process stopped, like
// SIGSTOP). Nothing started outlives stop() or an error; a SIGKILLed lab's containers and
// networks are removed by the next start (leftovers.ts).

import type { Redis } from 'ioredis';
import { ToxiproxyApi } from '../../network/index.ts';
import { allStarted, FIRST_PROXY_PORT, REDIS_PORT, settingsArgs, type ContainersLayout, type ContainersLayoutInput } from '../container-group.ts';
import { nodeNames } from '../node-names.ts';
import type { StartedNode } from '../types.ts';
import { formCluster, type FormingNode } from './form.ts';
import { adminClient } from './admin.ts';
import { clusterPlan, FORM_TIMEOUT_MS } from './layout.ts';
import { clusterSettings } from './node-config.ts';

const BUS_PORT = REDIS_PORT + 10_000;

// Off the bus network, a partitioned node still has a route (edge's default gateway), so a bus
// connection it opens during the partition leaves from its edge address and is dropped; after
// the heal that connection still carries the wrong source address and never completes, and Redis
// keeps waiting on it (the peers' pings reach the node on links of their own, so it sees no
// silence to reset for) until the kernel gives up the connect: after 6 SYN retransmissions,
// about 2 minutes. With 1, a connect gives up after about 3 s and Redis dials again, from the
// bus address. Measured: without it, the cluster settled 13 to over 34 s after a 6 s partition.
const SYSCTLS = { 'net.ipv4.tcp_syn_retries': '1' };

export const containersClusterNodes = async ({ group, topology, password, options, containers }: ContainersLayoutInput): Promise<ContainersLayout> => {
  const { plans, shape, nodeTimeoutMs } = clusterPlan(topology);
  const { host, images } = group;
  const auth = password === undefined ? {} : { password };
  const admins: Redis[] = [];
  try {
    // Client proxies on the first ports (published), bus proxies after them (never published).
    const clientPort = (index: number) => FIRST_PROXY_PORT + index;
    const busProxyPort = (index: number) => FIRST_PROXY_PORT + plans.length + index;
    options.onNote?.('starting docker networks (edge, and the internal bus)');
    const edge = await group.startNetwork();
    const bus = await group.startSideNetwork('bus');
    options.onNote?.(`starting ${images.toxiproxy} (${2 * plans.length} proxies)`);
    const toxiproxy = await group.startToxiproxy({ network: edge, alias: 'toxiproxy', proxyPorts: plans.map((_, i) => clientPort(i)) });
    const toxiproxyBusIp = await bus.connect(toxiproxy.container.getId());
    options.signal?.throwIfAborted();
    const api = new ToxiproxyApi(toxiproxy.apiUrl);
    // Toxiproxy resolves `<node>` (an edge alias) when a connection comes in, so the nodes may start later.
    for (const [index, plan] of plans.entries()) {
      await api.createProxy(nodeNames(topology, plan.name).proxy, `0.0.0.0:${clientPort(index)}`, `${plan.name}:${REDIS_PORT}`);
      await api.createProxy(`${plan.name}-bus`, `0.0.0.0:${busProxyPort(index)}`, `${plan.name}:${BUS_PORT}`);
    }
    const directPorts = new Map<string, number>();
    const startNode = async (index: number) => {
      const plan = plans[index]!;
      const settings = clusterSettings({
        name: plan.name,
        busPort: BUS_PORT,
        announcedHost: toxiproxyBusIp,
        announcedPort: clientPort(index),
        announcedBusPort: busProxyPort(index),
        nodeTimeoutMs,
        password,
      });
      options.onNote?.(`starting ${images.redis} as ${plan.name}`);
      const { containerRole, container } = nodeNames(topology, plan.name);
      const started = await group.startRedis({ role: containerRole, part: container, network: edge, alias: plan.name, password, args: settingsArgs(settings), sysctls: SYSCTLS });
      await bus.connect(started.getId());
      containers.set(plan.name, started.getId());
      directPorts.set(plan.name, started.getMappedPort(REDIS_PORT));
    };
    await allStarted(plans.map((_, index) => startNode(index)));
    options.signal?.throwIfAborted();
    await group.watchStarted();

    const nodes: StartedNode[] = plans.map((plan, index) => ({
      ...plan,
      direct: { host, port: directPorts.get(plan.name) as number, ...auth },
      proxied: { host, port: toxiproxy.container.getMappedPort(clientPort(index)), ...auth },
      announced: `${toxiproxyBusIp}:${clientPort(index)}`,
      clientProxy: nodeNames(topology, plan.name).proxy,
      busProxy: `${plan.name}-bus`,
      listedAs: null,
    }));
    const forming: FormingNode[] = [];
    for (const [index, node] of nodes.entries()) {
      const client = await adminClient(node.direct);
      admins.push(client);
      forming.push({ plan: plans[index]!, client, announcedHost: toxiproxyBusIp, announcedPort: clientPort(index), announcedBusPort: busProxyPort(index) });
    }
    options.onNote?.(`forming the cluster: ${shape.primaries} primaries, ${shape.replicas} replica(s) each`);
    const ids = await formCluster(forming, FORM_TIMEOUT_MS, options.signal);
    for (const node of nodes) node.id = ids.get(node.name) as string;
    return {
      api,
      nodes,
      peers: [],
      words: {
        isolatedOut: 'taken off the bus network',
        afterHeal:
          'Its packets are dropped (it is taken off the bus network, like a firewall DROP or a cut cable): after the heal its links come back when a retransmission or a new connect gets through, so the cluster can settle a few seconds later than after a refused connection.',
      },
      cutOut: async (name, off) => {
        const id = containers.get(name) as string;
        if (off) await bus.disconnect(id);
        else await bus.connect(id);
      },
    };
  } finally {
    admins.forEach((c) => c.disconnect());
  }
};
