// One runtime shape for every topology (local runtime, real processes): the single node is the
// topology of one, with the entry fields pointing at its one node; the node faults that only a
// cluster had (pause, isolate) work on any topology the lab started; the external runtime
// refuses what it cannot do, before it touches anything.

import { describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { isLabError, startRuntime } from '../../lab/index.ts';
import { ToxiproxyApi } from '../../lab/network/index.ts';
import { processAlive } from './support.ts';

// PING straight to a node, answered within `ms`, or false.
const answers = async (endpoint: { host: string; port: number; password?: string }, ms = 500): Promise<boolean> => {
  const client = new Redis({ ...endpoint, lazyConnect: true, connectTimeout: ms, commandTimeout: ms, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
};

const codeOf = async (promise: Promise<unknown>): Promise<string | undefined> => {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  return isLabError(error) ? error.code : undefined;
};

describe('one runtime shape', () => {
  it('the single node is a topology of one: its node is the entry, it can be frozen and thawed', async () => {
    const runtime = await startRuntime('local');
    try {
      expect(runtime.topology).toEqual({ kind: 'single' });
      expect(runtime.nodes).toHaveLength(1);
      const [node] = runtime.nodes;
      expect(node).toMatchObject({ name: 'primary', role: 'primary', shard: 1, replicaOf: null, clientProxy: 'redis', listedAs: null });
      expect(node!.direct).toEqual(runtime.redisDirect);
      expect(node!.proxied).toEqual(runtime.proxied);
      expect(runtime.proxyName).toBe('redis');
      expect(runtime.toxiproxy.proxy.name).toBe('redis');
      expect(runtime.peers).toEqual([]);
      expect(runtime.natMap).toEqual({ [node!.announced]: { host: runtime.proxied.host, port: runtime.proxied.port } });
      expect(runtime.password).toBe(runtime.redisDirect.password);
      expect(runtime.resources.pids).toHaveLength(2);

      await runtime.pause('primary');
      expect(await answers(runtime.redisDirect)).toBe(false);
      await runtime.resume('primary');
      expect(await answers(runtime.redisDirect)).toBe(true);
      expect(await codeOf(runtime.pause('replica-9'))).toBe('E_SCENARIO_INVALID');

      // A paused node does not keep stop() waiting: it is continued first.
      await runtime.pause('primary');
    } finally {
      expect((await runtime.stop()).problems).toEqual([]);
    }
    expect(runtime.resources.pids.some(processAlive)).toBe(false);
  });

  it('a primary with replicas: isolate disables every proxy that touches the node, rejoin enables them', async () => {
    const runtime = await startRuntime('local', { topology: { kind: 'replicas', replicas: 2 } });
    try {
      expect(runtime.nodes.map((n) => n.name)).toEqual(['primary', 'replica-1', 'replica-2']);
      expect(runtime.proxyName).toBe('primary');
      expect(runtime.redisDirect).toEqual(runtime.nodes[0]!.direct);
      expect(runtime.peers).toHaveLength(6);
      const api = new ToxiproxyApi(runtime.toxiproxyApiUrl);
      const enabled = async () => Object.fromEntries(await Promise.all([...runtime.nodes.map((n) => n.clientProxy), ...runtime.peers.map((p) => p.name)].map(async (name) => [name, (await api.proxy(name)).enabled] as const)));

      await runtime.isolate('replica-1');
      const cut = await enabled();
      for (const [name, on] of Object.entries(cut)) expect(on, name).toBe(!name.includes('replica-1'));
      expect(await answers(runtime.nodes[1]!.proxied)).toBe(false);
      expect(await answers(runtime.nodes[1]!.direct)).toBe(true);
      await runtime.rejoin('replica-1');
      expect(Object.values(await enabled()).every(Boolean)).toBe(true);
      expect(await answers(runtime.nodes[1]!.proxied)).toBe(true);
    } finally {
      expect((await runtime.stop()).problems).toEqual([]);
    }
    expect(runtime.resources.pids.some(processAlive)).toBe(false);
  });

  it('external: the same shape for one node; no topology past one, no freezing a node it did not start', async () => {
    const local = await startRuntime('local');
    try {
      const target = { redis: `${local.redisDirect.host}:${local.redisDirect.port}`, toxiproxy: local.toxiproxyApiUrl, password: local.redisDirect.password! };
      expect(await codeOf(startRuntime('external', { external: target, topology: { kind: 'replicas', replicas: 1 } }))).toBe('E_RUNTIME_UNAVAILABLE');
      const external = await startRuntime('external', { external: target });
      try {
        expect(external.nodes).toHaveLength(1);
        expect(external.nodes[0]).toMatchObject({ name: 'primary', clientProxy: external.proxyName, direct: external.redisDirect, proxied: external.proxied });
        expect(await codeOf(external.pause('primary'))).toBe('E_RUNTIME_UNAVAILABLE');
        await external.isolate('primary');
        expect(await answers(external.proxied)).toBe(false);
        await external.rejoin('primary');
        expect(await answers(external.proxied)).toBe(true);
      } finally {
        expect((await external.stop()).problems).toEqual([]);
      }
    } finally {
      await local.stop();
    }
  });
});
