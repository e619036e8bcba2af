// The two kinds of client a measured run uses, as narrow types: the connections a request
// workload sends on (one node's ioredis client, or an ioredis Cluster that routes each command to
// its slot's primary), and the lab's control connection around a run (one node straight, or a
// Cluster client straight to every node), with the nodes that hold the data.

import { Cluster, type Redis } from 'ioredis';

/** What the request drivers send on: `Redis` and `Cluster` both have these (ioredis Commander). */
export type RequestClient = Pick<Redis, 'call' | 'pipeline' | 'multi' | 'disconnect'>;

/** Reset, prefill, INFO and read-back: one node, or a cluster's every primary. */
export type ControlClient = Redis | Cluster;

/** The nodes that hold the lab's keys: the one node, or every primary of the cluster. */
export const dataNodes = (control: ControlClient): Redis[] => (control instanceof Cluster ? control.nodes('master') : [control]);

/** A reply or the error in its place, as a pipeline's exec gives them. */
type Reply = [Error | null, unknown];

/** Commands of the lab's own (outside every timed span), replies in order: one pipeline on a
 * node; on a cluster each command on its own, which the control client (auto-pipelining) sends as
 * one pipeline per primary, since an ioredis pipeline on a cluster must stay within one slot. */
export const sendAll = async (control: ControlClient, commands: readonly (readonly string[])[]): Promise<Reply[]> => {
  if (!(control instanceof Cluster)) return ((await control.pipeline(commands.map((c) => [...c])).exec()) ?? []) as Reply[];
  return Promise.all(commands.map(([name = '', ...args]) => control.call(name, ...args).then((value): Reply => [null, value], (error: unknown): Reply => [error as Error, null])));
};
