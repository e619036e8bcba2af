// A request workload in a fault cell: its plan (the requests, the one write the ledger
// reconciles, the open-loop schedule and the clients), and its drive under the fault schedule.
// The scenario's rules (scenario/request-fault-rules.ts) have refused what this does not run.

import { isRequestFaultWrite, type CellArrival, type FaultRequests, type FaultTimeline, type Fault, type Mode, type Policy } from '../contracts/index.ts';
import type { Ledger } from '../reconcile/index.ts';
import { faultArrival } from '../scenario/index.ts';
import { buildRequestPlan, driveRequestsWithLedger, scheduleOffsetsUs, type OperationPlan, type OpWrapping, type RequestPlan } from '../workload/index.ts';
import type { Workload } from '../contracts/index.ts';
import type { FaultSchedule } from './fault-schedule.ts';
import { requestFigures } from './request-fault-figures.ts';
import { faultRunBatching } from './request-results.ts';

export interface RequestFaultPlan {
  workload: Workload;
  requests: RequestPlan;
  /** The plan of the request's one write: the fault path's checkers reconcile it. */
  write: OperationPlan;
  /** Open-loop: each request's intended start, µs after the run's start. */
  offsetsUs?: Float64Array;
  /** `clients: {pool: N}`: N exclusive clients; undefined: shared (the scenario's connections). */
  poolSize?: number;
  /** The open-loop arrival, when the workload has one. */
  arrival?: CellArrival;
}

export const requestFaultPlan = (w: Workload, seed: number): RequestFaultPlan => {
  const arrival = faultArrival(w);
  const requests = buildRequestPlan(w, arrival?.requests ?? w.commands[0] ?? 1, seed);
  const write = requests.steps.flat(2).find((plan) => isRequestFaultWrite(plan.workload.command));
  if (write === undefined) throw new Error(`workload ${w.label}: a request under a fault needs a write (validation lets none through)`);
  return {
    workload: w,
    requests,
    write,
    ...(arrival === undefined ? {} : { offsetsUs: scheduleOffsetsUs(arrival, seed), arrival }),
    ...(arrival?.clients.kind === 'pool' ? { poolSize: arrival.clients.size } : {}),
  };
};

interface RequestCellInput {
  policy: Policy;
  clients: readonly unknown[];
  mode: Mode;
  plan: RequestFaultPlan;
  ledger: Ledger;
  wrapping: OpWrapping;
  tagKeys: { logKey: string; doneKey: string };
  fault: Fault;
  schedule: FaultSchedule;
  signal: AbortSignal;
  t0Ms: number;
}

/** Drives the requests; `figures` reads them against the fault's timeline once the run ended. */
export const driveRequestCell = async (input: RequestCellInput): Promise<{ unsettled: number; figures: (timeline: FaultTimeline) => FaultRequests }> => {
  const { plan, fault, schedule } = input;
  const batcher = plan.arrival?.batcher;
  const window = batcher?.kind === 'window' ? { windowMs: batcher.windowMs, size: batcher.size } : undefined;
  const end = await driveRequestsWithLedger({
    policy: input.policy,
    clients: input.clients,
    pool: plan.poolSize !== undefined,
    mode: input.mode,
    plan: plan.requests,
    write: plan.write,
    ledger: input.ledger,
    wrapping: input.wrapping,
    tagKeys: input.tagKeys,
    ...(plan.offsetsUs === undefined ? {} : { offsetsUs: plan.offsetsUs }),
    ...(window === undefined ? {} : { window }),
    ...(fault.trigger.kind === 'commands' ? { trigger: { beforeRequest: fault.trigger.after, run: () => schedule.start() } } : {}),
    signal: input.signal,
    t0Ms: input.t0Ms,
  });
  const batching = plan.arrival !== undefined && batcher !== undefined ? faultRunBatching(plan.workload, { ...plan.arrival, batcher }, end.batching) : undefined;
  return {
    unsettled: end.unsettled,
    figures: (timeline) => ({ ...requestFigures(end.times, end.reads, plan.offsetsUs !== undefined, timeline), ...(batching === undefined ? {} : { batching }) }),
  };
};
