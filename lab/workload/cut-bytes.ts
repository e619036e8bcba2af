// Sizes a `cut-after` fault in bytes. A scenario says "32 replies + 3B" or "10 commands"; the
// lab knows exactly what it sends and what the server answers, so it turns whole replies (or
// whole commands) counted from the fault's start into bytes. The fault is added after the
// connection's handshake (HELLO, CLIENT SETINFO, the ready check's INFO), and Toxiproxy's
// limit_data counts from the moment it is added, so the handshake is not in the count.
//
// Wire units: sync and pipeline send one command and get one reply per operation. multi sends
// MULTI, the queued commands and EXEC, and gets +OK, one +QUEUED per command and EXEC's array:
// each of those is one unit (EXEC's whole array is one reply).

import { batchSize, type FaultAction, type Mode } from '../contracts/index.ts';
import { wrapOp, type OpWrapping } from './fault-drive.ts';
import type { OperationPlan } from './plan.ts';

// Exact byte sizes of requests and replies on the wire (RESP2 and RESP3 agree on these).

const textBytes = (value: number): number => String(value).length;

/** A multibulk request: `*N\r\n` then `$len\r\narg\r\n` per argument (len in UTF-8 bytes). */
export const commandBytes = (args: readonly string[]): number => {
  let total = 1 + textBytes(args.length) + 2;
  for (const arg of args) {
    const len = Buffer.byteLength(arg, 'utf8');
    total += 1 + textBytes(len) + 2 + len + 2;
  }
  return total;
};

/** `:n\r\n`. */
export const integerReplyBytes = (n: number): number => 1 + textBytes(n) + 2;

/** `+OK\r\n`. */
export const okReplyBytes = 5;

export interface CutContext {
  plan: OperationPlan;
  mode: Extract<Mode, { kind: 'sync' | 'pipeline' | 'multi' }>;
  wrapping: OpWrapping;
  tagKeys: { logKey: string; doneKey: string };
  /** The operation the fault starts before: nothing earlier is counted. */
  fromOp: number;
}

const QUEUED_BYTES = '+QUEUED\r\n'.length;
const MULTI_BYTES = commandBytes(['MULTI']);
const EXEC_BYTES = commandBytes(['EXEC']);

// The replies of operations fromOp, fromOp+1, ... on the wire, in bytes, assuming every earlier
// operation applied exactly once (what a fault-free prefix does): counters reply with their
// key's new value. Call it with increasing operations; one pass over the plan in all.
const replySizer = (plan: OperationPlan, fromOp: number): ((op: number) => number) => {
  switch (plan.command) {
    case 'INCR':
    case 'INCRBY': {
      const count = new Uint32Array(plan.keyCount); // increments applied so far, per key
      for (let i = 0; i < fromOp; i++) count[plan.keyIndexes.at(i)]! += 1;
      return (op) => {
        const key = plan.keyIndexes.at(op);
        count[key]! += 1;
        return integerReplyBytes((count[key] ?? 0) * plan.incrementBy);
      };
    }
    case 'SET':
      return () => okReplyBytes;
    case 'HSET':
    case 'SADD':
      return () => integerReplyBytes(1); // one new field on a key of its own; one new member
    case 'LPUSH':
    case 'RPUSH': {
      let length = fromOp; // the list's length before the op, every earlier op applied once
      return () => integerReplyBytes(++length);
    }
    case 'SETNX':
      return () => okReplyBytes; // a lock of its own per op
    case 'XADD':
      // An id's length depends on the server's clock: only a cut at 0 replies can be sized.
      return () => {
        throw new Error('cut-after cannot size XADD replies (their ids depend on the clock): cut at 0 replies, or cut commands (up)');
      };
    default:
      throw new Error(`cut-after cannot size replies of ${plan.command}`);
  }
};

const requestBytes = (ctx: CutContext, op: number): number => {
  const { name, args } = wrapOp(ctx.wrapping, op, ctx.plan.name, ctx.plan.argsOf(op), ctx.tagKeys);
  return commandBytes([name, ...args]);
};

// Bytes of the first `units` wire units after ctx.fromOp in one direction.
const unitBytes = (ctx: CutContext, direction: 'up' | 'down', units: number): number => {
  const { plan, mode } = ctx;
  const replyBytes = direction === 'down' ? replySizer(plan, ctx.fromOp) : undefined;
  const perOp = (op: number) => (replyBytes === undefined ? requestBytes(ctx, op) : replyBytes(op));
  let bytes = 0;
  let counted = 0;
  if (mode.kind !== 'multi') {
    for (let op = ctx.fromOp; counted < units && op < plan.size; op++, counted++) bytes += perOp(op);
    if (counted < units) throw new Error(`cut-after: only ${counted} operations follow operation ${ctx.fromOp}`);
    return bytes;
  }
  const batch = batchSize(mode, plan.size);
  for (let start = ctx.fromOp; counted < units && start < plan.size; start += batch) {
    const end = Math.min(start + batch, plan.size);
    const opening = direction === 'up' ? MULTI_BYTES : okReplyBytes;
    if (counted++ < units) bytes += opening;
    for (let op = start; op < end && counted < units; op++, counted++) bytes += direction === 'up' ? perOp(op) : QUEUED_BYTES;
    if (counted >= units) break;
    counted++;
    if (direction === 'up') bytes += EXEC_BYTES;
    else {
      bytes += `*${end - start}\r\n`.length;
      for (let op = start; op < end; op++) bytes += perOp(op);
    }
  }
  if (counted < units) throw new Error(`cut-after: only ${counted} wire units follow operation ${ctx.fromOp}`);
  return bytes;
};

/** The limit_data byte count for a cut-after fault starting before operation ctx.fromOp. */
export const cutAfterBytes = (action: Extract<FaultAction, { kind: 'cut-after' }>, ctx: CutContext): number =>
  unitBytes(ctx, action.direction, action.units) + action.plusBytes;
