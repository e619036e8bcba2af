// Sentinel topologies (issue 23 item 5): three real sentinels (redis-server --sentinel), each behind
// its own proxy, on the local and the containers runtime; every address a sentinel hands out is a
// proxy address; a partition of the primary with no failover step lets the sentinels promote the
// replica themselves, the failover run learns it from them and says when; nothing left running.

import { getContainerRuntimeClient } from 'testcontainers';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../lab/index.ts';
import { LAB_LABEL, startRuntime, type StartedRuntime } from '../../lab/runtime/index.ts';
import type { Topology } from '../../lab/contracts/index.ts';
import { childServers, endpointClient, inlineScenario, processAlive } from './support.ts';

const SENTINELS: Topology = { kind: 'replicas', replicas: 1, sentinel: { sentinels: 3, quorum: 2, downAfterMs: 1000, failoverTimeoutMs: 5000 } };

// What each sentinel, asked through its own proxy, says: the primary's address, the other
// sentinels' and the replicas' addresses (SENTINEL sentinels / replicas: flat field lists).
const askSentinels = async (topology: StartedRuntime) =>
  Promise.all(
    topology.sentinels.map(async (sentinel) => {
      const asked = endpointClient(sentinel.proxied);
      try {
        await asked.connect();
        const master = (await asked.call('SENTINEL', 'get-master-addr-by-name', topology.masterName!)) as string[];
        const address = (fields: string[]) => `${fields[fields.indexOf('ip') + 1]}:${fields[fields.indexOf('port') + 1]}`;
        const others = ((await asked.call('SENTINEL', 'sentinels', topology.masterName!)) as string[][]).map(address);
        const replicas = ((await asked.call('SENTINEL', 'replicas', topology.masterName!)) as string[][]).map(address);
        return { name: sentinel.name, master: master.join(':'), others: others.sort(), replicas };
      } finally {
        asked.disconnect();
      }
    }),
  );

// Every address a sentinel hands out is a proxy's: the primary's and the replica's client
// proxies, and the other sentinels' own proxies.
const expectProxyAddresses = async (topology: StartedRuntime) => {
  const primary = topology.nodes.find((n) => n.name === 'primary')!;
  const replica = topology.nodes.find((n) => n.name === 'replica-1')!;
  expect(topology.masterName).toBe('lab-primary');
  expect(topology.sentinels.map((s) => s.name)).toEqual(['sentinel-1', 'sentinel-2', 'sentinel-3']);
  const said = await askSentinels(topology);
  for (const { name, master, others, replicas } of said) {
    expect(master).toBe(primary.announced);
    expect(replicas).toEqual([replica.announced]);
    expect(others).toEqual(topology.sentinels.filter((s) => s.name !== name).map((s) => s.announced).sort());
  }
  // The announced addresses are proxies, not the processes' own ports.
  for (const sentinel of topology.sentinels) expect(sentinel.proxied.port).not.toBe(sentinel.direct.port);
  expect(topology.natMap[topology.sentinels[0]!.announced]).toEqual({ host: topology.sentinels[0]!.proxied.host, port: topology.sentinels[0]!.proxied.port });
};

describe('sentinel (local runtime)', () => {
  it('starts three sentinels behind their proxies that hand out proxy addresses only, and stops them all', async () => {
    const topology = await startRuntime('local', { topology: SENTINELS });
    const pids = topology.resources.pids;
    try {
      // primary, replica-1, three sentinels, toxiproxy-server
      expect(pids).toHaveLength(6);
      await expectProxyAddresses(topology);
    } finally {
      expect((await topology.stop()).problems).toEqual([]);
    }
    expect(pids.some(processAlive)).toBe(false);
  });

  it('fires lost when a sentinel dies', async () => {
    const topology = await startRuntime('local', { topology: SENTINELS });
    try {
      // pids: the nodes, toxiproxy-server, then the sentinels (types.ts)
      const sentinelPid = topology.resources.pids[3]!;
      const lost = new Promise((resolve) => topology.lost.addEventListener('abort', resolve, { once: true }));
      process.kill(sentinelPid, 'SIGKILL');
      // Its exit event, or checkParts once the process is gone, fires lost (bounded by the test's timeout).
      const polled = (async () => {
        while (!topology.lost.aborted) {
          await topology.checkParts();
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      await Promise.race([lost, polled]);
      expect(topology.lost.aborted).toBe(true);
      expect(String((topology.lost.reason as Error).message)).toContain('sentinel-1');
    } finally {
      await topology.stop();
    }
    expect(topology.resources.pids.some(processAlive)).toBe(false);
  });

  it('lets the sentinels promote the replica after a partition of the primary, sees the switch, and leaves nothing running', async () => {
    const before = childServers();
    const result = await runScenario(
      inlineScenario(`
name: sentinel-failover-small
topology: {primary: 1, replicas: 1, sentinels: 3}
sentinel: {down-after: 1000ms, failover-timeout: 5000ms}
network: {rtt: 1ms}
workload: {command: INCR, key: counter, commands: 200000}
modes: [sync]
repeat: 1
calibration: {pings: 10}
timeline:
  - {name: isolate-primary, at: 300ms, for: 5s, partition: {nodes: [primary], from: all}}
`),
      { runtime: 'local' },
    );
    expect(childServers()).toEqual(before);
    // The sentinels' links are calibrated like the nodes'.
    expect(result.topology!.links.map((l) => l.link)).toEqual(expect.arrayContaining(['sentinel-1', 'sentinel-2', 'sentinel-3']));
    const entry = result.reconcile![0]!;
    const at = (event: string) => entry.events!.find((e) => e.event === event)?.atMs;
    // No failover step: the lab ordered none; the sentinels switched to the replica during the cut.
    expect(at('replica promoted')).toBeUndefined();
    const switchMs = at('sentinels switched to replica-1');
    expect(switchMs).toBeGreaterThan(at('partition began')!);
    expect(switchMs).toBeLessThan(at('partition healed')!);
    // The old primary was demoted by the sentinels after the heal, and the run waited for it.
    expect(at('old primary demoted')).toBeGreaterThan(at('partition healed')!);
    expect(at('writer stopped')).toBeGreaterThan(at('old primary demoted')!);
    expect(entry.reasons.some((r) => r.startsWith('the sentinels promoted replica-1'))).toBe(true);
    // The writer moved: increments were acknowledged after the switch and counted on replica-1.
    expect(entry.counts.acknowledged).toBeGreaterThan(0);
    expect(result.warnings.filter((w) => w.includes('settled'))).toEqual([]);
  });

  it('sees no switch when the partition leaves the sentinels in touch with the primary (from: peers)', async () => {
    const result = await runScenario(
      inlineScenario(`
name: sentinel-no-failover
topology: {primary: 1, replicas: 1, sentinels: 3}
network: {rtt: 1ms}
workload: {command: INCR, key: counter, commands: 200000}
modes: [sync]
repeat: 1
calibration: {pings: 10}
timeline:
  - {name: cut-replication, at: 300ms, for: 2s, partition: {nodes: [primary], from: peers}}
`),
      { runtime: 'local' },
    );
    const entry = result.reconcile![0]!;
    expect(entry.events!.filter((e) => e.event.startsWith('sentinels switched'))).toEqual([]);
    expect(entry.reasons).toContain('the sentinels never named a new primary (primary stayed primary)');
    // The replica, back on its peer proxy, counts as settled: no wait to the bound, no warning.
    expect(result.warnings.filter((w) => w.includes('settled'))).toEqual([]);
    expect(entry.counts.lost).toBe(0);
  });
});

describe('sentinel (containers runtime)', () => {
  it('starts three sentinel containers behind their proxies that hand out proxy addresses only, and removes them all', async () => {
    const engine = (await getContainerRuntimeClient()).container.dockerode;
    const ours = async () => (await engine.listContainers({ all: true, filters: { label: [`${LAB_LABEL}.pid=${process.pid}`] } })).map((c) => c.Id);
    expect(await ours()).toEqual([]);
    const topology = await startRuntime('containers', { topology: SENTINELS });
    try {
      // primary, replica-1, three sentinels, Toxiproxy
      expect(topology.resources.containers).toHaveLength(6);
      await expectProxyAddresses(topology);
    } finally {
      expect((await topology.stop()).problems).toEqual([]);
    }
    expect(await ours()).toEqual([]);
  });
});
