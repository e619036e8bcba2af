// The driver of a fault run: issues a plan's operations like the measured drivers do (sync,
// pipeline or multi on one connection) and records every operation in a ledger: sent,
// acknowledged (with its reply), failed (the client knows it never reached the server) or
// indeterminate (it may have). Retry policies differ only in the client's options and in
// whether the caller re-issues an operation that failed; the driver hands each operation to the
// policy's perform (or a batch to performBatch), the operation keeps its id across re-issues,
// so a double application shows up in the server's log.
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

import { batchSize, type Mode, type Policy, type PolicyOperation, type PolicyReply } from '../contracts/index.ts';
import { errorKind, isReplyError } from '../metrics/index.ts';
import type { Ledger } from '../reconcile/index.ts';
import type { OperationPlan } from './plan.ts';

/** ARGV[1] = op id, ARGV[2..] = the command and its arguments. KEYS[1] = the log list. */
const TAGGED_SCRIPT = `local r = redis.call(unpack(ARGV, 2))
redis.call('RPUSH', KEYS[1], ARGV[1])
return r`;

/**
 * As TAGGED_SCRIPT, plus KEYS[2] = the hash of replies by op id: n<number>, s<status>, b<bulk>
 * (XADD's id) or x (nil: SET NX that found the lock held).
 */
const IDEMPOTENT_SCRIPT = `local done = redis.call('HGET', KEYS[2], ARGV[1])
if done then
  local t, v = string.sub(done, 1, 1), string.sub(done, 2)
  if t == 'n' then return tonumber(v) end
  if t == 's' then return {ok = v} end
  if t == 'b' then return v end
  return false
end
local r = redis.call(unpack(ARGV, 2))
if type(r) == 'number' then
  redis.call('HSET', KEYS[2], ARGV[1], 'n' .. r)
elseif type(r) == 'table' and r.ok then
  redis.call('HSET', KEYS[2], ARGV[1], 's' .. r.ok)
elseif type(r) == 'string' then
  redis.call('HSET', KEYS[2], ARGV[1], 'b' .. r)
else
  redis.call('HSET', KEYS[2], ARGV[1], 'x')
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
  policy: Policy;
  /** What policy.connect returned. */
  client: unknown;
  mode: Extract<Mode, { kind: 'sync' | 'pipeline' | 'multi' }>;
  plan: OperationPlan;
  ledger: Ledger;
  wrapping: OpWrapping;
  tagKeys: { logKey: string; doneKey: string };
  /** Runs once, awaited, before the operation with this index (or the batch starting there) is sent. */
  trigger?: { beforeOp: number; run: () => Promise<void> };
  /** Aborted at the run's deadline: nothing more is issued, and a group still pending is left. */
  signal: AbortSignal;
}

/** What the driver saw beyond the ledger. */
export interface FaultDriveEnd {
  /** Operations whose perform had not settled when the run was aborted (the policy hung). */
  unsettled: number;
}

// Errors after which the client never wrote the command: a definite failure, not indeterminate.
const NEVER_SENT = new Set(['STREAM_NOT_WRITEABLE', 'ECONNREFUSED']);

const neverSent = (error: unknown): boolean =>
  isReplyError(error) || NEVER_SENT.has(errorKind(error)) || (typeof error === 'object' && error !== null && (error as { notSent?: unknown }).notSent === true);

// Records one attempt's outcome in the ledger.
const settle = (ledger: Ledger, op: number, reply: PolicyReply): void => {
  // A nil reply (SET NX: the lock was held) is recorded as 0; other non-numeric replies as NaN.
  if (reply.ok) ledger.ack(op, typeof reply.value === 'number' ? reply.value : reply.value === null ? 0 : Number.NaN);
  else if (neverSent(reply.error)) ledger.fail(op, errorKind(reply.error)); // Redis refused it, or it never left the client
  else ledger.indeterminate(op, errorKind(reply.error));
};

// The operation as a policy sees it; `retrying` records the previous attempt, then the re-issue.
const policyOp = (input: FaultDriveInput, op: number): PolicyOperation => {
  const { name, args } = wrapOp(input.wrapping, op, input.plan.name, input.plan.argsOf(op), input.tagKeys);
  return {
    id: String(op),
    command: name,
    args,
    retrying: (previousError: unknown) => {
      if (input.ledger.state(op) !== 'sent') return; // settled already: a late callback changes nothing
      settle(input.ledger, op, { ok: false, error: previousError });
      input.ledger.retried(op);
    },
  };
};

const performGroup = (input: FaultDriveInput, ops: PolicyOperation[]): Promise<PolicyReply[]> => {
  const { policy, client, mode } = input;
  if (mode.kind !== 'sync' && policy.performBatch !== undefined) return policy.performBatch(client, ops, { transaction: mode.kind === 'multi' });
  // Without performBatch a batch is that many concurrent performs (multi is refused before the run).
  return Promise.all(
    ops.map((op) =>
      Promise.resolve()
        .then(() => policy.perform(client, op))
        .then(
          (value): PolicyReply => ({ ok: true, value }),
          (error: unknown): PolicyReply => ({ ok: false, error }),
        ),
    ),
  );
};

// Resolves with the replies, or with null when the run is aborted first.
const untilAborted = <T>(work: Promise<T>, signal: AbortSignal): Promise<T | null> =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return resolve(null);
    const onAbort = () => resolve(null);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });

export const driveWithLedger = async (input: FaultDriveInput): Promise<FaultDriveEnd> => {
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
    const replies = await untilAborted(performGroup(input, ops.map((op) => policyOp(input, op))), signal);
    if (replies === null) return { unsettled: ops.filter((op) => ledger.state(op) === 'sent').length };
    ops.forEach((op, i) => settle(ledger, op, replies[i] ?? { ok: false, error: new Error('the policy returned no reply for this operation') }));
  }
  return { unsettled: 0 };
};
