// One request, issued in a mode, and the closed-loop driver. `sync`: each step awaited in turn,
// a parallel group's commands issued together; `auto`: the same on a client with ioredis
// enableAutoPipelining (a parallel group then leaves in one write); `pipeline:all` and
// `multi:all`: the whole request as one pipeline or one MULTI/EXEC. Each command's latency is
// what its caller waited for it; a request's latency is from its start to its last reply.

import type { RequestClient } from '../client/index.ts';
import type { Mode } from '../contracts/index.ts';
import { callOne, nowUs, splitOps, type Recorder } from './drive.ts';
import type { OperationPlan } from './plan.ts';
import { stepsOf, type RequestPlan } from './request-plan.ts';

/** What a request run records: one Recorder per operation plan (same order as plan.plans). */
export interface RequestRecorders {
  of: Map<OperationPlan, Recorder>;
}


// The whole request as one pipeline or transaction: each command waited the request's time.
const sendWhole = async (client: RequestClient, steps: readonly (readonly OperationPlan[])[], op: number, transactional: boolean, recs: RequestRecorders, r: number): Promise<boolean> => {
  const flat = steps.flat();
  const t0 = nowUs();
  try {
    const queue = transactional ? client.multi() : client.pipeline();
    for (const plan of flat) queue.call(plan.name, ...plan.argsOf(op));
    const results = await queue.exec();
    const us = nowUs() - t0;
    if (results === null) throw new Error('EXEC returned nil: the transaction was aborted');
    flat.forEach((plan, j) => {
      const rec = recs.of.get(plan);
      const [error, value] = results[j] ?? [new Error('no reply'), null];
      rec?.wait(us, 1);
      rec?.reply(op, error, value);
    });
    return true;
  } catch (error) {
    recs.of.get(flat[0] as OperationPlan)?.abort(`request ${r + 1}`, error);
    return false;
  }
};

/** Issues request `r` on `client`; false when its connection failed. */
export const runRequest = async (client: RequestClient, mode: Mode, rp: RequestPlan, recs: RequestRecorders, r: number): Promise<boolean> => {
  const steps = stepsOf(rp, r);
  const op = rp.ordinalOf[r] ?? 0;
  if (mode.kind === 'pipeline' || mode.kind === 'multi') return sendWhole(client, steps, op, mode.kind === 'multi', recs, r);
  for (const step of steps) {
    const call = (plan: OperationPlan) => callOne(client, plan, op, recs.of.get(plan) as Recorder, `request ${r + 1}`);
    const ok = step.length === 1 ? await call(step[0] as OperationPlan) : (await Promise.all(step.map(call))).every(Boolean);
    if (!ok) return false;
  }
  return true;
};

/** Issues every command of request `r` at once, each awaited on its own: on a client with
 * enableAutoPipelining (`batch: auto`), ioredis sends whatever was issued in one event-loop turn,
 * this request's and others', as one pipeline. False when a command's connection failed. */
export const runRequestTogether = async (client: RequestClient, rp: RequestPlan, recs: RequestRecorders, r: number): Promise<boolean> => {
  const flat = stepsOf(rp, r).flat();
  const op = rp.ordinalOf[r] ?? 0;
  const outcomes = await Promise.all(flat.map((plan) => callOne(client, plan, op, recs.of.get(plan) as Recorder, `request ${r + 1}`)));
  return outcomes.every(Boolean);
};

/** Closed-loop: each connection's share of the requests, one after another per caller (auto:C
 * runs C callers per connection); records each request's latency, µs, in `requestUs`. */
export const driveRequestsClosed = async (clients: readonly RequestClient[], mode: Mode, rp: RequestPlan, recs: RequestRecorders, requestUs: Float64Array): Promise<number> => {
  const callers = mode.kind === 'auto' ? mode.callers : 1;
  let completed = 0;
  const caller = async (client: RequestClient, first: number, end: number): Promise<void> => {
    for (let r = first; r < end; r += callers) {
      const t0 = nowUs();
      if (!(await runRequest(client, mode, rp, recs, r))) return;
      requestUs[r] = nowUs() - t0;
      completed++;
    }
  };
  await Promise.all(
    splitOps(rp.requests, clients.length).flatMap((range, c) =>
      Array.from({ length: Math.min(callers, range.end - range.start) }, (_, k) => caller(clients[c] as RequestClient, range.start + k, range.end)),
    ),
  );
  return completed;
};
