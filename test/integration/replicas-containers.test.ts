// A primary with replicas on the containers runtime (issue 13): one Docker network, a Redis
// container per node and one Toxiproxy container; every node behind its proxies, replication
// through the peer proxy (not around it), announced addresses inside the network apart from the
// published ones on 127.0.0.1, the failover scenario's lost writes, and nothing of this process
// left behind (containers by the lab's pid label, the network by its name, which carries the pid).

import { getContainerRuntimeClient } from 'testcontainers';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../lab/index.ts';
import { ToxiproxyApi } from '../../lab/network/index.ts';
import { LAB_LABEL, startRuntime } from '../../lab/runtime/index.ts';
import { endpointClient, inlineScenario } from './support.ts';

const docker = async () => (await getContainerRuntimeClient()).container.dockerode;

// This process's containers (any state) and networks: what stop() must have removed.
const ours = async (): Promise<{ containers: string[]; networks: string[] }> => {
  const engine = await docker();
  const containers = await engine.listContainers({ all: true, filters: { label: [`${LAB_LABEL}.pid=${process.pid}`] } });
  const networks = (await engine.listNetworks()).filter((n) => n.Name.startsWith(`redis-fault-lab-${process.pid}-`));
  return { containers: containers.map((c) => c.Id), networks: networks.map((n) => n.Name) };
};

describe('primary with replicas (containers runtime)', () => {
  it('puts every node behind its proxy, announces the proxy inside the network, and replicates through the peer proxy', async () => {
    expect(await ours()).toEqual({ containers: [], networks: [] });
    const topology = await startRuntime('containers', { topology: { kind: 'replicas', replicas: 1 } });
    const primary = topology.nodes.find((n) => n.name === 'primary')!;
    const replica = topology.nodes.find((n) => n.name === 'replica-1')!;
    const peer = topology.peers.find((p) => p.name === 'replica-1->primary')!;
    const writer = endpointClient(primary.direct);
    const reader = endpointClient(replica.direct);
    const viaProxy = endpointClient(replica.proxied);
    const api = new ToxiproxyApi(topology.toxiproxyApiUrl);
    try {
      expect(topology.kind).toBe('containers');
      expect(topology.resources.containers).toHaveLength(3);
      expect(topology.resources.networks).toHaveLength(1);
      expect((await ours()).containers.sort()).toEqual([...topology.resources.containers].sort());
      const engine = await docker();
      const inspected = await Promise.all(topology.resources.containers.map((id) => engine.getContainer(id).inspect()));
      // Every port of every container is published on 127.0.0.1 only.
      for (const info of inspected) {
        const bindings = Object.values(info.HostConfig.PortBindings ?? {}).flat() as { HostIp?: string }[];
        expect(bindings.length).toBeGreaterThan(0);
        expect(bindings.map((b) => b.HostIp)).toEqual(bindings.map(() => '127.0.0.1'));
      }
      // Announced: the Toxiproxy container's IP on the lab's network and the replica's client
      // proxy port there; the lab reaches the same proxy at a port published on 127.0.0.1.
      const networkName = (await ours()).networks[0]!;
      const toxiproxyInfo = inspected.find((info) => info.Name.endsWith('-toxiproxy'))!;
      const toxiproxyIp = toxiproxyInfo.NetworkSettings.Networks[networkName]!.IPAddress;
      const [announcedIp, announcedPort] = replica.announced.split(':');
      expect(announcedIp).toBe(toxiproxyIp);
      expect(replica.proxied.host).toBe('127.0.0.1');
      expect(Number(announcedPort)).not.toBe(replica.proxied.port);
      expect(toxiproxyInfo.NetworkSettings.Ports[`${announcedPort}/tcp`]?.[0]?.HostPort).toBe(String(replica.proxied.port));

      await writer.connect();
      await reader.connect();
      await viaProxy.connect();
      // The primary lists the replica at its announced client proxy, not at its own address.
      const info = await writer.info('replication');
      expect(info).toContain(`slave0:ip=${announcedIp},port=${announcedPort},state=online`);
      expect(replica.listedAs).toBe(replica.announced);
      // The replica dials the primary through Toxiproxy's peer proxy replica-1->primary.
      const replicaInfo = await reader.info('replication');
      expect(replicaInfo).toContain(`master_host:${peer.dial.host}`);
      expect(replicaInfo).toContain(`master_port:${peer.dial.port}`);
      expect(replicaInfo).toContain('master_link_status:up');
      await writer.set('k', '1');
      expect(await writer.call('WAIT', '1', '1000')).toBe(1);
      // The host reaches the replica through its published client proxy.
      expect(await viaProxy.get('k')).toBe('1');
      // Disabling the primary's client proxy does not touch replication...
      await api.setProxyEnabled('primary', false);
      await writer.set('k', '2');
      expect(await writer.call('WAIT', '1', '1000')).toBe(1);
      await api.setProxyEnabled('primary', true);
      // ...disabling the peer proxy into the primary cuts it: WAIT 1 100 returns 0.
      await api.setProxyEnabled(peer.name, false);
      await writer.set('k', '3');
      expect(await writer.call('WAIT', '1', '100')).toBe(0);
      await api.setProxyEnabled(peer.name, true);
    } finally {
      for (const c of [writer, reader, viaProxy]) c.disconnect();
      expect((await topology.stop()).problems).toEqual([]);
    }
    expect(await ours()).toEqual({ containers: [], networks: [] });
  });

  it('is what auto picks for a topology when a Docker engine answers', async () => {
    const topology = await startRuntime('auto', { topology: { kind: 'replicas', replicas: 1 } });
    try {
      expect(topology.kind).toBe('containers');
    } finally {
      expect((await topology.stop()).problems).toEqual([]);
    }
    expect(await ours()).toEqual({ containers: [], networks: [] });
  });

  it('loses writes the partitioned primary acknowledged without WAIT, and leaves nothing behind', async () => {
    const result = await runScenario(
      inlineScenario(`
name: failover-small-containers
topology: {primary: 1, replicas: 1}
network: {rtt: 1ms}
replication: {wait: [none, {replicas: 1, timeout: 100ms}]}
workload: {command: INCR, key: counter, commands: 50000}
modes: [sync]
repeat: 1
calibration: {pings: 10}
timeline:
  - {name: isolate, at: 300ms, for: 1500ms, partition: {nodes: [primary], from: peers}}
  - {name: promote, at: 1s, failover: {promote: replica-1}}
`),
      { runtime: 'containers' },
    );
    expect(await ours()).toEqual({ containers: [], networks: [] });
    expect(result.runtime).toBe('containers');
    const links = result.topology!.links.map((l) => l.link).sort();
    expect(links).toEqual(['primary', 'primary->replica-1', 'replica-1', 'replica-1->primary']);
    const [plain, waited] = result.reconcile!;
    expect(plain!.id).toBe('INCR / no WAIT');
    // Without WAIT: the old primary acknowledged increments after the cut, and they are gone.
    expect(plain!.acknowledgedByMinority).toBeGreaterThan(0);
    expect(plain!.counts.lost).toBeGreaterThan(0);
    expect(plain!.counter!.withinBounds).toBe(false);
    expect(plain!.verdict).toBe('UNSAFE');
    // With WAIT: no write WAIT confirmed was lost; every lost one had WAIT come back short.
    const split = waited!.waitSplit!;
    expect(split.replicated.lost).toBe(0);
    expect(split.underReplicated.lost).toBe(waited!.counts.lost);
  });
});
