// The driver of a fault run: issues a plan's operations like the measured drivers do (sync,
// pipeline:B, multi:B or auto:C, on one connection or several) and records every operation in a ledger: sent,
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

import { setMaxListeners } from 'node:events';
import { batchSize, type Mode, type Policy, type PolicyOperation, type PolicyReply } from '../contracts/index.ts';
import { errorMessage } from '../errors/index.ts';
import { errorKind, isReplyError, recordUs, type LatencyHistogram } from '../metrics/index.ts';
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

/** Where the companion log and the idempotency hash live, next to the workload's key (in its
 * hash slot) and under the keyspace's prefix ('' on the lab's own instance). */
export const tagKeys = (workloadKey: string, prefix = ''): { logKey: string; doneKey: string } => {
  // A key that has a hash tag of its own keeps it (its slot is the tag's); wrapping it in braces
  // again would make the tag "key{tag" and move the log to another slot. (A key with a '}' but no
  // tag, e.g. "x{}y", cannot share its slot with a wrapped log key; the cluster refuses it.)
  const open = workloadKey.indexOf('{');
  const tagged = open >= 0 && workloadKey.indexOf('}', open + 1) > open + 1;
  const slotPart = tagged ? workloadKey : `{${workloadKey}}`;
  return { logKey: `${prefix}lab:log:${slotPart}`, doneKey: `${prefix}lab:done:${slotPart}` };
};

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
  /** What policy.connect returned, one per connection. */
  clients: readonly unknown[];
  mode: Mode;
  plan: OperationPlan;
  ledger: Ledger;
  wrapping: OpWrapping;
  tagKeys: { logKey: string; doneKey: string };
  /**
   * Runs once, awaited, before the operation with this index (or the batch starting there) is
   * sent; with several connections or callers, once every one of them has settled what it had
   * in flight, so the fault starts at the same point of each connection's stream.
   */
  trigger?: { beforeOp: number; run: () => Promise<void> };
  /** Aborted at the run's deadline: nothing more is issued, and a group still pending is left. */
  signal: AbortSignal;
  /** When given, each operation that succeeded adds its group's time (the policy's perform, retries included) to it. */
  latency?: LatencyHistogram;
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

/** Records one attempt's outcome in the ledger. */
export const settle = (ledger: Ledger, op: number, reply: PolicyReply): void => {
  // A nil reply (SET NX: the lock was held) is recorded as 0; other non-numeric replies as NaN.
  if (reply.ok) ledger.ack(op, typeof reply.value === 'number' ? reply.value : reply.value === null ? 0 : Number.NaN);
  else if (neverSent(reply.error)) ledger.fail(op, errorKind(reply.error), errorMessage(reply.error)); // Redis refused it, or it never left the client
  else ledger.indeterminate(op, errorKind(reply.error), errorMessage(reply.error));
};

/** The operation as a policy sees it; `retrying` records the previous attempt, then the re-issue. */
export const policyOp = (input: Pick<FaultDriveInput, 'wrapping' | 'plan' | 'ledger' | 'tagKeys'>, op: number): PolicyOperation => {
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

/** A group of operations through a policy: one performBatch under pipeline and multi, else concurrent performs. */
export const performGroup = (policy: Policy, mode: Mode, client: unknown, ops: PolicyOperation[]): Promise<PolicyReply[]> => {
  const batched = mode.kind === 'pipeline' || mode.kind === 'multi';
  if (batched && policy.performBatch !== undefined) return policy.performBatch(client, ops, { transaction: mode.kind === 'multi' });
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

/** Resolves with the replies, or with null when the run is aborted first. */
export const untilAborted = <T>(work: Promise<T>, signal: AbortSignal): Promise<T | null> =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return resolve(null);
    const onAbort = () => resolve(null);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });

// The fault's start, once every worker has parked before it (or finished): nothing of the run
// before the trigger is in flight when the fault goes on. Aborted runs never start it.
const triggerGate = (trigger: NonNullable<FaultDriveInput['trigger']>, workers: number, signal: AbortSignal) => {
  let parked = 0;
  let open = false;
  let release!: () => void;
  let fail!: (error: unknown) => void;
  const opened = new Promise<void>((resolve, reject) => ((release = resolve), (fail = reject)));
  opened.catch(() => undefined); // awaited by the parked workers; a worker-less rejection is not unhandled
  const arrive = () => {
    parked += 1;
    if (parked < workers || open) return;
    open = true;
    if (signal.aborted) release();
    else trigger.run().then(release, fail);
  };
  return {
    get open() {
      return open;
    },
    /** Parks the calling worker until the fault is on (or the run is aborted). */
    wait: async (): Promise<void> => {
      arrive();
      await untilAborted(opened, signal);
    },
    /** A worker with nothing left to issue counts as parked. */
    leave: arrive,
  };
};

/**
 * Drives the plan on every client. Workers take the next operations (a batch, or one under sync
 * and auto) from one counter, so op ids are issue order and every batch is whole: one worker per
 * connection, C per connection under auto:C. The ledger records each op's connection, so order
 * is checked per connection.
 */
export const driveWithLedger = async (input: FaultDriveInput): Promise<FaultDriveEnd> => {
  const { plan, mode, ledger, signal, clients } = input;
  const batch = mode.kind === 'pipeline' || mode.kind === 'multi' ? batchSize(mode, plan.size) : 1;
  const callers = mode.kind === 'auto' ? mode.callers : 1;
  const workers = clients.length * callers;
  setMaxListeners(workers + 10, signal); // each worker waits on the signal (untilAborted)
  const gate = input.trigger === undefined ? undefined : triggerGate(input.trigger, workers, signal);
  let nextOp = 0;
  let nextBatch = 0;
  const work = async (connection: number): Promise<void> => {
    const client = clients[connection];
    while (!signal.aborted && nextOp < plan.size) {
      if (gate !== undefined && !gate.open && input.trigger !== undefined && nextOp + batch > input.trigger.beforeOp) {
        await gate.wait();
        continue;
      }
      const batchIndex = nextBatch++;
      const ops: number[] = [];
      for (const last = Math.min(nextOp + batch, plan.size); nextOp < last; nextOp++) ops.push(ledger.issue(batchIndex, connection));
      const sentNs = process.hrtime.bigint();
      const replies = await untilAborted(performGroup(input.policy, input.mode, client, ops.map((op) => policyOp(input, op))), signal);
      if (replies === null) return;
      if (input.latency !== undefined) {
        const tookUs = Number(process.hrtime.bigint() - sentNs) / 1e3;
        const ok = replies.filter((r) => r?.ok === true).length;
        if (ok > 0) recordUs(input.latency, tookUs, ok);
      }
      ops.forEach((op, i) => settle(ledger, op, replies[i] ?? { ok: false, error: new Error('the policy returned no reply for this operation') }));
    }
    if (gate !== undefined && !gate.open) gate.leave();
  };
  await Promise.all(Array.from({ length: workers }, (_, w) => work(Math.floor(w / callers))));
  // Aborted: the ops still without an outcome are those whose perform had not settled.
  return { unsettled: signal.aborted ? ledger.counts().sent : 0 };
};
