// The lab's Redis Cluster client: ioredis `Cluster` with a NAT map from the addresses nodes
// announce (their proxies as the nodes reach them) to the proxies as the lab reaches them, the
// runtime's password for every node, and a count of every redirect it follows.
//
// ioredis emits no event for MOVED or ASK. Every redirect a command or a retriable pipeline
// follows goes through the cluster's `handleError` (lib/cluster/index.ts; Pipeline.ts calls it
// for a pipeline whose errors are all the same redirect), so the lab wraps that one method on
// its own instance and records the redirect with the node it was sent to (the slot's owner in
// the client's map before the redirect updates it). A pipeline of writes that gets MOVED is not
// retried by ioredis (only read-only pipelines are) and never reaches handleError: the lab's
// pipeline driver counts those itself (see `countPipelineRedirect`).

import { Cluster, Command, type ClusterOptions, type NatMap } from 'ioredis';
import { LabError, errorMessage, withTimeout } from '../errors/index.ts';
import type { Endpoint } from '../runtime/types.ts';

interface Redirect {
  kind: 'MOVED' | 'ASK';
  slot: number;
  /** Announced `ip:port` of the node that answered with the redirect, when the client knew it. */
  from: string | undefined;
  /** Announced `ip:port` it pointed at. */
  to: string;
}

interface RetryCounts {
  clusterDown: number;
  tryAgain: number;
  connectionClosed: number;
}

export interface LabCluster {
  cluster: Cluster;
  /** Every redirect followed (or, for write pipelines, received), in order. */
  redirects: Redirect[];
  /** Other errors ioredis retried: CLUSTERDOWN, TRYAGAIN, a closed connection. */
  retries: RetryCounts;
  /** The announced address of the primary that owns `key`'s slot in the client's map now. */
  ownerOf(key: string): string | undefined;
  close(): Promise<void>;
}

export interface ConnectClusterInput {
  /** Where to start: any nodes' client proxies as the lab reaches them. */
  seeds: Endpoint[];
  natMap: NatMap;
  password?: string;
  /** ioredis scaleReads (`master` unless a scenario asks for replica reads). */
  scaleReads?: ClusterOptions['scaleReads'];
  /** ioredis enableAutoPipelining: commands issued in one event-loop turn leave as one pipeline per node. */
  autoPipelining?: boolean;
  /** false: a command or pipeline whose connection closed fails with the close instead of being
   * sent again (ioredis resends it, up to maxRedirections times); default true. */
  resendOnClose?: boolean;
}

const READY_TIMEOUT_MS = 10_000;
const CLOSE_TIMEOUT_MS = 1_000;

type HandleError = Cluster['handleError'];

/** The slot of a key, as ioredis computes it (CRC16 of the hash tag or key, mod 16384). */
export const keySlot = (key: string): number => new Command('get', [key]).getSlot() ?? 0;

export const connectCluster = async (input: ConnectClusterInput): Promise<LabCluster> => {
  const cluster = new Cluster(
    input.seeds.map((s) => ({ host: s.host, port: s.port })),
    {
      lazyConnect: true,
      natMap: input.natMap,
      scaleReads: input.scaleReads ?? 'master',
      enableOfflineQueue: false,
      // A failover on a lab cluster takes about 2.5 node timeouts (topologies.md §8): keep
      // retrying CLUSTERDOWN and closed connections for longer than that.
      retryDelayOnFailover: 200,
      retryDelayOnClusterDown: 200,
      maxRedirections: 64,
      ...(input.autoPipelining === true ? { enableAutoPipelining: true } : {}),
      redisOptions: { ...(input.password === undefined ? {} : { password: input.password }), connectTimeout: 2_000, maxRetriesPerRequest: 0 },
    },
  );
  cluster.on('error', () => {
    // failures surface through the commands that fail
  });
  cluster.on('node error', () => undefined);
  const redirects: Redirect[] = [];
  const retries: RetryCounts = { clusterDown: 0, tryAgain: 0, connectionClosed: 0 };
  const original: HandleError = cluster.handleError.bind(cluster);
  const counting: HandleError = (error, ttl, handlers) => {
    const [kind, slotText, to] = error.message.split(' ');
    if ((kind === 'MOVED' || kind === 'ASK') && to !== undefined) {
      const slot = Number(slotText);
      redirects.push({ kind, slot, from: cluster.slots[slot]?.[0], to });
    } else if (kind === 'CLUSTERDOWN') retries.clusterDown++;
    else if (kind === 'TRYAGAIN') retries.tryAgain++;
    else if (error.message === 'Connection is closed.') {
      if (input.resendOnClose === false) {
        handlers.defaults();
        return;
      }
      retries.connectionClosed++;
    }
    original(error, ttl, handlers);
  };
  cluster.handleError = counting;
  const ownerOf = (key: string) => cluster.slots[keySlot(key)]?.[0];
  const close = () => closeCluster(cluster);
  try {
    await withTimeout('cluster ready', READY_TIMEOUT_MS, () => new Promise<void>((resolve, reject) => {
      cluster.once('ready', () => resolve());
      cluster.once('end', () => reject(new Error('the client gave up connecting')));
      cluster.connect().catch(reject);
    }), () => new Error(`not ready after ${READY_TIMEOUT_MS} ms`));
  } catch (error) {
    cluster.disconnect();
    throw new LabError('E_REDIS', `Could not connect a cluster client through ${input.seeds.map((s) => `${s.host}:${s.port}`).join(', ')}: ${errorMessage(error)}`, {
      hint: 'The cluster formed but a node does not answer through its proxy; check the NAT map (announced address to the address the lab dials).',
      cause: error,
    });
  }
  return { cluster, redirects, retries, ownerOf, close };
};

/** Closes a cluster client without waiting on a node that may be gone. */
export const closeCluster = async (cluster: Cluster): Promise<void> => {
  await withTimeout('QUIT', CLOSE_TIMEOUT_MS, () => cluster.quit(), () => new Error('no answer')).catch(() => undefined);
  cluster.disconnect();
};

/** Counts a MOVED/ASK that a write pipeline got back (ioredis does not retry those). */
export const countPipelineRedirect = (client: LabCluster, error: Error, sentTo: string | undefined): boolean => {
  const [kind, slotText, to] = error.message.split(' ');
  if ((kind !== 'MOVED' && kind !== 'ASK') || to === undefined) return false;
  client.redirects.push({ kind, slot: Number(slotText), from: sentTo, to });
  return true;
};
