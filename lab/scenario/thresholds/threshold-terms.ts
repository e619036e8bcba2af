// The terms of a threshold: what it is checked against (the scenario's own axes), its words and
// where each starts (for a precise column), how a selector value of each kind is read, the
// comparisons, and the bound of each metric in that metric's unit. Metric names, units, selector
// names and value kinds are the registry's; here is only how each kind and unit is written.

import {
  batcherLabel,
  clientsLabel,
  CONFIG_METRICS,
  configMetricByName,
  modeFromLabel,
  modeLabel,
  rateLabel,
  topologyNodes,
  RECONCILE_METRICS,
  takesValue,
  type AxisValue,
  type ConfigMetric,
  type ConfigSelector,
  type DurationUnit,
  type Fault,
  type MetricUnit,
  type Mode,
  type NetworkAxes,
  type ReplicationOptions,
  type RetryPolicy,
  type Topology,
  type ThresholdOp,
  type WaitOption,
  type Workload,
} from '../../contracts/index.ts';
import { durationIn, formatMs, formatRate, formatSize, parseDuration, parseRate, parseSize } from '../quantities.ts';
import { RATE_PATTERN } from '../arrival.ts';

/** The scenario's sections; undefined when that section was itself invalid (then nothing is checked against it). */
export interface ThresholdContext {
  workloads: Workload[] | undefined;
  modes: Mode[] | undefined;
  connections: number[] | undefined;
  network: NetworkAxes | undefined;
  faults: Fault[] | undefined;
  policies: RetryPolicy[] | undefined;
  /** Topology scenarios (absent: one Redis): the nodes, WAIT, and so which node=, wait= and
   * policy= values exist. */
  topology?: Topology | undefined;
  replication?: ReplicationOptions | undefined;
  /** A primary with replicas: its WAIT settings (`wait=` selects among them); absent elsewhere. */
  waits?: (WaitOption | null)[];
  /** A primary with replicas under a timeline: its results are reconcile rows, selected by workload and WAIT. */
  timeline?: boolean;
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
const selectedWorkloads = (ctx: ThresholdContext, label: string | undefined): Workload[] | undefined => {
  const all = ctx.workloads;
  if (all === undefined || label === undefined) return all;
  const one = all.filter((w) => w.label === label);
  return one.length > 0 ? one : all;
};

/** Fixed value sizes (min = max) of workloads that write or read values. */
const fixedValueSizes = (workloads: Workload[]): number[] => [
  ...new Set(workloads.filter((w) => takesValue(w)).flatMap((w) => w.valueBytes.filter((v) => v.minBytes === v.maxBytes).map((v) => v.minBytes))),
];

// --- selector values: how each kind the registry names (AxisValue) is read into the number a
// ConfigSelector stores and written back, and which values the scenario runs on each field.

// bw= selects a cap that is the same in both directions, or none: unlimited is kept as -1 while
// compared with the scenario's caps, and stored as null.
export const UNLIMITED = -1;

/** A selector value as a ConfigSelector compares it: a number (ms, KB/s, bytes, a count) or a label (`800/s`, `pool:4`). */
export type SelectorValue = number | string;

type ValueRead = { value: SelectorValue } | { problem: string; hint?: string };

// `800/s` or `800`, or a ramp `100/s..2000/s`, as rateLabel writes it.
const readRequestRate = (text: string): ValueRead => {
  const ends = text.split('..').map((part) => RATE_PATTERN.exec(part.trim()));
  const [from, to = from] = ends.map((m) => (m === null ? undefined : Number(m[1])));
  if (ends.length > 2 || from === undefined || to === undefined) return { problem: 'expected requests per second, e.g. rate=800/s (a ramp: rate=100/s..2000/s)' };
  return { value: rateLabel({ fromPerSec: from, toPerSec: to }) };
};

const readClientsValue = (text: string): ValueRead => {
  if (text === 'shared') return { value: 'shared' };
  const m = /^(?:pool:(\d+)|\{pool:(\d+)\})$/.exec(text.replaceAll(' ', ''));
  const size = m === null ? undefined : Number(m[1] ?? m[2]);
  return size === undefined ? { problem: 'expected shared or pool:<N>' } : { value: clientsLabel({ kind: 'pool', size }) };
};

// `none`, `auto`, or `5ms/64` (a window batcher: the window, then the size), as batcherLabel writes it.
const readBatchValue = (text: string): ValueRead => {
  if (text === 'none' || text === 'auto') return { value: text };
  const m = /^(\d+)ms\/(\d+)$/.exec(text.replaceAll(' ', ''));
  return m === null ? { problem: 'expected none, auto or <window>/<size>, e.g. batch=5ms/64' } : { value: batcherLabel({ kind: 'window', windowMs: Number(m[1]), size: Number(m[2]) }) };
};

// How each kind of selector value is read into the value a selector stores, and written back.
// A problem without a hint is answered with the values the scenario runs.
export const VALUE_KINDS: Record<AxisValue, { read: (text: string) => ValueRead; format: (value: SelectorValue) => string }> = {
  duration: {
    read: (text) => {
      const parsed = parseDuration(text);
      if (!parsed.ok) return parsed;
      const ms = durationIn(parsed.duration, 'ms');
      return { value: ms.whole ? ms.value : Number.NaN };
    },
    format: (value) => formatMs(Number(value)),
  },
  rate: {
    read: (text) => {
      const parsed = parseRate(text);
      return parsed.ok ? { value: parsed.kbps ?? UNLIMITED } : parsed;
    },
    format: (value) => formatRate(value === UNLIMITED ? null : Number(value)),
  },
  count: {
    read: (text) => (/^\d[\d_]*$/.test(text) ? { value: Number(text.replaceAll('_', '')) } : { problem: 'expected a whole number' }),
    format: String,
  },
  size: {
    read: (text) => {
      const parsed = parseSize(text);
      return parsed.ok ? { value: parsed.bytes } : parsed;
    },
    format: (value) => formatSize(Number(value)),
  },
  'request-rate': { read: readRequestRate, format: String },
  clients: { read: readClientsValue, format: String },
  batch: { read: readBatchValue, format: String },
  name: { read: (text) => (/^[\w.:-]+$/.test(text) ? { value: text } : { problem: 'expected a name' }), format: String },
  mode: {
    read: (text) => {
      const mode = modeFromLabel(text);
      return mode === undefined ? { problem: 'expected a mode: sync, pipeline:B, multi:B or auto:C' } : { value: modeLabel(mode) };
    },
    format: String,
  },
  wait: { read: (text) => (text === 'none' || /^\d+$/.test(text) ? { value: text } : { problem: 'expected the replicas WAIT waits for (wait=1), or none' }), format: String },
};

/** The values the scenario runs on a selector field, as messages name them; undefined values: not known. */
interface RunValues {
  values: SelectorValue[] | undefined;
  plural: string;
  /** Said when the scenario runs no value at all on this field. */
  none?: string;
  /** Added to the list of valid values. */
  note?: string;
}

export const runValues = (field: keyof ConfigSelector, ctx: ThresholdContext, label: string | undefined): RunValues | undefined => {
  const workloads = selectedWorkloads(ctx, label);
  const whose = label === undefined ? "the scenario's" : `${label}'s`;
  switch (field) {
    case 'rttMs':
      return { values: ctx.network?.rttMs, plural: "the scenario's rtts" };
    case 'jitterMs':
      return { values: ctx.network?.jitterMs, plural: "the scenario's jitters" };
    case 'bandwidthKBps':
      return {
        values: ctx.network?.bandwidth.filter((b) => b.upKBps === b.downKBps).map((b) => b.upKBps ?? UNLIMITED),
        plural: "the scenario's bandwidths (the same cap both ways)",
      };
    case 'connections':
      return { values: ctx.connections, plural: "the scenario's connection counts" };
    case 'commands':
      return { values: workloads === undefined ? undefined : [...new Set(workloads.flatMap((w) => w.commands))], plural: `${whose} commands values` };
    case 'valueBytes':
      return {
        values: workloads === undefined ? undefined : fixedValueSizes(workloads),
        plural: `${whose} value sizes`,
        none: `no workload ${label === undefined ? 'here' : label} writes or reads values`,
        note: ' (only fixed sizes can be selected, not ranges)',
      };
    case 'workload':
      return { values: labelsOf(ctx), plural: "the scenario's workloads" };
    case 'mode':
      return { values: modeLabelsOf(ctx), plural: "the scenario's modes" };
    case 'rate': {
      const open = workloads?.filter((w) => w.request?.arrival !== undefined);
      return {
        values: open === undefined ? undefined : [...new Set(open.flatMap((w) => w.request?.arrival?.rates.map(rateLabel) ?? []))],
        plural: `${whose} offered rates`,
        none: `no workload ${label === undefined ? 'here' : label} has an open-loop arrival: rate= selects open-loop configs by their offered rate`,
      };
    }
    case 'clients': {
      const open = workloads?.filter((w) => w.request?.arrival !== undefined);
      return {
        values: open === undefined ? undefined : [...new Set(open.flatMap((w) => w.request?.clients.map(clientsLabel) ?? []))],
        plural: `${whose} clients modes`,
        none: `no workload ${label === undefined ? 'here' : label} has an open-loop arrival: clients= selects open-loop configs`,
      };
    }
    case 'batch': {
      const batched = workloads?.filter((w) => w.request?.batchers !== undefined);
      return {
        values: batched === undefined ? undefined : [...new Set(batched.flatMap((w) => w.request?.batchers?.map(batcherLabel) ?? []))],
        plural: `${whose} batchers`,
        none: `no workload ${label === undefined ? 'here' : label} has batch: batch= selects batched open-loop configs`,
      };
    }
    case 'requests': {
      const requestWorkloads = workloads?.filter((w) => w.request !== undefined);
      return {
        values: requestWorkloads === undefined ? undefined : [...new Set(requestWorkloads.flatMap(requestsPerRun))],
        plural: `${whose} requests per run`,
        none: `no workload ${label === undefined ? 'here' : label} is a request workload: requests= counts requests (n= counts commands)`,
      };
    }
    case 'wait':
      return {
        values: ctx.topology === undefined || ctx.topology.kind === 'single' ? [] : ctx.replication?.wait.map((wait) => (wait === null ? 'none' : String(wait.replicas))),
        plural: "the scenario's WAITs (replication: wait)",
        none: 'wait= selects topology configs by the WAIT after each write, and this scenario runs one Redis',
      };
    case 'node':
      return {
        values: ctx.topology === undefined || ctx.topology.kind === 'single' ? [] : topologyNodes(ctx.topology).map((n) => n.name),
        plural: "the topology's nodes",
        none: 'node= selects the configs of one node of a topology, and this scenario runs one Redis',
      };
    case 'policy':
      return {
        values: ctx.topology === undefined || ctx.topology.kind === 'single' ? [] : ctx.policies,
        plural: "the scenario's policies",
        none: 'policy= selects topology configs run under a retry policy, and this scenario has none (a fault verdict is selected as "policy <name>: SAFE")',
      };
    default:
      return undefined;
  }
};

// Requests one run of a request workload sends, per rate (open-loop with for: rate x for).
const requestsPerRun = (w: Workload): number[] => {
  const arrival = w.request?.arrival;
  if (arrival === undefined || arrival.forMs === null) return w.commands;
  const forMs = arrival.forMs;
  return arrival.rates.map((rate) => Math.max(1, Math.round((((rate.fromPerSec + rate.toPerSec) / 2) * forMs) / 1000)));
};

// --- the figures a threshold bounds. Names, result keys and units come from the registry
// (CONFIG_METRICS, RECONCILE_METRICS); here is only, per unit, how a bound is written and how
// the metrics hint describes that unit's figures. A new unit in the registry needs its entry in
// UNITS (the compiler asks for it); a new metric of a known unit needs nothing here.

type BoundRead = { value: number; unit?: DurationUnit } | { message: string; hint: string };

const durationBound =
  (unit: 'ms' | 'us') =>
  (metric: string, text: string): BoundRead => {
    const parsed = parseDuration(text);
    if (!parsed.ok) return { message: `${metric} is a duration: ${parsed.problem}`, hint: parsed.hint };
    if (parsed.duration.negative) return { message: `"${text}" is negative`, hint: 'durations are 0 or more' };
    return { value: durationIn(parsed.duration, unit).value, unit: parsed.duration.unit };
  };

const sizeBound = (metric: string, text: string): BoundRead => {
  const parsed = parseSize(text);
  return parsed.ok ? { value: parsed.bytes } : { message: `${metric} is a size: ${parsed.problem}`, hint: parsed.hint };
};

// Counts, rates and ratios are plain numbers (digit groups with _ allowed where whole).
const plainBound =
  (shape: RegExp, what: string, example: string) =>
  (metric: string, text: string): BoundRead =>
    shape.test(text) ? { value: Number(text.replaceAll('_', '')) } : { message: `${metric} takes ${what}, got "${text}"`, hint: `e.g. ${example}` };

// Rates: a plain number, or one per second written as such (`max-rate >= 400/s`).
const rateBound = (metric: string, text: string): BoundRead =>
  plainBound(/^\d[\d_]*(?:\.\d+)?$/, 'a plain number', '"ops/s > 50000" (a rate may end in /s: "max-rate >= 400/s")')(metric, text.replace(/\s*\/s$/, ''));

const UNITS: Record<MetricUnit, { words: string; bound: (metric: string, text: string) => BoundRead }> = {
  ms: { words: 'total run time', bound: durationBound('ms') },
  us: { words: 'per-command latency', bound: durationBound('us') },
  rate: { words: '', bound: rateBound },
  count: { words: 'failed runs', bound: plainBound(/^\d[\d_]*$/, 'a whole number', '"errors == 0"') },
  ratio: { words: 'median / model', bound: plainBound(/^(?:\d+(?:\.\d*)?|\.\d+)$/, 'a plain number (measured / model)', '"ratio < 1.5"') },
  bytes: { words: 'client peak memory, a size', bound: sizeBound },
};

// Every config metric, grouped by unit in registry order, each group with its unit's words.
const metricsHint = (): string => {
  const groups: { words: string; names: string[] }[] = [];
  for (const m of CONFIG_METRICS) {
    const words: string = (m as ConfigMetric).words ?? UNITS[m.unit].words;
    const last = groups[groups.length - 1];
    if (last?.words === words) last.names.push(m.name);
    else groups.push({ words, names: [m.name] });
  }
  const described = groups.map(({ words, names }) => `${names.join(', ')}${words === '' ? '' : ` (${words})`}`);
  return `metrics: ${described.join('; ')}`;
};
export const METRICS_HINT = metricsHint();

const RECONCILE_NAMES: readonly string[] = RECONCILE_METRICS.map((m) => m.name);
export const RECONCILE_METRICS_HINT =
  `after "policy <name>:" write SAFE, UNSAFE, or a count or a per-write latency: ${RECONCILE_NAMES.join(', ')} ` +
  'with <, <=, >, >= or ==, e.g. "policy none: duplicated == 0", "policy none: write-p(99) < 50ms"';

/** A reconcile row's latency bound (`write-p(99) < 50ms`), in µs, and the unit it was written in. */
export const readRowLatencyBound = (metric: string, text: string): BoundRead => UNITS.us.bound(metric, text);

export const OPS: readonly ThresholdOp[] = ['<', '<=', '>', '>=', '=='];
export const OP_PATTERN = /<=|>=|=<|=>|==|!=|<|>/;
export const OPS_HINT = 'use <, <=, >, >= or ==';

/** Comparisons people write that are not valid, with the one they probably meant. */
export const OP_FIXES: Readonly<Record<string, string>> = {
  '=<': 'use <=',
  '=>': 'use >=',
  '!=': `a threshold is a bound or an equality: ${OPS_HINT}`,
};

/** The bound of `metric`, in its unit, and the unit a duration was written in; `index` is where the value starts in the threshold text. */
export const readBound = (metric: string, valueText: string, index: number): Parsed<{ value: number; unit?: DurationUnit }> => {
  const spec = configMetricByName(metric);
  const span = { index, text: valueText };
  if (spec === undefined) return { problems: [] };
  if (valueText === '') return { problems: [{ message: 'no value after the comparison', hint: 'e.g. "median < 60ms"', span }] };
  const read = UNITS[spec.unit].bound(metric, valueText);
  return 'value' in read ? { value: read, problems: [] } : { problems: [{ ...read, span }] };
};
