// The scope of a config threshold, before its ":": `[<workload-label>] [<mode>] [at <selectors>]`,
// read into a ConfigSelector. Every name is checked against the scenario, so a typo fails here
// rather than matching nothing. Modes are read by the contracts' modeFromLabel, selector axes
// come from the registry.

import { modeFromLabel, modeLabel, SELECTOR_AXES, waitText, type AxisValue, type ConfigAxis, type ConfigSelector, type Mode } from '../../contracts/index.ts';
import { closest } from '../problems.ts';
import { labelsOf, modeLabelsOf, runValues, spanOf, tokensOf, UNLIMITED, VALUE_KINDS, type SelectorValue } from './threshold-terms.ts';
import type { Parsed, ThresholdContext, ThresholdProblem, Token } from './threshold-terms.ts';

const SCOPE_SHAPE = '[<workload>] [<mode>] [at <selector>, …]:';
const MODE_SHAPE = /^(?:sync|(?:pipeline|multi|auto)(?::.*)?)$/;

const looksLikeMode = (text: string): boolean => MODE_SHAPE.test(text);

const modesHint = (ctx: ThresholdContext): string => {
  const labels = modeLabelsOf(ctx);
  return labels === undefined ? 'a mode is sync, pipeline:B, multi:B or auto:C' : `valid modes: ${labels.join(', ')} (or leave the mode out to cover every mode)`;
};

const workloadsHint = (ctx: ThresholdContext): string => {
  const labels = labelsOf(ctx);
  return labels === undefined ? 'a workload is named by its label' : `workloads: ${labels.join(', ')} (or leave it out to cover every workload)`;
};

// A mode token, only if the scenario runs that mode.
const readMode = (token: Token, ctx: ThresholdContext): Parsed<Mode> => {
  const span = spanOf(token);
  const mode = modeFromLabel(token.text);
  const labels = modeLabelsOf(ctx);
  if (mode === undefined) {
    const guess = labels === undefined ? undefined : closest(token.text, labels);
    return { problems: [{ message: `unknown mode "${token.text}"${guess === undefined ? '' : `; did you mean ${guess}?`}`, hint: modesHint(ctx), span }] };
  }
  if (labels !== undefined && !labels.includes(modeLabel(mode))) {
    return { problems: [{ message: `${token.text} is not one of the scenario's modes`, hint: modesHint(ctx), span }] };
  }
  return { value: mode, problems: [] };
};

// A workload label token, only if the scenario has that workload. `alone` means it could also have been a mode.
const readLabel = (token: Token, ctx: ThresholdContext, alone: boolean): Parsed<string> => {
  const labels = labelsOf(ctx);
  if (labels === undefined || labels.includes(token.text)) return { value: token.text, problems: [] };
  const candidates = alone ? [...labels, ...(modeLabelsOf(ctx) ?? [])] : labels;
  const guess = closest(token.text, candidates);
  const what = alone ? 'workload or mode' : 'workload';
  const hint = alone ? `${workloadsHint(ctx)}; ${modesHint(ctx)}` : workloadsHint(ctx);
  return { problems: [{ message: `unknown ${what} "${token.text}"${guess === undefined ? '' : `; did you mean ${guess}?`}`, hint, span: spanOf(token) }] };
};

// The words before `at`: nothing, a label, a mode, or a label then a mode.
const readHead = (head: Token[], ctx: ThresholdContext): Parsed<{ label?: string; mode?: Mode }> => {
  const [first, second, third] = head;
  if (third !== undefined) {
    const hint = `the scope is ${SCOPE_SHAPE} e.g. "SET sync at n=1000: p(99) < 25ms"`;
    return { problems: [{ message: `too many words before the selectors: "${third.text}"`, hint, span: spanOf(third) }] };
  }
  if (first === undefined) return { value: {}, problems: [] };
  if (second === undefined) {
    if (looksLikeMode(first.text)) {
      const mode = readMode(first, ctx);
      return mode.value === undefined ? { problems: mode.problems } : { value: { mode: mode.value }, problems: [] };
    }
    const label = readLabel(first, ctx, true);
    return label.value === undefined ? { problems: label.problems } : { value: { label: label.value }, problems: [] };
  }
  if (looksLikeMode(first.text) && !looksLikeMode(second.text)) {
    return { problems: [{ message: 'the workload comes before the mode', hint: `write "${second.text} ${first.text}"`, span: spanOf(first) }] };
  }
  const label = readLabel(first, ctx, false);
  const mode = readMode(second, ctx);
  const problems = [...label.problems, ...mode.problems];
  if (label.value === undefined || mode.value === undefined) return { problems };
  return { value: { label: label.value, mode: mode.value }, problems };
};

/** Reads the scope (which starts at offset 0 of the threshold text) into a selector. */
export const readScope = (scope: string, ctx: ThresholdContext): Parsed<ConfigSelector> => {
  const tokens = tokensOf(scope);
  const atIndex = tokens.findIndex((t) => t.text === 'at');
  const head = atIndex < 0 ? tokens : tokens.slice(0, atIndex);
  const problems: ThresholdProblem[] = [];
  const stray = head.find((t) => t.text.includes('=') || t.text === 'direct');
  if (stray !== undefined) {
    const before = scope.slice(0, stray.index).trimEnd();
    problems.push({
      message: `missing "at" before "${stray.text}"`,
      hint: `write "${before === '' ? '' : `${before} `}at ${scope.slice(stray.index).trim()}:"`,
      span: spanOf(stray),
    });
    return { problems };
  }
  const parsedHead = readHead(head, ctx);
  problems.push(...parsedHead.problems);
  const at = atIndex < 0 ? undefined : tokens[atIndex];
  const selectors = at === undefined ? { value: {}, problems: [] } : readSelectors(scope.slice(at.index + 2), at.index + 2, ctx, parsedHead.value?.label);
  problems.push(...selectors.problems);
  if (problems.length > 0 || parsedHead.value === undefined || selectors.value === undefined) return { problems };
  const { label, mode } = parsedHead.value;
  const twice = [label !== undefined && selectors.value.workload !== undefined ? 'workload' : '', mode !== undefined && selectors.value.mode !== undefined ? 'mode' : ''].filter((w) => w !== '');
  if (twice.length > 0) return { problems: twice.map((what) => ({ message: `the ${what} is given twice: before "at" and as ${what}=`, hint: `keep one of them` })) };
  return { value: { ...(label === undefined ? {} : { workload: label }), ...(mode === undefined ? {} : { mode }), ...selectors.value }, problems };
};

// --- the `at …` part: comma-separated `<selector>=<value>` items and the bare word `direct`,
// each checked against what the scenario actually runs. Which selectors exist, which
// ConfigSelector field each sets and what kind of value it takes are the registry's
// SELECTOR_AXES; how each kind is read and which values the scenario runs are in
// threshold-terms.ts.

// Kept as written for the tests that assert it; a unit test checks it names every selector axis.
export const SELECTORS_HINT =
  'selectors after "at", separated by commas: rtt=<duration>, jitter=<duration>, bw=<rate>|unlimited, conns=<N>, n=<commands> (commands per run, a request workload\'s too), ' +
  'requests=<N> (requests per run), value=<size>, rate=<requests/s> (open-loop), clients=shared|pool:<N> (open-loop), batch=none|auto|<window>/<size> (batched open-loop), workload=<label>, mode=<mode>, ' +
  'wait=none|<replicas>/<timeout>ms, node=<name>, policy=<name> (topology configs), direct';

type ValueAxis = ConfigAxis & { selector: string; value: AxisValue; field: keyof ConfigSelector };
const VALUE_AXES = SELECTOR_AXES.filter((axis): axis is ValueAxis => axis.value !== undefined && axis.field !== undefined);
const SELECTOR_NAMES = [...VALUE_AXES.map((axis) => axis.selector), 'wait'];
// The link's own axes: a direct config has none of them.
const LINK_FIELDS: readonly (keyof ConfigSelector)[] = ['rttMs', 'jitterMs', 'bandwidthKBps'];

type Selected = ConfigSelector;
const fail = (message: string, hint: string, token: Token): Parsed<never> => ({ problems: [{ message, hint, span: { index: token.index, text: token.text } }] });

const validList = (key: string, values: readonly SelectorValue[] | undefined, format: (v: SelectorValue) => string): string =>
  values === undefined ? SELECTORS_HINT : `valid: ${values.map((v) => `${key}=${format(v)}`).join(', ')}`;

// One value, converted, and checked against the values the scenario runs (when those are known).
const readValue = (axis: ValueAxis, raw: Token, ctx: ThresholdContext, label: string | undefined): Parsed<SelectorValue> => {
  const key = axis.selector;
  const kind = VALUE_KINDS[axis.value];
  const run = runValues(axis.field, ctx, label);
  const read = kind.read(raw.text);
  if ('problem' in read) {
    if (read.hint !== undefined) return fail(`${key} ${read.problem}`, read.hint, raw);
    return fail(`${key}=${raw.text}: ${read.problem}`, validList(key, run?.values, kind.format), raw);
  }
  if (run?.none !== undefined && run.values?.length === 0) return fail(`${key}=${raw.text}: ${run.none}`, `leave ${key}= out`, raw);
  if (run?.values !== undefined && !run.values.includes(read.value)) {
    return fail(`${key}=${raw.text} is not one of ${run.plural}`, `${validList(key, run.values, kind.format)}${run.note ?? ''}`, raw);
  }
  return { value: read.value, problems: [] };
};

// Names people reach for, with what to write instead.
const ALIASES: Readonly<Record<string, string>> = {
  connections: 'write conns=<N>',
  commands: 'write n=<commands>',
  size: 'write value=<size>',
  bandwidth: 'write bw=<rate> (the same cap both ways) or bw=unlimited',
  label: 'write the workload label first, e.g. "SET sync at n=1000: p(99) < 25ms", or workload=<label>',
  fault: 'fault= selects reconcile verdicts: write "policy <name> at fault=<name>: SAFE"',
  pool: 'write clients=pool:<N>',
  arrival: 'write rate=<requests/s>',
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

// `wait=none` or `wait=1/100ms`: one of the WAIT settings of a primary with replicas.
const readWait = (raw: Token, ctx: ThresholdContext): Parsed<{ key: string; field: 'wait'; value: string }> => {
  if (ctx.waits === undefined) return fail(`wait=${raw.text}: wait= selects configs by the WAIT after each write, and only a primary with replicas runs WAIT settings`, 'leave wait= out', raw);
  const valid = ctx.waits.map(waitText);
  if (!valid.includes(raw.text)) {
    const guess = closest(raw.text, valid);
    return fail(`wait=${raw.text} is not one of the scenario's WAIT settings${guess === undefined ? '' : `; did you mean ${guess}?`}`, `valid: ${valid.map((w) => `wait=${w}`).join(', ')}`, raw);
  }
  return { value: { key: 'wait', field: 'wait', value: raw.text }, problems: [] };
};

// One `k=v` item, or a problem saying what would be valid.
const readItem = (item: Token, ctx: ThresholdContext, label: string | undefined): Parsed<{ key: string; field?: keyof ConfigSelector; value: SelectorValue | Mode | null }> => {
  if (item.text === 'direct') {
    if (ctx.network !== undefined && !ctx.network.direct) {
      return fail('direct: this scenario does not measure direct configs', 'add network: {direct: true}, or leave direct out', item);
    }
    return { value: { key: 'direct', value: null }, problems: [] };
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
  if (name === 'wait') return readWait({ text: valueText, index: item.index + item.text.lastIndexOf(valueText) }, ctx);
  const axis = VALUE_AXES.find((a) => a.selector === name);
  if (axis === undefined) {
    const alias = ALIASES[name.toLowerCase()];
    const guess = closest(name, SELECTOR_NAMES);
    const message = `unknown selector "${name}"${alias === undefined && guess !== undefined ? `; did you mean ${guess}?` : ''}`;
    return fail(message, alias === undefined ? SELECTORS_HINT : `${alias}; ${SELECTORS_HINT}`, nameToken);
  }
  const value = readValue(axis, { text: valueText, index: item.index + item.text.lastIndexOf(valueText) }, ctx, label);
  if (value.value === undefined) return { problems: value.problems };
  const stored = axis.value === 'rate' && value.value === UNLIMITED ? null : axis.value === 'mode' ? (modeFromLabel(String(value.value)) ?? null) : value.value;
  return { value: { key: name, field: axis.field, value: stored }, problems: [] };
};

/** Reads the selectors after `at` (`atText` starts at `base` in the threshold text). */
const readSelectors = (atText: string, base: number, ctx: ThresholdContext, label: string | undefined): Parsed<Selected> => {
  if (atText.trim() === '') return { problems: [{ message: 'nothing after "at"', hint: `${SELECTORS_HINT}, e.g. "pipeline:8 at rtt=10ms: median < 60ms"` }] };
  const problems: ThresholdProblem[] = [];
  const seen = new Map<string, Token>();
  const select: Selected = {};
  for (const item of splitItems(atText, base)) {
    const parsed = readItem(item, ctx, label);
    problems.push(...parsed.problems);
    if (parsed.value === undefined) continue;
    const { key, field, value } = parsed.value;
    if (seen.has(key)) {
      problems.push({
        message: `${key} is given twice`,
        hint: 'select each axis once; write two thresholds for two values',
        span: { index: item.index, text: item.text },
      });
      continue;
    }
    seen.set(key, item);
    if (field === undefined) select.link = 'direct';
    else Object.assign(select, { [field]: value });
  }
  const direct = seen.get('direct');
  const linkKey = VALUE_AXES.filter((a) => LINK_FIELDS.includes(a.field)).map((a) => a.selector).find((k) => seen.has(k));
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
