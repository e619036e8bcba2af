// One fault run: a fresh client with the policy's options, the workload driven into a ledger,
// the fault started at its trigger and healed (when the connection closes, or after its
// duration), then the server's state read on a separate direct connection and judged.

import type { Redis } from 'ioredis';
import { callerRetriesFor, closeClient, connectClient, policyClientOptions } from '../client/index.ts';
import { startFault, type FaultHandle, type ToxiproxyApi } from '../network/index.ts';
import { checkApplied, checkCounter, checkPrefix, emptyCounts, Ledger, verdictFor } from '../reconcile/index.ts';
import type { Endpoint } from '../runtime/types.ts';
import type { Fault, Mode, ReconcileOptions, RetryPolicy } from '../contracts/index.ts';
import { cutAfterBytes, driveWithLedger, tagKeys, type OperationPlan, type OpWrapping } from '../workload/index.ts';
import type { ReconcileCounts, ReconcileEntry } from '../contracts/index.ts';

export interface FaultRunInput {
  api: ToxiproxyApi;
  proxyName: string;
  proxied: Endpoint;
  /** Straight to Redis: resets state before and reads it after. */
  control: Redis;
  plan: OperationPlan;
  mode: Extract<Mode, { kind: 'sync' | 'pipeline' | 'multi' }>;
  fault: Fault;
  policy: RetryPolicy;
  options: ReconcileOptions;
  /** Ctrl-C: drop the client at once instead of waiting for the run's deadline. */
  signal?: AbortSignal;
}

/** What one run found; the entry's figures come from here. */
export type FaultRunFindings = Pick<ReconcileEntry, 'counts' | 'counter' | 'prefix' | 'faultObserved' | 'verdict' | 'reasons' | 'examples' | 'errorsByKind'> & {
  durationMs: number;
  /** How the fault was removed (the fallback path means the one DELETE did not answer). */
  heal: string;
};

const RETRY_DELAY_MS = 50;

const wrappingFor = (policy: RetryPolicy, options: ReconcileOptions): OpWrapping =>
  policy === 'idempotent' ? 'idempotent' : options.tags === 'log' ? 'tagged' : 'bare';

const isCounter = (plan: OperationPlan) => plan.command === 'INCR' || plan.command === 'INCRBY';

// The server's record of applied operations: the tag log, or for untagged keyed writes a flag
// per operation (does its key exist?); untagged counters have only the final value.
const readApplications = async (control: Redis, plan: OperationPlan, wrapping: OpWrapping, logKey: string) => {
  if (wrapping !== 'bare') {
    const log = await control.lrange(logKey, 0, -1);
    return { log: Uint32Array.from(log, Number) };
  }
  if (isCounter(plan)) return {};
  const pipeline = control.pipeline();
  for (let op = 0; op < plan.size; op++) pipeline.exists(plan.keyOf(op));
  const results = (await pipeline.exec()) ?? [];
  return { applied: Uint8Array.from(results, ([, exists]) => (exists === 1 ? 1 : 0)) };
};

export const runFault = async (input: FaultRunInput): Promise<FaultRunFindings> => {
  const { plan, mode, fault, policy, options, control } = input;
  const startMs = performance.now();
  const wrapping = wrappingFor(policy, options);
  const keys = tagKeys(plan.keyOf(0));
  await control.flushdb();
  const client = await connectClient(input.proxied, `through the proxy (${policy})`, policyClientOptions(policy));
  const ledger = new Ledger(plan.size);
  const abort = new AbortController();
  let handle: FaultHandle | undefined;
  let faultObserved = false;
  let healReport = 'not started';
  const timers: NodeJS.Timeout[] = [];
  const heal = async () => {
    if (handle === undefined) return;
    const report = await handle.heal();
    healReport = report.describe;
  };
  const start = async () => {
    if (handle !== undefined) return;
    const bytes =
      fault.action.kind === 'cut-after'
        ? cutAfterBytes(fault.action, { plan, mode, wrapping, tagKeys: keys, fromOp: fault.trigger.kind === 'commands' ? fault.trigger.after : 0 })
        : undefined;
    handle = await startFault(input.api, input.proxyName, fault.action, bytes);
    if (fault.forMs !== null) timers.push(setTimeout(() => void heal().catch(() => undefined), fault.forMs));
  };
  // The connection the fault hits closes: heal now, before the client's reconnect (ioredis
  // waits at least 50 ms), so that a reconnect is not cut again by a standing toxic.
  client.on('close', () => {
    if (handle === undefined) return;
    faultObserved = true;
    if (fault.forMs === null) void heal().catch(() => undefined);
  });
  const dropClient = () => {
    abort.abort();
    client.disconnect();
  };
  timers.push(setTimeout(dropClient, options.deadlineMs));
  input.signal?.addEventListener('abort', dropClient, { once: true });
  try {
    if (fault.trigger.kind === 'time') {
      const atMs = fault.trigger.atMs;
      timers.push(setTimeout(() => void start().catch(() => undefined), atMs));
    }
    await driveWithLedger({
      client,
      mode,
      plan,
      ledger,
      wrapping,
      tagKeys: keys,
      retries: callerRetriesFor(policy) ? options.appRetries : 0,
      retryDelayMs: RETRY_DELAY_MS,
      ...(fault.trigger.kind === 'commands' ? { trigger: { beforeOp: fault.trigger.after, run: start } } : {}),
      signal: abort.signal,
    });
  } finally {
    for (const timer of timers) clearTimeout(timer);
    input.signal?.removeEventListener('abort', dropClient);
    try {
      await heal(); // bounded: throws E_TOXIPROXY_API rather than hang
    } finally {
      await closeClient(client);
    }
  }
  // A stall keeps the connection open: the deadline (or the stall's end) is what the client saw.
  faultObserved ||= handle !== undefined && (fault.action.kind === 'stall' || fault.action.kind === 'bandwidth' || abort.signal.aborted);
  return judge(input, ledger, wrapping, keys.logKey, { faultObserved, heal: healReport, startMs });
};

const judge = async (
  input: FaultRunInput,
  ledger: Ledger,
  wrapping: OpWrapping,
  logKey: string,
  run: { faultObserved: boolean; heal: string; startMs: number },
): Promise<FaultRunFindings> => {
  const { control, plan } = input;
  const applications = await readApplications(control, plan, wrapping, logKey);
  const counter = isCounter(plan)
    ? checkCounter(ledger, Number((await control.get(plan.keyOf(0))) ?? 0), plan.incrementBy)
    : null;
  const checked =
    applications.log !== undefined
      ? checkApplied(ledger, { log: applications.log })
      : applications.applied !== undefined
        ? checkApplied(ledger, { applied: applications.applied })
        : undefined;
  const prefix = applications.log !== undefined && input.mode.kind !== 'sync' ? checkPrefix(ledger, applications.log) : null;
  const counts: ReconcileCounts = checked?.counts ?? countsFromLedger(ledger, counter === null ? 0 : counter.final / plan.incrementBy);
  const { verdict, reasons } = verdictFor({
    counts,
    counter,
    prefix,
    tagsVisible: applications.log !== undefined,
    noun: counter === null ? 'write' : 'increment',
  });
  return {
    counts,
    counter,
    prefix: prefix === null ? null : { batchesChecked: prefix.batchesChecked, nonPrefix: prefix.nonPrefix, reordered: prefix.reordered },
    faultObserved: run.faultObserved,
    verdict,
    reasons: run.faultObserved ? reasons : [...reasons, 'the fault never hit the connection: this row shows a fault-free run'],
    examples: checked?.examples ?? { lost: [], duplicated: [], unexpected: [] },
    errorsByKind: ledger.errorsByKind(),
    durationMs: performance.now() - run.startMs,
    heal: run.heal,
  };
};

// Untagged counters: the ledger's own counts and how many increments the final value holds;
// which operations those were is unknown, so nothing is resolved.
const countsFromLedger = (ledger: Ledger, appliedTimes: number): ReconcileCounts => {
  const c = ledger.counts();
  return {
    ...emptyCounts(ledger.size),
    applied: appliedTimes,
    acknowledged: c.acknowledged,
    failed: c.failed,
    indeterminate: c.indeterminate + c.sent,
    retries: c.retries,
  };
};
