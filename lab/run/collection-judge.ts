// Judges a fault run of a collection write (LPUSH, RPUSH, SADD, XADD, SET NX): reads the list,
// set, stream or locks back on the lab's own direct connection (never through the fault) and
// hands what it holds, as op ids, to the reconcile checker. The structure itself is the
// evidence: an element twice is a duplicate whatever the tag log says, and a set member re-added
// is no duplicate at all.

import type { Redis } from 'ioredis';
import { checkCollection, verdictFor, type CollectionState, type Ledger } from '../reconcile/index.ts';
import type { OperationPlan } from '../workload/index.ts';
import type { FaultRunFindings } from './result-assembly.ts';

type Judged = Omit<FaultRunFindings, 'durationMs' | 'heal' | 'problems' | 'faultObserved' | 'timeline'>;

// `op:<id>` → id; anything else → -1 (an element no op wrote).
const idOfElement = (element: string): number => {
  const match = /^op:(\d+)$/.exec(element);
  return match === null ? -1 : Number(match[1]);
};

const readState = async (control: Redis, plan: OperationPlan): Promise<CollectionState> => {
  const key = plan.keyOf(0);
  switch (plan.command) {
    case 'LPUSH': {
      // LPUSH puts the newest at the head: read tail first so the ids run oldest first.
      const ids = (await control.lrange(key, 0, -1)).map(idOfElement).reverse();
      return { kind: 'sequence', noun: 'list element', where: `list ${key}`, ids };
    }
    case 'RPUSH':
      return { kind: 'sequence', noun: 'list element', where: `list ${key}`, ids: (await control.lrange(key, 0, -1)).map(idOfElement) };
    case 'XADD': {
      const entries = await control.xrange(key, '-', '+');
      const ids = entries.map(([, fields]) => (fields[0] === 'op' && /^\d+$/.test(fields[1] ?? '') ? Number(fields[1]) : -1));
      return { kind: 'sequence', noun: 'stream message', where: `stream ${key}`, ids };
    }
    case 'SADD':
      return { kind: 'set', where: `set ${key}`, ids: (await control.smembers(key)).map(idOfElement) };
    case 'SETNX': {
      const locks = [...new Set(Array.from({ length: plan.size }, (_, op) => plan.keyOf(op)))];
      const values = await control.mget(...locks);
      const holders = new Map<string, number>();
      locks.forEach((lock, i) => {
        const value = values[i];
        if (value !== null && value !== undefined) holders.set(lock, /^\d+$/.test(value) ? Number(value) : -1);
      });
      // SET key id NX PX ms: a lock with a lease.
      const args = plan.size > 0 ? plan.argsOf(0) : [];
      const px = args.indexOf('PX');
      const leaseMs = px >= 0 ? Number(args[px + 1]) : undefined;
      return { kind: 'locks', where: 'locks', lockOf: (op) => plan.keyOf(op), holders, ...(leaseMs === undefined ? {} : { leaseMs }) };
    }
    default:
      throw new Error(`${plan.command} is not a collection write`);
  }
};

export const judgeCollection = async (control: Redis, plan: OperationPlan, ledger: Ledger, pipelined: boolean, faultObserved: boolean): Promise<Judged> => {
  const state = await readState(control, plan);
  const check = checkCollection(ledger, state, pipelined);
  // The structure read back shows every application that left a trace; a set or a lock that
  // absorbs a re-send leaves none because it changed nothing, so the check is complete.
  const judged = verdictFor({ counts: check.counts, counter: null, prefix: check.prefix, tagsVisible: true, noun: check.noun, faultObserved });
  // A leaked lock is wrong whatever the counts say: the caller was told it does not hold a lock it holds.
  const leaked = check.leakedLocks > 0 && judged.verdict === 'SAFE';
  return {
    counts: check.counts,
    counter: null,
    prefix: check.prefix,
    verdict: leaked ? 'UNSAFE' : judged.verdict,
    reasons: [...(leaked ? [] : judged.reasons), ...check.findings],
    examples: check.examples,
    errorsByKind: ledger.errorsByKind(),
  };
};
