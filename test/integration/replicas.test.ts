// A primary with replicas on the local runtime (issue 13): every node behind its proxies,
// replication through the peer proxy (not around it), the failover scenario's lost writes with
// and without WAIT, and nothing left running.

import { describe, expect, it } from 'vitest';
import { runScenario } from '../../lab/index.ts';
import { ToxiproxyApi } from '../../lab/network/index.ts';
import { startRuntime } from '../../lab/runtime/index.ts';
import { childServers, endpointClient, inlineScenario, processAlive } from './support.ts';

describe('primary with replicas (local runtime)', () => {
  it('puts every node behind its proxy and replicates through the peer proxy', async () => {
    const topology = await startRuntime('local', { topology: { kind: 'replicas', replicas: 1 } });
    const pids = topology.resources.pids;
    expect(pids).toHaveLength(3);
    const primary = topology.nodes.find((n) => n.name === 'primary')!;
    const replica = topology.nodes.find((n) => n.name === 'replica-1')!;
    const writer = endpointClient(primary.direct);
    const api = new ToxiproxyApi(topology.toxiproxyApiUrl);
    try {
      await writer.connect();
      // The primary lists the replica at the replica's client proxy, not at its real port.
      const info = await writer.info('replication');
      expect(info).toContain(`slave0:ip=127.0.0.1,port=${replica.proxied.port},state=online`);
      expect(replica.proxied.port).not.toBe(replica.direct.port);
      expect(replica.listedAs).toBe(`127.0.0.1:${replica.proxied.port}`);
      // The replica dials the primary through the peer proxy replica-1->primary.
      const reader = endpointClient(replica.direct);
      const replicaInfo = await reader.info('replication').finally(() => reader.disconnect());
      const peer = topology.peers.find((p) => p.name === 'replica-1->primary')!;
      expect(replicaInfo).toContain(`master_port:${peer.dial.port}`);
      await writer.set('k', '1');
      expect(await writer.call('WAIT', '1', '1000')).toBe(1);
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
      writer.disconnect();
      expect((await topology.stop()).problems).toEqual([]);
    }
    expect(pids.some(processAlive)).toBe(false);
  });

  it('loses writes the partitioned primary acknowledged, says what WAIT changed, and leaves nothing running', async () => {
    const before = childServers();
    const result = await runScenario(
      inlineScenario(`
name: failover-small
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
      { runtime: 'local' },
    );
    expect(childServers()).toEqual(before);
    const links = result.topology!.links.map((l) => l.link).sort();
    expect(links).toEqual(['primary', 'primary->replica-1', 'replica-1', 'replica-1->primary']);
    const [plain, waited] = result.reconcile!;
    expect(plain!.id).toBe('INCR / no WAIT');
    // Without WAIT: the old primary acknowledged increments after the cut, and they are gone.
    expect(plain!.acknowledgedByMinority).toBeGreaterThan(0);
    expect(plain!.counts.lost).toBeGreaterThan(0);
    expect(plain!.counter!.withinBounds).toBe(false);
    expect(plain!.verdict).toBe('UNSAFE');
    // With WAIT: every lost increment was one whose WAIT reached 0 (the client was told), none
    // that WAIT confirmed on the replica that was promoted.
    const split = waited!.waitSplit!;
    expect(split.underReplicated.acknowledged).toBeGreaterThan(0);
    expect(split.replicated.lost).toBe(0);
    expect(split.underReplicated.lost).toBe(waited!.counts.lost);
    expect(waited!.reasons.some((r) => r.startsWith('WAIT 1 100ms:'))).toBe(true);
  });
});
