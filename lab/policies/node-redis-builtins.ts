// node-redis-default: the second client family Node services use, with its defaults and no
// retry code of the caller's. What node-redis does to a command in flight when its connection
// closes is measured by the fault runs, not assumed here. Batches: a pipeline is the batch's
// commands issued in one tick (node-redis writes them together); multi is client.multi().exec().
//
// The client follows the topology the endpoint describes (contracts/policy.ts PolicyTopology),
// each with node-redis's defaults and only these options set:
// - single node, primary with replicas: createClient({socket: {host, port}, password}) at the
//   endpoint's host/port (the primary at connect time: node-redis has no client that follows a
//   primary without Sentinel).
// - Sentinel: createSentinel({name, sentinelRootNodes, nodeClientOptions: {password},
//   sentinelClientOptions: {password} when the sentinels have one, nodeAddressMap}).
// - Cluster: createCluster({rootNodes: the seeds, defaults: {password}, nodeAddressMap}); each
//   command is routed by its first key (an EVAL's first KEYS entry).

import { createCluster, createSentinel } from 'redis';
import { connectNodeRedis, NODE_REDIS, type NodeRedisClient } from '../client/index.ts';
import { LabError, errorMessage } from '../errors/index.ts';
import type { Policy, PolicyEndpoint, PolicyNatMap, PolicyOperation, PolicyReply } from '../contracts/index.ts';

type Cluster = ReturnType<typeof createCluster>;
type Sentinel = ReturnType<typeof createSentinel>;

/** What connect returns: the client, whichever node-redis client the topology needs. */
export type NodeRedisTopologyClient = { kind: 'client'; client: NodeRedisClient } | { kind: 'cluster'; client: Cluster } | { kind: 'sentinel'; client: Sentinel };

const settled = (work: Promise<unknown>): Promise<PolicyReply> =>
  work.then(
    (value): PolicyReply => ({ ok: true, value }),
    (error: unknown): PolicyReply => ({ ok: false, error }),
  );

/** The key a cluster client routes a command by: an EVAL's first key, else the first argument. */
export const routingKey = (command: string, args: readonly string[]): string | undefined => {
  const name = command.toLowerCase();
  if (name === 'eval' || name === 'evalsha') return Number(args[1]) > 0 ? args[2] : undefined;
  return args[0];
};

const addressMap = (natMap: PolicyNatMap) => (address: string) => natMap[address];

const connectFailed = (what: string, error: unknown) =>
  new LabError('E_REDIS', `Could not connect node-redis (${what}): ${errorMessage(error)}`, {
    hint: 'The runtime started Redis but it does not answer there; rerun, and check `docker ps -a` or the local processes.',
    cause: error,
  });

const connectTopology = async (endpoint: PolicyEndpoint): Promise<NodeRedisTopologyClient> => {
  const topology = endpoint.topology;
  const password = endpoint.password === undefined ? {} : { password: endpoint.password };
  if (topology?.kind === 'cluster') {
    const client = createCluster({
      rootNodes: topology.seeds.map((seed) => ({ socket: { host: seed.host, port: seed.port } })),
      defaults: password,
      nodeAddressMap: addressMap(topology.natMap),
    });
    client.on('error', () => undefined); // errors surface through the commands that fail
    try {
      await client.connect();
    } catch (error) {
      client.destroy();
      throw connectFailed(`cluster through ${topology.seeds.map((s) => `${s.host}:${s.port}`).join(', ')}`, error);
    }
    return { kind: 'cluster', client };
  }
  if (topology?.kind === 'sentinel') {
    const client = createSentinel({
      name: topology.masterName,
      sentinelRootNodes: topology.sentinels.map((s) => ({ host: s.host, port: s.port })),
      nodeClientOptions: password,
      ...(topology.sentinelPassword === undefined ? {} : { sentinelClientOptions: { password: topology.sentinelPassword } }),
      nodeAddressMap: addressMap(topology.natMap),
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (error) {
      await client.destroy().catch(() => undefined);
      throw connectFailed(`Sentinel master ${topology.masterName}`, error);
    }
    return { kind: 'sentinel', client };
  }
  return { kind: 'client', client: await connectNodeRedis(endpoint) };
};

const send = (handle: NodeRedisTopologyClient, op: PolicyOperation): Promise<unknown> => {
  const args = [op.command, ...op.args];
  switch (handle.kind) {
    case 'cluster':
      return handle.client.sendCommand(routingKey(op.command, op.args), false, args);
    case 'sentinel':
      return handle.client.sendCommand(false, args);
    case 'client':
      return handle.client.sendCommand(args);
  }
};

const transaction = (handle: NodeRedisTopologyClient, ops: readonly PolicyOperation[]): Promise<unknown> => {
  switch (handle.kind) {
    case 'cluster': {
      const first = ops[0];
      const multi = handle.client.multi(first === undefined ? undefined : routingKey(first.command, first.args));
      for (const op of ops) multi.addCommand(routingKey(op.command, op.args), false, [op.command, ...op.args]);
      return multi.exec();
    }
    case 'sentinel': {
      const multi = handle.client.multi();
      for (const op of ops) multi.addCommand(false, [op.command, ...op.args]);
      return multi.exec();
    }
    case 'client': {
      const multi = handle.client.multi();
      for (const op of ops) multi.addCommand([op.command, ...op.args]);
      return multi.exec();
    }
  }
};

const nodeRedisDefault: Policy<NodeRedisTopologyClient> = {
  client: NODE_REDIS,
  connect: connectTopology,
  perform: (handle, op) => send(handle, op),
  performBatch: async (handle, ops, options) => {
    if (!options.transaction) return Promise.all(ops.map((op) => settled(send(handle, op))));
    const reply = await settled(transaction(handle, ops));
    if (!reply.ok) return ops.map(() => reply);
    const values = reply.value as unknown[];
    return ops.map((_, i) => {
      const value = values[i];
      return value instanceof Error ? { ok: false, error: value } : { ok: true, value };
    });
  },
  close: async (handle) => {
    if (handle.kind === 'client') handle.client.destroy();
    else await Promise.resolve(handle.client.destroy()).catch(() => undefined);
  },
};

/** The node-redis built-in by name. */
export const nodeRedisBuiltin = (name: string): Policy<NodeRedisTopologyClient> | undefined => (name === 'node-redis-default' ? nodeRedisDefault : undefined);
