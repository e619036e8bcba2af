// A fault scenario's cells (fault × mode × retry policy, per link shape): each runs `repeat`
// times on the same fault, and the entry says whether every run found the same thing.
// Byte-counted cuts are deterministic, so their runs must agree; a time-triggered fault may not.
//
// One fault run: a fresh client with the policy's options, the workload driven into a ledger
// while the FaultSchedule starts and heals the fault, then the server's state read on the
// separate direct connection and judged.

import type { Redis } from 'ioredis';
import { LabError, errorMessage, withTimeout } from '../errors/index.ts';
import { applyLink, startFault, startRelay } from '../network/index.ts';
import { exitError, guardExit, type LoadedPolicy } from '../policies/index.ts';
import { checkApplied, checkCounter, checkPrefix, Ledger, verdictFor } from '../reconcile/index.ts';
import type { Endpoint } from '../runtime/index.ts';
import { expandFaultCells, type FaultCell, type FaultMode } from '../scenario/index.ts';
import { buildPlan, cutAfterBytes, driveWithLedger, tagKeys, type OperationPlan, type OpWrapping } from '../workload/index.ts';
import { driveRequestCell, requestFaultPlan, type RequestFaultPlan } from './request-fault-run.ts';
import { isCollectionCommand, linkShapeKey, type Calibration, type Fault, type ReconcileCounts, type PolicyEndpoint, type ReconcileEntry, type ReconcileOptions } from '../contracts/index.ts';
import { judgeCollection } from './collection-judge.ts';
import { errorKindReasons, everyOperationFailed } from './error-reasons.ts';
import { wireSends } from './wire-sends.ts';
import { FaultSchedule } from './fault-schedule.ts';
import { counterCounts, countsFromLedger, faultEntry, type FaultRunFindings } from './result-assembly.ts';
import { calibrateShape, checkAborted, type RunSession } from './session.ts';

const CONNECT_TIMEOUT_MS = 10_000;
const CLOSE_TIMEOUT_MS = 2_000;

interface FaultRunInput {
  session: RunSession;
  /** Through the proxy: where each run's fresh client connects. */
  proxied: Endpoint;
  plan: OperationPlan;
  mode: FaultMode;
  /** Clients the run opens, each with its own connection: the fault hits all of them. */
  connections: number;
  fault: Fault;
  policy: LoadedPolicy;
  options: ReconcileOptions;
  /** A request workload: its requests (plan is then the request's write). */
  requests?: RequestFaultPlan;
}

export const wrappingFor = (policy: LoadedPolicy, options: Pick<ReconcileOptions, 'tags'>): OpWrapping =>
  policy.idempotentScript ? 'idempotent' : options.tags === 'log' ? 'tagged' : 'bare';

// The policy's client, connected through the relay; a connect that fails or hangs names the module.
export const connectPolicy = async (policy: LoadedPolicy, endpoint: PolicyEndpoint, autoPipelining: boolean): Promise<unknown> =>
  withTimeout(`connect of policy ${policy.name}`, CONNECT_TIMEOUT_MS, () => policy.policy.connect({ ...endpoint, ...(autoPipelining ? { autoPipelining } : {}) }), () =>
    new LabError('E_POLICY', `Policy ${policy.name} (${policy.source}): connect(endpoint) did not settle within ${CONNECT_TIMEOUT_MS / 1000} s`, {
      hint: 'connect must resolve with a connected client (or throw); check the host, port and password it is given',
    }),
  ).catch((error: unknown) => {
    if (error instanceof LabError) throw error;
    throw new LabError('E_POLICY', `Policy ${policy.name} (${policy.source}): connect(endpoint) failed: ${errorMessage(error)}`, {
      hint: 'connect must build the client from the endpoint it is given (host, port, password) and resolve once it is ready',
      cause: error,
    });
  });

// Closes every client; what failed or hung, in words (a close problem is a warning, not a verdict).
export const closeClients = async (policy: LoadedPolicy, clients: readonly unknown[]): Promise<string[]> => {
  const problems: string[] = [];
  for (const client of clients) {
    await withTimeout(`close of policy ${policy.name}`, CLOSE_TIMEOUT_MS, () => policy.policy.close(client), () => new Error('close(client) did not settle')).catch((error: unknown) =>
      problems.push(`policy ${policy.name}: ${errorMessage(error)}`),
    );
  }
  return problems;
};

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

const runFault = async (input: FaultRunInput): Promise<FaultRunFindings> => {
  const { session, plan, mode, fault, policy, options } = input;
  const control = session.direct;
  const startMs = performance.now();
  const wrapping = wrappingFor(policy, options);
  const keys = tagKeys(plan.keyOf(0), session.keyspace.prefix);
  await session.keyspace.reset(control);
  const wire = wrapping === 'bare' ? undefined : wireSends(plan.size, keys.logKey);
  const relay = await startRelay(input.proxied, wire?.tap);
  const clients: unknown[] = [];
  try {
    for (let c = 0; c < input.connections; c++) clients.push(await connectPolicy(policy, relay.endpoint, mode.kind === 'auto'));
  } catch (error) {
    await closeClients(policy, clients);
    await relay.close();
    throw error;
  }
  const ledger = new Ledger(plan.size);
  const abort = new AbortController();
  const schedule = new FaultSchedule({
    fault,
    deadlineMs: options.deadlineMs,
    ...(session.signal ? { signal: session.signal } : {}),
    dropClient: () => {
      abort.abort();
      relay.dropAll();
    },
    start: () => {
      const bytes =
        fault.action.kind === 'cut-after'
          ? cutAfterBytes(fault.action, { plan, mode: mode.kind === 'auto' ? { kind: 'sync' } : mode, wrapping, tagKeys: keys, fromOp: fault.trigger.kind === 'commands' ? fault.trigger.after : 0 })
          : undefined;
      return startFault(session.api, session.proxyName, fault.action, bytes);
    },
  });
  relay.onClose(() => schedule.connectionClosed());
  let end;
  let drive = { unsettled: 0 };
  let requests;
  const closeProblems: string[] = [];
  try {
    schedule.arm();
    const t0Ms = performance.now();
    if (input.requests !== undefined) {
      requests = await driveRequestCell({ policy: policy.policy, clients, mode, plan: input.requests, ledger, wrapping, tagKeys: keys, fault, schedule, signal: abort.signal, t0Ms });
      drive = requests;
    } else drive = await driveWithLedger({
      policy: policy.policy,
      clients,
      mode,
      plan,
      ledger,
      wrapping,
      tagKeys: keys,
      ...(fault.trigger.kind === 'commands' ? { trigger: { beforeOp: fault.trigger.after, run: () => schedule.start() } } : {}),
      signal: abort.signal,
    });
  } finally {
    try {
      end = await schedule.finish();
    } finally {
      relay.dropAll();
      closeProblems.push(...(await closeClients(policy, clients)));
      await relay.close();
    }
  }
  // A run whose fault never fired tested nothing: verdictFor makes it NOT-TESTED and says why.
  const judged = await judge({ control: input.session.direct, plan, mode, connections: input.connections }, ledger, wrapping, keys.logKey, end.faultObserved);
  const hung = drive.unsettled === 0 ? judged : withHang(judged, drive.unsettled, options.deadlineMs);
  const findings = {
    ...hung,
    ...(wire === undefined ? {} : { counts: { ...hung.counts, resent: wire.resent(ledger) } }),
    reasons: [...everyOperationFailed(ledger, wrapping, policy.source !== 'built-in'), ...hung.reasons, ...errorKindReasons(ledger)],
    errorMessages: ledger.errorMessages(),
  };
  const timeline = schedule.times();
  return {
    ...findings,
    ...(requests === undefined ? {} : { requests: requests.figures(timeline) }),
    faultObserved: end.faultObserved,
    durationMs: performance.now() - startMs,
    heal: end.heal,
    problems: [...end.problems, ...closeProblems],
    timeline,
  };
};

// A policy whose perform never settled: the row says so first, and SAFE becomes UNKNOWN (the
// service would have hung; those operations count as indeterminate).
const withHang = (judged: Judged, unsettled: number, deadlineMs: number): Judged => ({
  ...judged,
  verdict: judged.verdict === 'SAFE' ? 'UNKNOWN' : judged.verdict,
  reasons: [`HUNG: perform had not settled for ${unsettled} operation${unsettled === 1 ? '' : 's'} at the ${deadlineMs} ms deadline (counted as indeterminate)`, ...judged.reasons],
});

// Connections that issued ops: the prefix check groups by connection, so each was checked on its own.
const connectionsOf = (ledger: Ledger): number => {
  const seen = new Set<number>();
  for (let op = 0; op < ledger.size; op++) seen.add(ledger.connection(op));
  return seen.size;
};

export type Judged = Omit<FaultRunFindings, 'durationMs' | 'heal' | 'problems' | 'faultObserved' | 'timeline'>;

/** What judging a run reads: the connection the server's state is read on, and the run's shape. */
export interface JudgeInput {
  control: Redis;
  plan: OperationPlan;
  mode: FaultMode;
  connections: number;
}

/** Reads the server's state on `control` and judges the ledger against it. */
export const judge = async (input: JudgeInput, ledger: Ledger, wrapping: OpWrapping, logKey: string, faultObserved: boolean): Promise<Judged> => {
  const { plan, control } = input;
  if (isCollectionCommand(plan.command)) return judgeCollection(control, plan, ledger, input.mode.kind !== 'sync', faultObserved);
  const applications = await readApplications(control, plan, wrapping, logKey);
  const counter = isCounter(plan) ? checkCounter(ledger, Number((await control.get(plan.keyOf(0))) ?? 0), plan.incrementBy) : null;
  const checked =
    applications.log !== undefined
      ? checkApplied(ledger, { log: applications.log })
      : applications.applied !== undefined
        ? checkApplied(ledger, { applied: applications.applied })
        : undefined;
  // Order is checked per connection: within a batch, and across ops of one connection (sync on
  // one connection has no batch and one stream whose order the counts already cover).
  const ordered = input.mode.kind !== 'sync' || input.connections > 1;
  const prefix = applications.log !== undefined && ordered ? checkPrefix(ledger, applications.log) : null;
  // Without tags a second application of a keyed write leaves no trace, and a counter's value
  // bounds duplicates from below only: `dup` then reads as "at least".
  const counts: ReconcileCounts =
    checked !== undefined
      ? { ...checked.counts, ...(wrapping === 'bare' ? { duplicatedAtLeast: true } : {}) }
      : counter === null
        ? countsFromLedger(ledger, 0)
        : counterCounts(ledger, counter.final / plan.incrementBy);
  const { verdict, reasons } = verdictFor({
    counts,
    counter,
    prefix,
    tagsVisible: applications.log !== undefined,
    noun: counter === null ? 'write' : 'increment',
    faultObserved,
  });
  return {
    counts,
    counter,
    prefix: prefix === null ? null : { batchesChecked: prefix.batchesChecked, nonPrefix: prefix.nonPrefix, reordered: prefix.reordered, connections: connectionsOf(ledger) },
    verdict,
    reasons,
    examples: checked?.examples ?? { lost: [], duplicated: [], unexpected: [] },
    errorsByKind: ledger.errorsByKind(),
  };
};


export interface FaultCellsFound {
  entries: ReconcileEntry[];
  calibration: Calibration[];
  /** Background problems of the runs (a heal that failed once), for the result's warnings. */
  problems: string[];
}

// One fault run with process.exit guarded: a policy that calls it ends the run (its clients are
// closed, the relay too) and the scenario with E_POLICY, instead of ending the lab.
const runGuarded = async (input: FaultRunInput): Promise<FaultRunFindings> => {
  const guard = guardExit();
  const signal = input.session.signal ? AbortSignal.any([input.session.signal, guard.signal]) : guard.signal;
  const exited = () => {
    const call = guard.call();
    return call === undefined ? undefined : exitError(`${input.policy.name} (${input.policy.source})`, 'during a fault run', call);
  };
  try {
    const findings = await runFault({ ...input, session: { ...input.session, signal } });
    const error = exited();
    if (error !== undefined) throw error;
    return findings;
  } catch (error) {
    throw exited() ?? error;
  } finally {
    guard.release();
  }
};

/** Runs every fault cell `repeat` times, calibrating each link shape once, and leaves the link plain. */
export const runFaultCells = async (session: RunSession, proxied: Endpoint, policies: Map<string, LoadedPolicy>): Promise<FaultCellsFound> => {
  const { scenario, emit } = session;
  const cells: FaultCell[] = expandFaultCells(scenario);
  // One plan per workload (a scenario may compare several writes side by side).
  const requestPlans = new Map(scenario.workloads.flatMap((w) => (w.request === undefined ? [] : [[w, requestFaultPlan(w, scenario.seed)] as const])));
  const plans = new Map(scenario.workloads.map((w) => [w, requestPlans.get(w)?.write ?? buildPlan(w, w.commands[0] ?? 0, w.valueBytes[0] ?? { minBytes: 0, maxBytes: 0 }, scenario.seed)]));
  refuseUnsupported(policies, cells);
  const found: FaultCellsFound = { entries: [], calibration: [], problems: [] };
  let linkShape = '';
  for (const [index, cell] of cells.entries()) {
    checkAborted(session.signal);
    if (linkShapeKey(cell) !== linkShape) {
      linkShape = linkShapeKey(cell);
      found.calibration.push(await calibrateShape(session, cell));
    }
    const runs: FaultRunFindings[] = [];
    for (let r = 0; r < scenario.repeat; r++) {
      checkAborted(session.signal);
      const policy = policies.get(cell.policy) as LoadedPolicy;
      const plan = plans.get(cell.workload) as OperationPlan;
      const requests = requestPlans.get(cell.workload);
      const connections = requests?.poolSize ?? cell.connections;
      const findings = await runGuarded({ session, proxied, plan, mode: cell.mode, connections, fault: cell.fault, policy, options: scenario.reconcile, ...(requests === undefined ? {} : { requests }) });
      checkAborted(session.signal);
      runs.push(findings);
      found.problems.push(...findings.problems.map((problem) => `${cell.id} run ${r + 1}: ${problem}`));
      emit({ type: 'fault-run-done', entryId: cell.id, index, total: cells.length, runIndex: r, runCount: scenario.repeat, durationMs: findings.durationMs, verdict: findings.verdict });
    }
    const entry = {
      ...(scenario.workloads.length > 1 ? { workload: cell.workload.label } : {}),
      ...faultEntry({ ...cell, connections: requestPlans.get(cell.workload)?.poolSize ?? cell.connections }, runs),
      client: (policies.get(cell.policy) as LoadedPolicy).client,
    };
    found.entries.push(entry);
    emit({ type: 'reconcile-done', entry });
  }
  await applyLink(session.api, session.proxyName, { rttMs: 0, jitterMs: 0 });
  return found;
};

// A multi mode needs a policy that can send a transaction (performBatch).
const refuseUnsupported = (policies: Map<string, LoadedPolicy>, cells: FaultCell[]): void => {
  for (const cell of cells) {
    const policy = policies.get(cell.policy) as LoadedPolicy;
    if (cell.mode.kind === 'multi' && policy.policy.performBatch === undefined) {
      throw new LabError('E_POLICY', `Policy ${policy.name} (${policy.source}) has no performBatch, so it cannot run mode ${cell.id.split(' / ')[1]}`, {
        hint: 'add performBatch(client, ops, {transaction}) to the module, or drop multi modes from this scenario',
      });
    }
  }
};
