// What a threshold is checked against (the scenario's own axes, so a threshold can never
// silently match nothing), and the shape of what threshold parsing returns.

import { modeLabel, type Fault, type Mode, type NetworkAxes, type RetryPolicy, type Workload } from '../contracts/index.ts';
import { takesValue } from '../contracts/index.ts';

/** The scenario's sections; undefined when that section was itself invalid (then nothing is checked against it). */
export interface ThresholdContext {
  workloads: Workload[] | undefined;
  modes: Mode[] | undefined;
  connections: number[] | undefined;
  network: NetworkAxes | undefined;
  faults: Fault[] | undefined;
  policies: RetryPolicy[] | undefined;
}

/** A problem inside the threshold text, with the offending token for a precise column. */
export interface ThresholdProblem {
  message: string;
  hint: string;
  span?: { index: number; text: string };
}

export type Parsed<T> = { value?: T; problems: ThresholdProblem[] };

/** A token of the threshold text and where it starts in it. */
export interface Token {
  text: string;
  index: number;
}

export const spanOf = (token: Token): { index: number; text: string } => ({ index: token.index, text: token.text });

/** Whitespace-separated words of `text`, with their offsets plus `base`. */
export const tokensOf = (text: string, base = 0): Token[] => [...text.matchAll(/\S+/g)].map((m) => ({ text: m[0], index: base + m.index }));

export const labelsOf = (ctx: ThresholdContext): string[] | undefined => ctx.workloads?.map((w) => w.label);
export const modeLabelsOf = (ctx: ThresholdContext): string[] | undefined => ctx.modes?.map(modeLabel);

/** The workloads a selector's label narrows to (all of them without a label). */
export const selectedWorkloads = (ctx: ThresholdContext, label: string | undefined): Workload[] | undefined => {
  const all = ctx.workloads;
  if (all === undefined || label === undefined) return all;
  const one = all.filter((w) => w.label === label);
  return one.length > 0 ? one : all;
};

/** Fixed value sizes (min = max) of workloads that write or read values. */
export const fixedValueSizes = (workloads: Workload[]): number[] => [
  ...new Set(workloads.filter((w) => takesValue(w)).flatMap((w) => w.valueBytes.filter((v) => v.minBytes === v.maxBytes).map((v) => v.minBytes))),
];
