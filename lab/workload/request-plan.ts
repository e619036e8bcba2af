// The plan of a request run (issue 10), decided before the run: which kind each request is (a
// seeded draw by weight), its index among the requests of its kind (`{r}`), and one operation
// plan per step command, sized to that kind's request count, so every command keeps the
// workload grammar's keys, values, arguments and reply checks.

import { commandsPerRequest, type RequestKind, type ValueSize, type Workload } from '../contracts/index.ts';
import { buildPlan, type OperationPlan } from './plan.ts';
import { createRng, deriveSeed } from './rng.ts';

export interface RequestPlan {
  readonly kinds: readonly RequestKind[];
  readonly requests: number;
  /** The kind of each request (an index into `kinds`). */
  readonly kindOf: Uint16Array;
  /** Each request's index among the requests of its kind: the operation index of its commands. */
  readonly ordinalOf: Uint32Array;
  /** Per kind, per step, per command of the step: its operation plan. */
  readonly steps: readonly (readonly (readonly OperationPlan[])[])[];
  /** Every operation plan of a kind that has requests in this run, once. */
  readonly plans: readonly OperationPlan[];
  /** Commands one run sends. */
  readonly commands: number;
}

// Kind of each request, drawn by weight from the seed (one kind: all zero).
const drawKinds = (kinds: readonly RequestKind[], requests: number, seed: number): Uint16Array => {
  const out = new Uint16Array(requests);
  if (kinds.length === 1) return out;
  const total = kinds.reduce((sum, k) => sum + k.weight, 0);
  const rng = createRng(deriveSeed(seed, 'mix'));
  for (let r = 0; r < requests; r++) {
    let pick = rng.nextInt(total);
    let k = 0;
    while (k < kinds.length - 1 && pick >= (kinds[k]?.weight ?? 0)) pick -= kinds[k++]?.weight ?? 0;
    out[r] = k;
  }
  return out;
};

/** Builds the plan of `requests` requests of a request workload. */
/** Request r's steps (each step's commands, sent together), by its kind. */
export const stepsOf = (plan: RequestPlan, r: number): readonly (readonly OperationPlan[])[] => plan.steps[plan.kindOf[r] ?? 0] ?? [];

export const buildRequestPlan = (workload: Workload, requests: number, seed: number): RequestPlan => {
  const kinds = workload.request?.kinds;
  if (kinds === undefined) throw new Error(`workload ${workload.label} is not a request workload`);
  const kindOf = drawKinds(kinds, requests, seed);
  const counts = new Uint32Array(kinds.length);
  const ordinalOf = new Uint32Array(requests);
  for (let r = 0; r < requests; r++) {
    const k = kindOf[r] ?? 0;
    ordinalOf[r] = counts[k] ?? 0;
    counts[k] = (counts[k] ?? 0) + 1;
  }
  const plans: OperationPlan[] = [];
  const steps = kinds.map((kind, k) =>
    kind.steps.map((step, s) =>
      step.commands.map((command, c) => {
        const size = Math.max(1, counts[k] ?? 0);
        const valueSize: ValueSize = command.valueBytes[0] ?? { minBytes: 0, maxBytes: 0 };
        const plan = buildPlan({ ...command, commands: [size] }, size, valueSize, deriveSeed(seed, `request:${k}:${s}:${c}`));
        // A kind the draw gave no request has nothing to prefill or verify.
        if ((counts[k] ?? 0) > 0) plans.push(plan);
        return plan;
      }),
    ),
  );
  const commands = kinds.reduce((sum, kind, k) => sum + commandsPerRequest(kind) * (counts[k] ?? 0), 0);
  return { kinds, requests, kindOf, ordinalOf, steps, plans, commands };
};
