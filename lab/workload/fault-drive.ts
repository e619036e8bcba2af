// The driver of a fault run: issues a plan's operations like the measured drivers do (sync,
// pipeline or multi on one connection) and records every operation in a ledger: sent,
// acknowledged (with its reply), failed (the client knows it never reached the server) or
// indeterminate (it may have). Retry policies differ only in the client's options and in
// whether the caller re-issues an operation that failed (`retries` > 0); the operation keeps
// its id across re-issues, so a double application shows up in the server's log.
//
// Fault runs wrap each operation so that the server itself records which operations it applied:
// a Lua script runs the workload's command and appends the operation's id to a companion list,
// atomically (a script's effects all happen or none do). The reply is the command's own reply,
// so a reply is the same number of bytes as the bare command's and byte-counted cuts still line up.
//
// The idempotent policy's script additionally remembers each operation's reply in a hash keyed
// by operation id and returns the remembered reply on a retry instead of applying it again.
// (A real deployment would use one key per operation with a TTL covering the retry window; one
// hash keeps the lab's cleanup simple.)

import type { Redis } from 'ioredis';
import { batchSize, type Mode } from '../contracts/index.ts';
import { errorKind, isReplyError } from '../metrics/index.ts';
import type { Ledger } from '../reconcile/index.ts';
import type { OperationPlan } from './plan.ts';

/** ARGV[1] = op id, ARGV[2..] = the command and its arguments. KEYS[1] = the log list. */
const TAGGED_SCRIPT = `local r = redis.call(unpack(ARGV, 2))
redis.call('RPUSH', KEYS[1], ARGV[1])
return r`;

/** As TAGGED_SCRIPT, plus KEYS[2] = the hash of replies by op id (n<number> or s<status>). */
const IDEMPOTENT_SCRIPT = `local done = redis.call('HGET', KEYS[2], ARGV[1])
if done then
  if string.sub(done, 1, 1) == 'n' then return tonumber(string.sub(done, 2)) end
  return {ok = string.sub(done, 2)}
end
local r = redis.call(unpack(ARGV, 2))
if type(r) == 'number' then
  redis.call('HSET', KEYS[2], ARGV[1], 'n' .. r)
else
  redis.call('HSET', KEYS[2], ARGV[1], 's' .. tostring(r.ok))
end
redis.call('RPUSH', KEYS[1], ARGV[1])
return r`;

/** Where the companion log and the idempotency hash live, next to the workload's key. */
export const tagKeys = (workloadKey: string): { logKey: string; doneKey: string } => ({
  logKey: `lab:log:{${workloadKey}}`,
  doneKey: `lab:done:{${workloadKey}}`,
});

export type OpWrapping = 'bare' | 'tagged' | 'idempotent';

/** The command (name + args) that issues operation `op` under a wrapping. */
export const wrapOp = (
  wrapping: OpWrapping,
  op: number,
  name: string,
  args: readonly string[],
  keys: { logKey: string; doneKey: string },
): { name: string; args: string[] } => {
  switch (wrapping) {
    case 'bare':
      return { name, args: [...args] };
    case 'tagged':
      return { name: 'eval', args: [TAGGED_SCRIPT, '1', keys.logKey, String(op), name, ...args] };
    case 'idempotent':
      return { name: 'eval', args: [IDEMPOTENT_SCRIPT, '2', keys.logKey, keys.doneKey, String(op), name, ...args] };
  }
};

interface FaultDriveInput {
  client: Redis;
  mode: Extract<Mode, { kind: 'sync' | 'pipeline' | 'multi' }>;
  plan: OperationPlan;
  ledger: Ledger;
  wrapping: OpWrapping;
  tagKeys: { logKey: string; doneKey: string };
  /** How often the caller re-issues an operation that failed with a connection error. */
  retries: number;
  /** Pause before a re-issue, ms. */
  retryDelayMs: number;
  /** Runs once, awaited, before the operation with this index (or the batch starting there) is sent. */
  trigger?: { beforeOp: number; run: () => Promise<void> };
  /** Aborted at the run's deadline: nothing more is issued. */
  signal: AbortSignal;
}

// Errors after which the client never wrote the command: a definite failure, not indeterminate.
const NEVER_SENT = new Set(['STREAM_NOT_WRITEABLE', 'ECONNREFUSED']);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Records one operation's outcome; returns true when the caller may re-issue it. `ended`: the
// client had already given up its connection for good when the operation was issued, so
// ioredis rejected it without writing it ("Connection is closed." is also what in-flight
// commands get when a connection ends, so the message alone cannot tell).
const settle = (ledger: Ledger, op: number, error: unknown, value: unknown, ended = false): boolean => {
  if (!error) {
    ledger.ack(op, typeof value === 'number' ? value : Number.NaN);
    return false;
  }
  const kind = errorKind(error);
  if (isReplyError(error)) {
    ledger.fail(op, kind); // Redis answered with an error: it ran the script and refused
    return false;
  }
  if (ended || NEVER_SENT.has(kind)) ledger.fail(op, kind);
  else ledger.indeterminate(op, kind);
  return true;
};

// Sends a group of operations as one batch (or one command) and settles each; returns the ops
// that ended with a connection error.
const sendGroup = async (input: FaultDriveInput, ops: number[]): Promise<number[]> => {
  const { client, plan, mode } = input;
  const command = (op: number) => wrapOp(input.wrapping, op, plan.name, plan.argsOf(op), input.tagKeys);
  const failed: number[] = [];
  const ended = client.status === 'end';
  if (mode.kind === 'sync') {
    const op = ops[0] ?? 0;
    const { name, args } = command(op);
    try {
      settle(input.ledger, op, null, await client.call(name, args));
    } catch (error) {
      if (settle(input.ledger, op, error, null, ended)) failed.push(op);
    }
    return failed;
  }
  const queue = mode.kind === 'multi' ? client.multi() : client.pipeline();
  for (const op of ops) {
    const { name, args } = command(op);
    queue.call(name, args);
  }
  try {
    const results = await queue.exec();
    if (results === null) throw new Error('EXEC returned nil');
    ops.forEach((op, j) => {
      const [error, value] = results[j] ?? [new Error('no reply'), null];
      if (settle(input.ledger, op, error, value, ended)) failed.push(op);
    });
  } catch (error) {
    // The whole batch failed without per-command results (a transaction, or exec itself).
    for (const op of ops) if (settle(input.ledger, op, error, null, ended)) failed.push(op);
  }
  return failed;
};

export const driveWithLedger = async (input: FaultDriveInput): Promise<void> => {
  const { plan, mode, ledger, signal } = input;
  const batch = mode.kind === 'sync' ? 1 : batchSize(mode, plan.size);
  for (let offset = 0, batchIndex = 0; offset < plan.size && !signal.aborted; offset += batch, batchIndex++) {
    if (input.trigger && input.trigger.beforeOp >= offset && input.trigger.beforeOp < offset + batch) {
      await input.trigger.run();
    }
    const ops: number[] = [];
    for (let op = offset; op < Math.min(offset + batch, plan.size); op++) {
      ledger.issue(batchIndex, 0);
      ops.push(op);
    }
    let failed = await sendGroup(input, ops);
    for (let attempt = 0; attempt < input.retries && failed.length > 0 && !signal.aborted; attempt++) {
      await sleep(input.retryDelayMs);
      for (const op of failed) ledger.retried(op);
      failed = await sendGroup(input, failed);
    }
  }
};
