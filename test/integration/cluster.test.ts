// Redis Cluster on the local runtime: every node behind its own client and bus proxies,
// per-node links, redirects counted, faults judged by reading writes back, nothing left running.

import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { connectCluster, keySlot, type LabCluster } from '../../lab/client/index.ts';
import { ToxiproxyApi } from '../../lab/network/index.ts';
import { adminClient, clusterInfo, clusterNodes, nodeRole } from '../../lab/runtime/cluster/index.ts';
import { startRuntime, type StartedRuntime } from '../../lab/runtime/index.ts';
import { calibrateNode } from '../../lab/run/cluster/cluster-links.ts';
import { clusterOps, driveCluster } from '../../lab/workload/cluster/index.ts';
import { decodeLatency } from '../../lab/metrics/index.ts';
import { runScenario } from '../../lab/index.ts';
import { scaleReadsOf } from '../../lab/run/cluster/cluster-scenario.ts';
import { parseScenario } from '../../lab/scenario/index.ts';
import { processAlive } from './support.ts';

const portRefuses = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(true));
  });

const waitUntil = async (what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting until ${what}`);
};

const node = (cluster: StartedRuntime, name: string) => cluster.nodes.find((n) => n.name === name)!;

describe('local Redis Cluster behind per-node proxies', () => {
  it('starts with every node announcing its proxies, shapes links per node, counts redirects and stops everything', async () => {
    const cluster = await startRuntime('local', { topology: { kind: 'cluster', primaries: 3, replicasPerPrimary: 1, nodeTimeoutMs: 1_000 } });
    const pids = cluster.resources.pids;
    const gatePorts: number[] = [];
    let client: LabCluster | undefined;
    try {
      expect(pids).toHaveLength(7); // toxiproxy-server + 6 redis-server
      expect(pids.every(processAlive)).toBe(true);
      const api = new ToxiproxyApi(cluster.toxiproxyApiUrl);
      const admin = await adminClient(node(cluster, 'primary-1').direct);
      try {
        const info = await clusterInfo(admin);
        expect(info.cluster_state).toBe('ok');
        expect(info.cluster_slots_ok).toBe('16384');
        // Every node is known by its proxy address, and its bus port is the gate in front of its bus proxy.
        const lines = await clusterNodes(admin);
        expect(lines).toHaveLength(6);
        for (const n of cluster.nodes) {
          const line = lines.find((l) => l.id === n.id)!;
          expect(line.address).toBe(n.announced);
          expect(line.address).toBe(`127.0.0.1:${n.proxied.port}`);
          expect(line.address).not.toBe(`127.0.0.1:${n.direct.port}`);
          gatePorts.push(line.busPort);
          expect((await api.proxy(n.busProxy!)).enabled).toBe(true);
        }
        // Replication crosses the primary's client proxy: with it disabled, WAIT on the primary reaches no replica.
        // A key in primary-1's slots (0..5460).
        const probe = Array.from({ length: 100 }, (_, i) => `wait:probe:${i}`).find((k) => keySlot(k) <= 5460)!;
        await admin.set(probe, '1');
        expect(await admin.call('WAIT', '1', '2000')).toBe(1);
        await api.setProxyEnabled(node(cluster, 'primary-1').clientProxy, false);
        await admin.set(probe, '2');
        expect(await admin.call('WAIT', '1', '300')).toBe(0);
        await api.setProxyEnabled(node(cluster, 'primary-1').clientProxy, true);
        const replica = await adminClient(node(cluster, 'replica-1-1').direct);
        await waitUntil('replica-1-1 relinks', async () => String(await replica.info('replication')).includes('master_link_status:up'));
        replica.disconnect();
      } finally {
        admin.disconnect();
      }

      // Per-node links: a far primary's PING is slower than a near one's, in the same run.
      const near = await calibrateNode(api, node(cluster, 'primary-1'), 1, 30);
      const far = await calibrateNode(api, node(cluster, 'primary-3'), 12, 30);
      expect(far.measuredMs / near.measuredMs).toBeGreaterThan(3);
      expect(await api.toxicNames(node(cluster, 'primary-3').busProxy!)).toEqual(expect.arrayContaining(['lab_latency_upstream', 'lab_latency_downstream']));

      client = await connectCluster({ seeds: [node(cluster, 'primary-1').proxied], natMap: cluster.natMap, ...(cluster.password ? { password: cluster.password } : {}) });
      // Only the proxies (as the lab reaches them) are in the pool, never a node's own port.
      const poolPorts = client.cluster.nodes('all').map((r) => r.options.port ?? 0);
      const proxyPorts = cluster.nodes.map((n) => n.proxied.port);
      expect(poolPorts.every((p) => proxyPorts.includes(p)), JSON.stringify({ poolPorts, proxyPorts })).toBe(true);
      expect(poolPorts).toEqual(expect.arrayContaining(cluster.nodes.filter((n) => n.role === 'primary').map((n) => n.proxied.port)));
      // A batch across primaries: one pipeline per owning primary, every reply checked.
      const workload = { workload: { command: 'SET' as const, key: 'k:{i}', keys: { kind: 'sequential' as const, count: 60 } }, commands: 60, valueBytes: { maxBytes: 8 } };
      const batched = await driveCluster(client, 'SET', { kind: 'pipeline', batch: 20 }, clusterOps(workload, 't'));
      expect(batched.errors).toBe(0);
      expect(batched.waits).toHaveLength(3);
      expect(batched.waits.every((w) => w.length === 3)).toBe(true);
      // ioredis itself refuses one pipeline across primaries.
      const owners = new Set(['k:0', 'k:1', 'k:2', 'k:3', 'k:4', 'k:5'].map((k) => client!.ownerOf(k)));
      expect(owners.size).toBeGreaterThan(1);
      await expect(client.cluster.pipeline().set('k:0', '1').set('k:1', '1').set('k:2', '1').set('k:3', '1').set('k:4', '1').set('k:5', '1').exec()).rejects.toThrow(/same slots allocation group/);
      expect(client.redirects).toHaveLength(0);

      // A failover leaves the client's slot map stale: the next commands to that shard are MOVED.
      const replicaAdmin = await adminClient(node(cluster, 'replica-1-1').direct);
      try {
        await replicaAdmin.call('CLUSTER', 'FAILOVER');
        await waitUntil('replica-1-1 is master', async () => (await nodeRole(replicaAdmin)) === 'master');
      } finally {
        replicaAdmin.disconnect();
      }
      const sync = await driveCluster(client, 'SET', { kind: 'sync' }, clusterOps(workload, 'after'));
      expect(sync.errors).toBe(0);
      expect(client.redirects.length).toBeGreaterThan(0);
      expect(client.redirects[0]).toMatchObject({ kind: 'MOVED', from: node(cluster, 'primary-1').announced, to: node(cluster, 'replica-1-1').announced });
    } finally {
      await client?.close();
      const report = await cluster.stop();
      expect(report.problems).toEqual([]);
    }
    expect(pids.some(processAlive)).toBe(false);
    for (const port of gatePorts) expect(await portRefuses(port)).toBe(true);
  });

  it('runs a cluster scenario: per-node latency, the model, a stale map after failover, and writes a partitioned primary acknowledged and lost', async () => {
    const scenario = parseScenario(
        `
name: cluster-smoke
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
`,
        'inline.yaml',
    );
    const result = await runScenario(scenario, { runtime: 'local' });
    const link = (name: string) => result.topology!.links.find((l) => l.link === name)!;
    expect(link('primary-3').measuredMs / link('primary-1').measuredMs).toBeGreaterThan(2);
    const sync = result.configs.find((c) => c.id === 'sync@shaped')!;
    expect(sync.errors).toBe(0);
    const p50 = (name: string) => sync.perNode!.find((n) => n.node === name)!.p50Us!;
    expect(p50('primary-3') / p50('primary-1')).toBeGreaterThan(2);
    // Each node's samples are kept as an HDR histogram too: as many values as the node had waits
    // over the measured runs, its median the exact one to HDR's precision (3 significant digits).
    for (const n of sync.perNode!) {
      const kept = decodeLatency(n.latencyUs!.hdr!);
      expect(kept.totalCount).toBe(n.latencyUs!.count);
      expect(n.latencyUs!.count).toBe(n.waits * scenario.repeat);
      expect(Math.abs(n.latencyUs!.p50 - n.p50Us!)).toBeLessThanOrEqual(n.p50Us! / 1000 + 1);
    }
    expect(sync.modelRatio).not.toBeNull();
    const [failover, partition] = result.reconcile!;
    const events = (row: typeof failover) => row!.events!.map((e) => e.event);
    expect(failover!.redirects!.moved).toBeGreaterThan(0);
    expect(failover!.counts.lost).toBe(0);
    expect(events(failover)).toContain("after: replica-1-1 is the shard's primary; replica-1-1 is master");
    // The isolated primary kept acknowledging its own side's writes until it saw it had lost the
    // majority; its replica was promoted without them, so they are gone.
    expect(events(partition)).toContain("after: replica-2-1 is the shard's primary; primary-2 is slave");
    // The window is measured: from the cut in place to the heal done, at least the 5 s asked for.
    expect(failover!.window).toBeUndefined();
    expect(partition!.window!.offMs - partition!.window!.onMs).toBeGreaterThanOrEqual(5000);
    expect(partition!.acknowledgedByMinority).toBeGreaterThan(0);
    expect(partition!.lostByMinority).toBeGreaterThan(0);
    expect(partition!.lostByMinority).toBeLessThanOrEqual(partition!.acknowledgedByMinority!);
    // Acknowledged writes lost: judged as on one node.
    expect(partition!.verdict).toBe('UNSAFE');
    expect(result.pass).toBe(true);
  });

  // read-from: replica points the client's reads at replicas; the read-back that judges loss still asks the primaries.
  it('a frozen primary (down: SIGSTOP) is failed over and thaws as a replica; what it acknowledged is read back', async () => {
    const scenario = parseScenario(
        `
name: cluster-down
topology: { cluster: { primaries: 3, replicas: 1, node-timeout: 1000ms } }
workload: { command: SET, key: "d:{i}", keys: { sequential: 30 }, commands: 30 }
modes: [sync]
warmup: 0
repeat: 1
calibration: { pings: 10 }
replication: { read-from: replica }
timeline:
  - { name: freeze, for: 5s, down: primary-3 }
`,
        'inline.yaml',
    );
    expect(scaleReadsOf(scenario)).toBe('slave');
    const result = await runScenario(scenario, { runtime: 'local' });
    const [down] = result.reconcile!;
    expect(down!.events!.map((t) => t.event)).toContain('replica-3-1 promoted (ROLE master)');
    expect(down!.events!.map((t) => t.event)).toContain("after: replica-3-1 is the shard's primary; primary-3 is slave");
    expect(down!.counts.acknowledged).toBeGreaterThan(0);
    expect(down!.acknowledgedByMinority ?? 0).toBe(0);
    expect(result.pass).toBe(true);
  });
});
