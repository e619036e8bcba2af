// Redis Cluster on the containers runtime: every node a container behind its own client and bus
// proxies in one Toxiproxy container, the nodes announcing Toxiproxy's address on an internal bus
// network, a partition that really cuts a node's own traffic out (it is taken off that network),
// a frozen node (docker pause), ports on 127.0.0.1 only, nothing left after stop.

import { getContainerRuntimeClient } from 'testcontainers';
import { describe, expect, it } from 'vitest';
import { keySlot } from '../../lab/client/index.ts';
import { ToxiproxyApi } from '../../lab/network/index.ts';
import { adminClient, clusterInfo, clusterNodes } from '../../lab/runtime/cluster/index.ts';
import { startRuntime } from '../../lab/runtime/index.ts';
import { calibrateNode } from '../../lab/run/cluster/cluster-links.ts';
import { runScenario } from '../../lab/index.ts';
import { inlineScenario, labContainerIds, labNetworkNames } from './support.ts';

const waitUntil = async (what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting until ${what}`);
};

describe('Redis Cluster on the containers runtime', () => {
  it('announces Toxiproxy on the bus network, publishes on 127.0.0.1 only, isolates a node both ways and removes everything', async () => {
    const networksBefore = await labNetworkNames();
    const cluster = await startRuntime('containers', { topology: { kind: 'cluster', primaries: 3, replicasPerPrimary: 1, nodeTimeoutMs: 1_000 } });
    const { containers, networks } = cluster.resources;
    const node = (name: string) => cluster.nodes.find((n) => n.name === name)!;
    try {
      expect(cluster.kind).toBe('containers');
      expect(containers).toHaveLength(7); // toxiproxy + 6 redis
      expect(networks).toHaveLength(2); // edge and the internal bus
      const docker = (await getContainerRuntimeClient()).container.dockerode;
      for (const id of containers) {
        const info = await docker.getContainer(id).inspect();
        const bindings = Object.values(info.HostConfig.PortBindings ?? {}).flat() as { HostIp?: string }[];
        expect(bindings.map((b) => b.HostIp)).toEqual(bindings.map(() => '127.0.0.1'));
      }
      // Every node is known by its client proxy's address on the bus network, never its own.
      const [toxiproxyHost] = node('primary-1').announced.split(':');
      const admin = await adminClient(node('primary-1').direct);
      try {
        expect((await clusterInfo(admin)).cluster_state).toBe('ok');
        const lines = await clusterNodes(admin);
        expect(lines).toHaveLength(6);
        for (const n of cluster.nodes) {
          const line = lines.find((l) => l.id === n.id)!;
          expect(line.address).toBe(n.announced);
          expect(line.address.startsWith(`${toxiproxyHost}:`)).toBe(true);
          expect(cluster.natMap[n.announced]).toEqual({ host: n.proxied.host, port: n.proxied.port });
        }
        // Replication crosses the primary's client proxy: with it disabled, WAIT reaches no replica.
        const api = new ToxiproxyApi(cluster.toxiproxyApiUrl);
        const probe = Array.from({ length: 100 }, (_, i) => `wait:probe:${i}`).find((k) => keySlot(k) <= 5460)!;
        await admin.set(probe, '1');
        expect(await admin.call('WAIT', '1', '2000')).toBe(1);
        await api.setProxyEnabled(node('primary-1').clientProxy, false);
        await admin.set(probe, '2');
        expect(await admin.call('WAIT', '1', '300')).toBe(0);
        await api.setProxyEnabled(node('primary-1').clientProxy, true);

        // Per-node links through the containers' proxies: a far node's PING is slower than a near one's.
        const near = await calibrateNode(api, node('primary-1'), 1, 20);
        const far = await calibrateNode(api, node('primary-3'), 12, 20);
        expect(far.measuredMs / near.measuredMs).toBeGreaterThan(3);

        // Isolated, primary-1 hears from no other node: its pings go out on its own connections
        // to the peers' bus proxies, which stay enabled, so only a cut of its traffic out (not
        // just what comes in through its proxies) leaves every peer unanswered (PFAIL, `fail?`).
        // Its published port still answers: the minority side's client.
        await cluster.isolate('primary-1');
        await waitUntil('primary-1 flags every peer as failing', async () => {
          const peers = (await clusterNodes(admin)).filter((l) => !l.flags.includes('myself'));
          return peers.length === 5 && peers.every((l) => l.flags.includes('fail?') || l.flags.includes('fail'));
        });
        expect(await admin.ping()).toBe('PONG');
        await cluster.rejoin('primary-1');
        await waitUntil('primary-1 hears from every peer again', async () => {
          const peers = (await clusterNodes(admin)).filter((l) => !l.flags.includes('myself'));
          return peers.every((l) => !l.flags.includes('fail?') && !l.flags.includes('fail')) && (await clusterInfo(admin)).cluster_state === 'ok';
        }, 30_000);
      } finally {
        admin.disconnect();
      }
    } finally {
      const report = await cluster.stop();
      expect(report.problems).toEqual([]);
    }
    const left = await labContainerIds();
    expect(containers.filter((id) => left.includes(id))).toEqual([]);
    expect((await labNetworkNames()).filter((n) => !networksBefore.includes(n))).toEqual([]);
  });

  it('runs a cluster scenario: per-node latency, a stale map after failover, a partitioned primary that acknowledged and lost writes, a frozen primary', async () => {
    const scenario = inlineScenario(`
name: cluster-containers
topology: { cluster: { primaries: 3, replicas: 1, node-timeout: 1000ms } }
network: { rtt: 1ms, nodes: { primary-3: { rtt: 10ms } } }
workload: { command: SET, key: "s:{i}", keys: { sequential: 90 }, commands: 90 }
modes: [sync, { pipeline: 30 }]
warmup: 0
repeat: 2
calibration: { pings: 20 }
timeline:
  - { name: failover, failover: { promote: replica-1-1 } }
  - { name: partition, for: 5s, partition: { nodes: primary-2 } }
  - { name: freeze, for: 5s, down: primary-3 }
`);
    const containersBefore = await labContainerIds();
    const result = await runScenario(scenario, { runtime: 'containers' });
    expect(result.runtime).toBe('containers');
    const link = (name: string) => result.topology!.links.find((l) => l.link === name)!;
    expect(link('primary-3').measuredMs / link('primary-1').measuredMs).toBeGreaterThan(2);
    const sync = result.configs.find((c) => c.id === 'sync@shaped')!;
    expect(sync.errors).toBe(0);
    const p50 = (name: string) => sync.perNode!.find((n) => n.node === name)!.p50Us!;
    expect(p50('primary-3') / p50('primary-1')).toBeGreaterThan(2);
    const [failover, partition, freeze] = result.reconcile!;
    const events = (row: typeof failover) => row!.events!.map((e) => e.event);
    expect(failover!.redirects!.moved).toBeGreaterThan(0);
    expect(failover!.counts.lost).toBe(0);
    expect(events(failover)).toContain("after: replica-1-1 is the shard's primary; replica-1-1 is master");
    expect(events(partition)).toContain("after: replica-2-1 is the shard's primary; primary-2 is slave");
    expect(partition!.acknowledgedByMinority).toBeGreaterThan(0);
    expect(partition!.lostByMinority).toBeGreaterThan(0);
    expect(partition!.lostByMinority).toBeLessThanOrEqual(partition!.acknowledgedByMinority!);
    expect(events(freeze)).toContain('primary-3 frozen (docker pause)');
    expect(events(freeze)).toContain('replica-3-1 promoted (ROLE master)');
    expect(events(freeze)).toContain("after: replica-3-1 is the shard's primary; primary-3 is slave");
    expect(result.pass).toBe(true);
    expect((await labContainerIds()).filter((id) => !containersBefore.includes(id))).toEqual([]);
  });
});
