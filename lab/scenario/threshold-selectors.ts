// The `at …` part of a threshold: comma-separated `rtt=10ms`, `jitter=2ms`, `bw=1MB/s`,
// `conns=50`, `n=1000`, `value=1KB` and the bare word `direct`, each checked against what the
// scenario actually runs.

import type { ConfigSelector } from '../contracts/index.ts';
import { durationIn, formatMs, parseDuration } from './units.ts';
import { formatSize, parseSize } from './sizes.ts';
import { formatRate, parseRate } from './bandwidth.ts';
import { closest } from './suggest.ts';
import { fixedValueSizes, selectedWorkloads, type Parsed, type ThresholdContext, type ThresholdProblem, type Token } from './threshold-context.ts';

type Key = 'rtt' | 'jitter' | 'bw' | 'conns' | 'n' | 'value';
const KEYS: readonly Key[] = ['rtt', 'jitter', 'bw', 'conns', 'n', 'value'];
export const SELECTORS_HINT =
  'selectors after "at", separated by commas: rtt=<duration>, jitter=<duration>, bw=<rate>|unlimited, conns=<N>, n=<commands>, value=<size>, direct';

// bw= selects a cap that is the same in both directions (or none): null stands for unlimited.
const UNLIMITED = -1;

// Names people reach for, with what to write instead.
const ALIASES: Readonly<Record<string, string>> = {
  connections: 'write conns=<N>',
  commands: 'write n=<commands>',
  size: 'write value=<size>',
  bandwidth: 'write bw=<rate> (the same cap both ways) or bw=unlimited',
  mode: 'write the mode before "at", e.g. "pipeline:8 at rtt=10ms: median < 60ms"',
  workload: 'write the workload label first, e.g. "SET sync at n=1000: p(99) < 25ms"',
  label: 'write the workload label first, e.g. "SET sync at n=1000: p(99) < 25ms"',
  fault: 'fault= selects reconcile verdicts: write "policy <name> at fault=<name>: SAFE"',
  policy: 'policies are selected as "policy <name>: SAFE"',
};

type Selected = Omit<ConfigSelector, 'workload' | 'mode'>;
const fail = (message: string, hint: string, token: Token): Parsed<never> => ({ problems: [{ message, hint, span: { index: token.index, text: token.text } }] });

const validList = (key: string, values: readonly number[] | undefined, format: (v: number) => string): string =>
  values === undefined ? SELECTORS_HINT : `valid: ${values.map((v) => `${key}=${format(v)}`).join(', ')}`;

// One value, converted, and checked against the values the scenario runs (when those are known).
const readValue = (key: Key, raw: Token, ctx: ThresholdContext, label: string | undefined): Parsed<number> => {
  const workloads = selectedWorkloads(ctx, label);
  const whose = label === undefined ? "the scenario's" : `${label}'s`;
  const axes: Record<Key, { values: number[] | undefined; format: (v: number) => string; plural: string }> = {
    rtt: { values: ctx.network?.rttMs, format: formatMs, plural: "the scenario's rtts" },
    jitter: { values: ctx.network?.jitterMs, format: formatMs, plural: "the scenario's jitters" },
    bw: {
      values: ctx.network?.bandwidth.filter((b) => b.upKBps === b.downKBps).map((b) => b.upKBps ?? UNLIMITED),
      format: (v) => formatRate(v === UNLIMITED ? null : v),
      plural: "the scenario's bandwidths (the same cap both ways)",
    },
    conns: { values: ctx.connections, format: String, plural: "the scenario's connection counts" },
    n: { values: workloads === undefined ? undefined : [...new Set(workloads.flatMap((w) => w.commands))], format: String, plural: `${whose} commands values` },
    value: { values: workloads === undefined ? undefined : fixedValueSizes(workloads), format: formatSize, plural: `${whose} value sizes` },
  };
  const axis = axes[key];
  let value: number;
  if (key === 'rtt' || key === 'jitter') {
    const parsed = parseDuration(raw.text);
    if (!parsed.ok) return fail(`${key} ${parsed.problem}`, parsed.hint, raw);
    const ms = durationIn(parsed.duration, 'ms');
    value = ms.whole ? ms.value : Number.NaN;
  } else if (key === 'bw') {
    const parsed = parseRate(raw.text);
    if (!parsed.ok) return fail(`bw ${parsed.problem}`, parsed.hint, raw);
    value = parsed.kbps ?? UNLIMITED;
  } else if (key === 'value') {
    const parsed = parseSize(raw.text);
    if (!parsed.ok) return fail(`value ${parsed.problem}`, parsed.hint, raw);
    if (axis.values?.length === 0) return fail(`value=${raw.text}: no workload ${label === undefined ? 'here' : label} writes or reads values`, 'leave value= out', raw);
    value = parsed.bytes;
  } else {
    if (!/^\d[\d_]*$/.test(raw.text)) return fail(`${key}=${raw.text}: expected a whole number`, validList(key, axis.values, axis.format), raw);
    value = Number(raw.text.replaceAll('_', ''));
  }
  if (axis.values !== undefined && !axis.values.includes(value)) {
    const ranges = key === 'value' ? ' (only fixed sizes can be selected, not ranges)' : '';
    return fail(`${key}=${raw.text} is not one of ${axis.plural}`, `${validList(key, axis.values, axis.format)}${ranges}`, raw);
  }
  return { value, problems: [] };
};

// Splits the text after `at` at commas, keeping where each item starts (an empty item: its comma).
const splitItems = (atText: string, base: number): Token[] => {
  const items: Token[] = [];
  let offset = base;
  atText.split(',').forEach((raw, n) => {
    const text = raw.trim();
    const index = text !== '' ? offset + raw.indexOf(text) : n > 0 ? offset - 1 : offset + raw.length;
    items.push({ text, index });
    offset += raw.length + 1;
  });
  return items;
};

const FIELDS: Record<Exclude<Key, 'bw'>, 'rttMs' | 'jitterMs' | 'connections' | 'commands' | 'valueBytes'> = {
  rtt: 'rttMs',
  jitter: 'jitterMs',
  conns: 'connections',
  n: 'commands',
  value: 'valueBytes',
};

// One `k=v` item, or a problem saying what would be valid.
const readItem = (item: Token, ctx: ThresholdContext, label: string | undefined): Parsed<{ key: Key | 'direct'; value: number }> => {
  if (item.text === 'direct') {
    if (ctx.network !== undefined && !ctx.network.direct) {
      return fail('direct: this scenario does not measure direct configs', 'add network: {direct: true}, or leave direct out', item);
    }
    return { value: { key: 'direct', value: 0 }, problems: [] };
  }
  if (item.text === '') return { problems: [{ message: 'an empty selector (a stray comma?)', hint: SELECTORS_HINT, span: { index: item.index, text: ',' } }] };
  const m = /^([A-Za-z][\w-]*)\s*=\s*(\S+)$/.exec(item.text);
  if (m === null) {
    const several = (item.text.match(/=/g) ?? []).length > 1 || /\bdirect\b/.test(item.text);
    if (several) return fail(`separate selectors with commas: "${item.text}"`, `write "at ${item.text.split(/\s+/).join(', ')}"`, item);
    return fail(`cannot read the selector "${item.text}"`, SELECTORS_HINT, item);
  }
  const [, name = '', valueText = ''] = m;
  const nameToken = { text: name, index: item.index };
  const key = KEYS.find((k) => k === name);
  if (key === undefined) {
    const alias = ALIASES[name.toLowerCase()];
    const guess = closest(name, KEYS);
    const message = `unknown selector "${name}"${alias === undefined && guess !== undefined ? `; did you mean ${guess}?` : ''}`;
    return fail(message, alias === undefined ? SELECTORS_HINT : `${alias}; ${SELECTORS_HINT}`, nameToken);
  }
  const value = readValue(key, { text: valueText, index: item.index + item.text.lastIndexOf(valueText) }, ctx, label);
  return value.value === undefined ? { problems: value.problems } : { value: { key, value: value.value }, problems: [] };
};

/** Reads the selectors after `at` (`atText` starts at `base` in the threshold text). */
export const readSelectors = (atText: string, base: number, ctx: ThresholdContext, label: string | undefined): Parsed<Selected> => {
  if (atText.trim() === '') return { problems: [{ message: 'nothing after "at"', hint: `${SELECTORS_HINT}, e.g. "pipeline:8 at rtt=10ms: median < 60ms"` }] };
  const problems: ThresholdProblem[] = [];
  const seen = new Map<string, Token>();
  const select: Selected = {};
  for (const item of splitItems(atText, base)) {
    const parsed = readItem(item, ctx, label);
    problems.push(...parsed.problems);
    if (parsed.value === undefined) continue;
    const { key, value } = parsed.value;
    if (seen.has(key)) {
      problems.push({
        message: `${key} is given twice`,
        hint: 'select each axis once; write two thresholds for two values',
        span: { index: item.index, text: item.text },
      });
      continue;
    }
    seen.set(key, item);
    if (key === 'direct') select.link = 'direct';
    else if (key === 'bw') select.bandwidthKBps = value === UNLIMITED ? null : value;
    else select[FIELDS[key]] = value;
  }
  const direct = seen.get('direct');
  const linkKey = (['rtt', 'jitter', 'bw'] as const).find((k) => seen.has(k));
  const linkItem = linkKey === undefined ? undefined : seen.get(linkKey);
  if (direct !== undefined && linkItem !== undefined) {
    problems.push({
      message: `direct configs have no ${linkKey ?? ''}`,
      hint: `drop ${linkItem.text} to select direct configs, or drop direct`,
      span: { index: linkItem.index, text: linkItem.text },
    });
  } else if (linkItem !== undefined) {
    select.link = 'proxied';
  }
  return problems.length > 0 ? { problems } : { value: select, problems };
};
