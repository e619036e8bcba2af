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
//                    apart). ioredis 6.0.0 with autoResendUnfulfilledCommands off drops commands
//                    in flight at the close without settling them (ioredis #2193), so the caller
//                    sets commandTimeout, as a real caller must, and treats a timeout as an error.
// - idempotent:      as app-retry; the lab hands it each operation already inside its idempotency
//                    script (keyed by operation id; applies once, returns the first reply on a
//                    retry), the one script that can also keep the lab's log in the same step.

import { createRequire } from 'node:module';
import type { Redis, RedisOptions } from 'ioredis';
import { closeClient, connectClient, CONNECT_TIMEOUT_MS, noRetryOptions } from '../client/index.ts';
import { isReplyError } from '../metrics/index.ts';
import type { Policy, PolicyOperation, PolicyReply, RetryPolicy } from '../contracts/index.ts';

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ioredis rejects a command issued after the client gave up its connection for good without
// writing it ("Connection is closed.", the same message in-flight commands get at a close, so
// only the client's status tells): a definite failure.
const notSent = (error: unknown): unknown => (typeof error === 'object' && error !== null ? Object.assign(error, { notSent: true }) : error);

// One attempt at a group of operations: one command, a pipeline or a MULTI/EXEC.
const sendOnce = async (client: Redis, ops: readonly PolicyOperation[], transaction: boolean | null): Promise<PolicyReply[]> => {
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
const withRetries = async (client: Redis, ops: readonly PolicyOperation[], transaction: boolean | null, retries: number): Promise<PolicyReply[]> => {
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

const ioredisPolicy = (options: RedisOptions, retries: number): Policy<Redis> => ({
  client: IOREDIS,
  connect: (endpoint) => connectClient(endpoint, 'through the proxy', endpoint.autoPipelining === true ? { ...options, enableAutoPipelining: true } : options),
  perform: async (client, op) => {
    const [reply] = await withRetries(client, [op], null, retries);
    if (reply?.ok) return reply.value;
    throw reply?.error;
  },
  performBatch: (client, ops, { transaction }) => withRetries(client, ops, transaction, retries),
  close: closeClient,
});

/** A built-in policy by name; `appRetries`: re-issues per failed operation (app-retry, idempotent). */
export const ioredisBuiltin = (name: RetryPolicy, appRetries: number): Policy<Redis> | undefined => {
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
