// node-redis-default: the second client family Node services use, with its defaults and no
// retry code of the caller's. What node-redis does to a command in flight when its connection
// closes is measured by the fault runs, not assumed here. Batches: a pipeline is the batch's
// commands issued in one tick (node-redis writes them together); multi is client.multi().exec().

import { connectNodeRedis, NODE_REDIS, type NodeRedisClient } from '../client/index.ts';
import type { Policy, PolicyReply } from '../contracts/index.ts';

const settled = (work: Promise<unknown>): Promise<PolicyReply> =>
  work.then(
    (value): PolicyReply => ({ ok: true, value }),
    (error: unknown): PolicyReply => ({ ok: false, error }),
  );

const nodeRedisDefault: Policy<NodeRedisClient> = {
  client: NODE_REDIS,
  connect: connectNodeRedis,
  perform: (client, op) => client.sendCommand([op.command, ...op.args]),
  performBatch: async (client, ops, { transaction }) => {
    if (!transaction) return Promise.all(ops.map((op) => settled(client.sendCommand([op.command, ...op.args]))));
    const multi = client.multi();
    for (const op of ops) multi.addCommand([op.command, ...op.args]);
    const reply = await settled(multi.exec());
    if (!reply.ok) return ops.map(() => reply);
    const values = reply.value as unknown[];
    return ops.map((_, i) => {
      const value = values[i];
      return value instanceof Error ? { ok: false, error: value } : { ok: true, value };
    });
  },
  close: async (client) => {
    client.destroy();
  },
};

/** The node-redis built-in by name. */
export const nodeRedisBuiltin = (name: string): Policy<NodeRedisClient> | undefined => (name === 'node-redis-default' ? nodeRedisDefault : undefined);
