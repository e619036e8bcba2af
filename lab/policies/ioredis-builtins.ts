// The four built-in retry policies, written on the same Policy interface a user's module uses
// (so the lab's own verdicts prove the interface). Only the ioredis options and what the caller
// does after an error differ:
//
// - none:            no reconnect, no offline queue, no re-send: every unanswered command fails.
// - ioredis-default: the library's own defaults (v6: reconnects with backoff, offline queue on,
//                    20 retries per request, autoResendUnfulfilledCommands re-sends commands that
//                    got no reply after a reconnect).
// - app-retry:       reconnects and queues, but never re-sends by itself; the caller catches a
//                    connection error and re-issues the operation (`appRetries` times, 50 ms
//                    apart). ioredis before 6.1.0 with autoResendUnfulfilledCommands off dropped
//                    commands in flight at the close without settling them (ioredis #2193), and
//                    a real caller bounds every command anyway: the caller sets commandTimeout and
//                    treats a timeout as an error.
// - idempotent:      as app-retry; the lab hands it each operation already inside its idempotency
//                    script (keyed by operation id; applies once, returns the first reply on a
//                    retry), the one script that can also keep the lab's log in the same step.
//
// The client follows the topology the endpoint describes (contracts/policy.ts PolicyTopology),
// with the policy's options above:
// - single node, primary with replicas: new Redis({host, port, password, ...options}) at the
//   endpoint's host/port (the primary at connect time: ioredis has no standalone client that
//   follows a primary without Sentinel).
// - Sentinel: new Redis({sentinels, name, natMap, password, sentinelPassword, ...options}): the
//   client asks the sentinels for the master and asks again after a reconnect.
// - Cluster: new Cluster(seeds, {natMap, enableOfflineQueue, redisOptions: {password,
//   ...options}}); ioredis passes redisOptions to every node's connection (less host, port,
//   retryStrategy, readOnly and enableOfflineQueue) and keeps its cluster defaults
//   (maxRedirections 16, retryDelayOnFailover 100 ms, ...).

import { createRequire } from 'node:module';
import { Cluster, Redis, type RedisOptions } from 'ioredis';
import { connectClient, CONNECT_TIMEOUT_MS, noRetryOptions } from '../client/index.ts';
import { LabError, errorMessage, withTimeout } from '../errors/index.ts';
import { isReplyError } from '../metrics/index.ts';
import type { Policy, PolicyEndpoint, PolicyOperation, PolicyReply, RetryPolicy } from '../contracts/index.ts';

/** How long an app-retry caller waits for a reply before giving up on it and re-issuing, ms. */
const APP_COMMAND_TIMEOUT_MS = 1_000;
const RETRY_DELAY_MS = 50;

const IOREDIS = `ioredis ${(createRequire(import.meta.url)('ioredis/package.json') as { version: string }).version}`;

const callerRetries: RedisOptions = {
  lazyConnect: true,
  connectTimeout: CONNECT_TIMEOUT_MS,
  autoResendUnfulfilledCommands: false,
  enableOfflineQueue: true,
  commandTimeout: APP_COMMAND_TIMEOUT_MS,
};

/** What connect returns: one connection's client, or a cluster client. */
export type IoredisClient = Redis | Cluster;

const QUIT_TIMEOUT_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ioredis rejects a command issued after the client gave up its connection for good without
// writing it ("Connection is closed.", the same message in-flight commands get at a close, so
// only the client's status tells): a definite failure.
const notSent = (error: unknown): unknown => (typeof error === 'object' && error !== null ? Object.assign(error, { notSent: true }) : error);

// One attempt at a group of operations: one command, a pipeline or a MULTI/EXEC.
const sendOnce = async (client: IoredisClient, ops: readonly PolicyOperation[], transaction: boolean | null): Promise<PolicyReply[]> => {
  const ended = client.status === 'end';
  const failure = (error: unknown): PolicyReply => ({ ok: false, error: ended ? notSent(error) : error });
  if (transaction === null) {
    const op = ops[0] as PolicyOperation;
    try {
      return [{ ok: true, value: await client.call(op.command, [...op.args]) }];
    } catch (error) {
      return [failure(error)];
    }
  }
  const queue = transaction ? client.multi() : client.pipeline();
  for (const op of ops) queue.call(op.command, [...op.args]);
  try {
    const results = await queue.exec();
    if (results === null) throw new Error('EXEC returned nil');
    return ops.map((_, j) => {
      const [error, value] = results[j] ?? [new Error('no reply'), null];
      return error ? failure(error) : { ok: true, value };
    });
  } catch (error) {
    return ops.map(() => failure(error)); // the whole batch failed without per-command results
  }
};

// The caller's retry loop: re-issues the operations that ended with a connection error.
const withRetries = async (client: IoredisClient, ops: readonly PolicyOperation[], transaction: boolean | null, retries: number): Promise<PolicyReply[]> => {
  const replies = await sendOnce(client, ops, transaction);
  for (let attempt = 0; attempt < retries; attempt++) {
    const again = replies.flatMap((reply, i) => (!reply.ok && !isReplyError(reply.error) ? [i] : []));
    if (again.length === 0) break;
    await sleep(RETRY_DELAY_MS);
    for (const i of again) ops[i]?.retrying((replies[i] as { error: unknown }).error);
    const next = await sendOnce(client, again.map((i) => ops[i] as PolicyOperation), transaction);
    again.forEach((i, j) => (replies[i] = next[j] as PolicyReply));
  }
  return replies;
};

// Connects the Sentinel-aware or cluster client and waits until it is ready.
const connectTopology = async (endpoint: PolicyEndpoint, options: RedisOptions): Promise<IoredisClient> => {
  const topology = endpoint.topology;
  const password = endpoint.password === undefined ? {} : { password: endpoint.password };
  if (topology?.kind !== 'sentinel' && topology?.kind !== 'cluster') return connectClient(endpoint, 'through the proxy', options);
  const client =
    topology.kind === 'sentinel'
      ? new Redis({
          ...options,
          ...password,
          lazyConnect: true,
          sentinels: topology.sentinels.map((s) => ({ host: s.host, port: s.port })),
          name: topology.masterName,
          natMap: topology.natMap,
          ...(topology.sentinelPassword === undefined ? {} : { sentinelPassword: topology.sentinelPassword }),
        })
      : new Cluster(
          topology.seeds.map((s) => ({ host: s.host, port: s.port })),
          {
            lazyConnect: true,
            natMap: topology.natMap,
            ...(options.enableOfflineQueue === undefined ? {} : { enableOfflineQueue: options.enableOfflineQueue }),
            ...(options.enableAutoPipelining === undefined ? {} : { enableAutoPipelining: options.enableAutoPipelining }),
            redisOptions: { ...options, ...password },
          },
        );
  client.on('error', () => undefined); // errors surface through the commands that fail
  if (client instanceof Cluster) client.on('node error', () => undefined);
  try {
    await client.connect();
    return client;
  } catch (error) {
    client.disconnect();
    const where = topology.kind === 'sentinel' ? `Sentinel master ${topology.masterName}` : `cluster through ${topology.seeds.map((s) => `${s.host}:${s.port}`).join(', ')}`;
    throw new LabError('E_REDIS', `Could not connect ioredis (${where}): ${errorMessage(error)}`, {
      hint: 'The runtime started Redis but it does not answer there; check the NAT map (announced address to the address the client dials).',
      cause: error,
    });
  }
};

// Closes without waiting on a server that may be gone.
const closeAny = async (client: IoredisClient): Promise<void> => {
  await withTimeout('QUIT', QUIT_TIMEOUT_MS, () => client.quit(), () => new Error('no answer to QUIT')).catch(() => undefined);
  client.disconnect();
};

const ioredisPolicy = (options: RedisOptions, retries: number): Policy<IoredisClient> => ({
  client: IOREDIS,
  connect: (endpoint) => connectTopology(endpoint, endpoint.autoPipelining === true ? { ...options, enableAutoPipelining: true } : options),
  perform: async (client, op) => {
    const [reply] = await withRetries(client, [op], null, retries);
    if (reply?.ok) return reply.value;
    throw reply?.error;
  },
  performBatch: (client, ops, { transaction }) => withRetries(client, ops, transaction, retries),
  close: closeAny,
});

/** A built-in policy by name; `appRetries`: re-issues per failed operation (app-retry, idempotent). */
export const ioredisBuiltin = (name: RetryPolicy, appRetries: number): Policy<IoredisClient> | undefined => {
  switch (name) {
    case 'none':
      return ioredisPolicy(noRetryOptions, 0);
    case 'ioredis-default':
      return ioredisPolicy({ lazyConnect: true }, 0); // lazyConnect only, so the lab can await the handshake
    case 'app-retry':
    case 'idempotent':
      return ioredisPolicy(callerRetries, appRetries);
    default:
      return undefined;
  }
};
