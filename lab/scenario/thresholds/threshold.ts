// The `expect:` list: threshold strings, each checked against the scenario's own axes so that a
// threshold can never silently match nothing, and reported with its own index and text.
// Config thresholds are `[<workload>] [<mode>] [at <selectors>]: <metric> <op> <value>` (the
// scope is read in threshold-scope.ts); reconcile thresholds start with `policy`. Metric names
// and units are the registry's (threshold-terms.ts).

import {
  CONFIG_METRICS,
  configMetricByName,
  RECONCILE_METRICS,
  reconcileMetricByName,
  BUILTIN_POLICIES,
  RETRY_POLICIES,
  type AnyThreshold,
  type DurationUnit,
  type ReconcileMetric,
  type ReconcileThreshold,
  type RetryPolicy,
  type Threshold,
  type ThresholdOp,
} from '../../contracts/index.ts';
import { isRecord } from '../fields.ts';
import { POLICIES_HINT } from '../policy-refs.ts';
import { readScope } from './threshold-scope.ts';
import {
  METRICS_HINT,
  OP_FIXES,
  OP_PATTERN,
  OPS,
  OPS_HINT,
  readBound,
  readRowLatencyBound,
  RECONCILE_METRICS_HINT,
  spanOf,
  tokensOf,
  type Parsed,
  type ThresholdContext,
  type ThresholdProblem,
  type Token,
} from './threshold-terms.ts';
import { closest, describeValue, type FieldPath, type Problem } from '../problems.ts';

const EXAMPLE_ITEM = '- "pipeline:8 at rtt=10ms: median < 60ms"';

// `- sync: median < 60ms` unquoted is a YAML mapping; say so and show the quoted form.
const notText = (item: unknown, path: FieldPath): Problem => {
  const entries = isRecord(item) ? Object.entries(item) : [];
  const [entry] = entries;
  if (entries.length === 1 && entry !== undefined && typeof entry[1] === 'string') {
    return {
      path,
      message: 'a threshold must be text, but YAML read this one as a mapping (a ": " splits it)',
      hint: `quote it: - "${entry[0]}: ${entry[1]}"`,
    };
  }
  return { path, message: `expected a threshold string, got ${describeValue(item)}`, hint: `for example ${EXAMPLE_ITEM}` };
};

// Validates every threshold; problems name the threshold by index and by its text.
export const readExpect = (value: unknown, path: FieldPath, ctx: ThresholdContext, problems: Problem[]): AnyThreshold[] | undefined => {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problems.push({ path, message: `expected a list of thresholds, got ${describeValue(value)}`, hint: 'for example expect: ["median < 60ms"]' });
    return undefined;
  }
  const before = problems.length;
  const thresholds: AnyThreshold[] = [];
  value.forEach((item, index) => {
    const itemPath = [...path, index];
    if (typeof item !== 'string') {
      problems.push(notText(item, itemPath));
      return;
    }
    const parsed = parseThreshold(item, ctx);
    for (const p of parsed.problems) {
      problems.push({ path: itemPath, message: `${JSON.stringify(item)}: ${p.message}`, hint: p.hint, ...(p.span ? { span: p.span } : {}) });
    }
    if (parsed.value !== undefined) thresholds.push(parsed.value);
  });
  return problems.length === before ? thresholds : undefined;
};

// --- one `expect:` string. Config thresholds: `[<workload>] [<mode>] [at <selectors>]: <metric>
// <op> <value>`; reconcile thresholds start with `policy`. Each is checked against the
// scenario's own axes so a threshold can never silently match nothing.

const EXAMPLE = 'e.g. "median < 60ms", "sync: p(99) < 2ms", "pipeline:8 at rtt=10ms, conns=50: median < 60ms"';

// `<scope>: <metric> <op> <value>`.
const parseConfigThreshold = (text: string, ctx: ThresholdContext): Parsed<Threshold> => {
  const opMatch = OP_PATTERN.exec(text);
  if (opMatch === null) {
    const message = /=[^:]*$/.test(text) ? '"=" is not a comparison' : 'has no comparison';
    return { problems: [{ message, hint: `${OPS_HINT}; ${EXAMPLE}` }] };
  }
  const opText = opMatch[0];
  const lhs = text.slice(0, opMatch.index);
  const rhs = text.slice(opMatch.index + opText.length);
  const problems: ThresholdProblem[] = [];
  const fix = OP_FIXES[opText];
  if (fix !== undefined) problems.push({ message: `"${opText}" is not a comparison`, hint: fix, span: { index: opMatch.index, text: opText } });
  // A metric is one word, or `request`/`service` and one word (`request p(99)`).
  const m = /^(?:([^]*):)?\s*((?:(?:request|service)\s+)?\S*)\s*$/.exec(lhs);
  if (m === null) {
    const words = lhs.trim().split(/\s+/);
    const metric = words.pop() ?? '';
    const scope = words.join(' ');
    problems.push({ message: `missing ":" after "${scope}"`, hint: `write "${scope}: ${metric} ${opText} ${rhs.trim()}"` });
    return { problems };
  }
  const [, scopeText, written = ''] = m;
  const metric = written.replace(/\s+/, ' ');
  const metricIndex = lhs.lastIndexOf(written);
  if (metric === '') problems.push({ message: `no metric before "${opText}"`, hint: METRICS_HINT });
  else if (reconcileMetricByName(metric) !== undefined) {
    const hint = `counts of a fault run are bounded per policy: write "policy <name>: ${metric} ${opText} ${rhs.trim()}"`;
    problems.push({ message: `${metric} is a reconcile count, not a config metric`, hint, span: { index: metricIndex, text: metric } });
  } else if (configMetricByName(metric) === undefined) {
    const guess = closest(metric, CONFIG_METRICS.map((m) => m.name));
    const suggestion = guess === undefined ? '' : `; did you mean ${guess}?`;
    problems.push({ message: `unknown metric "${metric}"${suggestion}`, hint: METRICS_HINT, span: { index: metricIndex, text: metric } });
  }
  const scope = scopeText === undefined ? { value: {}, problems: [] } : readScope(scopeText, ctx);
  const valueText = rhs.trim();
  const bound = readBound(metric, valueText, opMatch.index + opText.length + rhs.indexOf(valueText));
  problems.push(...scope.problems, ...bound.problems);
  const spec = CONFIG_METRICS.find((m) => m.name === metric);
  const op = OPS.find((o) => o === opText);
  if (problems.length > 0 || spec === undefined || bound.value === undefined || scope.value === undefined || op === undefined) return { problems };
  const { unit } = bound.value;
  const writtenUnit = unit !== undefined && unit !== spec.unit ? { writtenUnit: unit } : {};
  return { value: { kind: 'config', source: text, select: scope.value, metric: spec.key, op, value: bound.value.value, ...writtenUnit }, problems };
};

/** Parses and checks one threshold string; every problem found in it is returned. */
const parseThreshold = (text: string, ctx: ThresholdContext): Parsed<AnyThreshold> =>
  /^\s*policy(?:\s|:|$)/.test(text) ? parseReconcileThreshold(text, ctx) : ctx.timeline === true ? parseRowThreshold(text, ctx) : parseConfigThreshold(text, ctx);

// --- reconcile thresholds: `policy <name> [at fault=<name>]: SAFE|UNSAFE` or
// `policy <name> [at fault=<name>]: <lost|duplicated|…> <op> <count>`. Valid only in a fault
// scenario, and only for a policy and a fault the scenario runs.

const POLICY_SHAPE = 'policy <name> [at fault=<name>]: SAFE | UNSAFE | <count> <op> <n>';
type Judged = { verdict: 'SAFE' | 'UNSAFE' } | { metric: ReconcileMetric; op: ThresholdOp; value: number; writtenUnit?: DurationUnit };

const failAt = (message: string, hint: string, token?: Token): ThresholdProblem => (token === undefined ? { message, hint } : { message, hint, span: spanOf(token) });

// The policy name: a known policy the scenario lists.
const readPolicy = (token: Token | undefined, policyWord: Token, ctx: ThresholdContext): Parsed<RetryPolicy> => {
  const scenarioPolicies = ctx.policies ?? RETRY_POLICIES;
  const valid = `valid: ${scenarioPolicies.map((p) => `policy ${p}`).join(', ')}`;
  if (token === undefined) return { problems: [failAt('which policy?', `${valid}; ${POLICIES_HINT}`, policyWord)] };
  const known: readonly string[] = ctx.policies ?? BUILTIN_POLICIES;
  const policy = known.find((p) => p === token.text) ?? BUILTIN_POLICIES.find((p) => p === token.text);
  if (policy === undefined) {
    const guess = closest(token.text, known);
    return { problems: [failAt(`unknown policy "${token.text}"${guess === undefined ? '' : `; did you mean ${guess}?`}`, `${valid}; ${POLICIES_HINT}`, token)] };
  }
  if (ctx.policies !== undefined && !ctx.policies.includes(policy)) {
    return { problems: [failAt(`policy ${policy} is not one of the scenario's policies`, `${valid} (add ${policy} to policies: to judge it)`, token)] };
  }
  return { value: policy, problems: [] };
};

// `at fault=<name>`, only for a fault the scenario has.
const readFaultSelector = (rest: Token[], ctx: ThresholdContext): Parsed<string | undefined> => {
  const [at, selector, extra] = rest;
  if (at === undefined) return { value: undefined, problems: [] };
  const names = ctx.faults?.map((f) => f.name);
  const valid = names === undefined ? 'at fault=<name>' : `valid: ${names.map((n) => `fault=${n}`).join(', ')}`;
  if (at.text !== 'at') return { problems: [failAt(`unexpected "${at.text}"`, `the shape is ${POLICY_SHAPE}`, at)] };
  if (selector === undefined) return { problems: [failAt('nothing after "at"', `write at fault=<name>; ${valid}`, at)] };
  if (extra !== undefined) return { problems: [failAt(`unexpected "${extra.text}"`, `policy thresholds select one fault: ${valid}`, extra)] };
  const m = /^([\w-]+)=(\S+)$/.exec(selector.text);
  if (m === null || m[1] !== 'fault') {
    return { problems: [failAt(`policy thresholds select by fault only, not "${selector.text}"`, valid, selector)] };
  }
  const name = m[2] ?? '';
  const nameToken = { text: name, index: selector.index + 'fault='.length };
  if (names !== undefined && !names.includes(name)) {
    const guess = closest(name, names);
    return { problems: [failAt(`fault=${name} is not one of the scenario's faults${guess === undefined ? '' : `; did you mean ${guess}?`}`, valid, nameToken)] };
  }
  return { value: name, problems: [] };
};

// After the colon: a verdict, or a count bound.
const readJudgement = (tail: string, base: number): Parsed<Judged> => {
  const text = tail.trim();
  const token = { text, index: base + tail.indexOf(text) };
  if (text === 'SAFE' || text === 'UNSAFE') return { value: { verdict: text }, problems: [] };
  const upper = text.toUpperCase();
  if (upper === 'SAFE' || upper === 'UNSAFE') return { problems: [failAt(`write ${upper} in capitals`, RECONCILE_METRICS_HINT, token)] };
  if (text === '') return { problems: [failAt('nothing after ":"', RECONCILE_METRICS_HINT)] };
  const op = OP_PATTERN.exec(text);
  if (op === null) return { problems: [failAt(`expected SAFE, UNSAFE or a count bound, got "${text}"`, RECONCILE_METRICS_HINT, token)] };
  const problems: ThresholdProblem[] = [];
  const opToken = { text: op[0], index: token.index + op.index };
  const fix = OP_FIXES[op[0]];
  if (fix !== undefined) problems.push(failAt(`"${op[0]}" is not a comparison`, fix, opToken));
  const metricText = text.slice(0, op.index).trim();
  const valueText = text.slice(op.index + op[0].length).trim();
  const metric = RECONCILE_METRICS.find((m) => m.name === metricText)?.name;
  if (metric === undefined) {
    const guess = closest(metricText, RECONCILE_METRICS.map((m) => m.name));
    const metricToken = { text: metricText, index: token.index + text.indexOf(metricText) };
    problems.push(failAt(`unknown count "${metricText}"${guess === undefined ? '' : `; did you mean ${guess}?`}`, RECONCILE_METRICS_HINT, metricToken));
  }
  const valueToken = { text: valueText, index: token.index + text.lastIndexOf(valueText) };
  const opValue = OPS.find((o) => o === op[0]);
  // A per-write latency (write-p(99)) takes a duration; every other row figure a count.
  if (reconcileMetricByName(metricText)?.unit === 'us') {
    const read = readRowLatencyBound(metricText, valueText);
    if (!('value' in read)) problems.push(failAt(read.message, read.hint, valueToken));
    if (problems.length > 0 || metric === undefined || opValue === undefined || !('value' in read)) return { problems };
    const writtenUnit = read.unit !== undefined && read.unit !== 'us' ? { writtenUnit: read.unit } : {};
    return { value: { metric, op: opValue, value: read.value, ...writtenUnit }, problems };
  }
  if (!/^\d[\d_]*$/.test(valueText)) {
    const example = `e.g. "policy none: ${metric ?? 'duplicated'} == 0"`;
    problems.push(failAt(`${metricText} is a count: expected a whole number, got "${valueText}"`, example, valueToken));
  }
  if (problems.length > 0 || metric === undefined || opValue === undefined) return { problems };
  return { value: { metric, op: opValue, value: Number(valueText.replaceAll('_', '')) }, problems };
};

/** Parses a threshold that starts with `policy`. */
const parseReconcileThreshold = (text: string, ctx: ThresholdContext): Parsed<ReconcileThreshold> => {
  const colon = text.indexOf(':');
  const headText = colon < 0 ? text : text.slice(0, colon);
  const [policyWord = { text: 'policy', index: 0 }, name, ...rest] = tokensOf(headText);
  if (colon < 0) return { problems: [failAt('missing ":" after the policy', `the shape is ${POLICY_SHAPE}, e.g. "policy idempotent: SAFE"`)] };
  const problems: ThresholdProblem[] = [];
  // A timeline's rows are the lab's own writer, plus one per policy when the scenario lists policies.
  const acrossTimeline = ctx.timeline === true && (ctx.policies?.length ?? 0) > 0;
  if (ctx.timeline === true && !acrossTimeline) return { problems: [failAt('a topology timeline\'s rows are the lab\'s own writer, not a policy', `${ROW_HINT}; or list policies: to judge them across the timeline`, policyWord)] };
  if (!acrossTimeline && ctx.faults !== undefined && ctx.faults.length === 0) {
    const hint = 'add faults: (a fault scenario), or bound a config figure such as "median < 60ms"';
    problems.push(failAt('reconcile thresholds need faults, and this scenario has none', hint, policyWord));
    return { problems };
  }
  const policy = readPolicy(name, policyWord, ctx);
  // A timeline's policy rows have one fault (the timeline): no selector to check it against.
  const fault = readFaultSelector(rest, acrossTimeline ? { ...ctx, faults: undefined } : ctx);
  const judged = readJudgement(text.slice(colon + 1), colon + 1);
  problems.push(...policy.problems, ...fault.problems, ...judged.problems);
  if (problems.length > 0 || policy.value === undefined || judged.value === undefined) return { problems };
  return {
    value: { kind: 'reconcile', source: text, policy: policy.value, ...(fault.value === undefined ? {} : { fault: fault.value }), ...judged.value },
    problems,
  };
};

// --- a primary with replicas under a timeline: its reconcile rows are one per workload × WAIT
// setting, selected as `[<workload>] [at wait=<setting>]: SAFE | UNSAFE | <count> <op> <n>`
// (nothing before the colon, or no colon: every row).

const ROW_HINT = 'select rows by workload and WAIT: e.g. "INCR at wait=none: lost > 0", "at wait=1/100ms: lost-replicated == 0", "SET: UNSAFE"';

const parseRowThreshold = (text: string, ctx: ThresholdContext): Parsed<ReconcileThreshold> => {
  const colon = text.indexOf(':');
  const scopeText = colon < 0 ? '' : text.slice(0, colon);
  const scope = scopeText.trim() === '' ? { value: {}, problems: [] } : readScope(scopeText, ctx);
  const problems: ThresholdProblem[] = [...scope.problems];
  const { workload, wait, mode, ...others } = scope.value ?? {};
  const other = Object.keys(others)[0];
  if (other !== undefined) problems.push(failAt(`a timeline's rows are not selected by ${other}`, ROW_HINT));
  void mode; // every row runs sync
  const judged = readJudgement(colon < 0 ? text : text.slice(colon + 1), colon + 1);
  problems.push(...judged.problems.map((p) => ({ ...p, hint: `${p.hint}; ${ROW_HINT}` })));
  if (problems.length > 0 || scope.value === undefined || judged.value === undefined) return { problems };
  return {
    value: { kind: 'reconcile', source: text, ...(workload === undefined ? {} : { workload }), ...(wait === undefined ? {} : { wait }), ...judged.value },
    problems,
  };
};

// --- an SLO search's objective (issue 26): `request p(99) < 50ms`, a config threshold with no
// scope (it bounds the config being searched), read by the same rules.

const NO_CONTEXT: ThresholdContext = { workloads: undefined, modes: undefined, connections: undefined, network: undefined, faults: undefined, policies: undefined };

/** Parses an objective; a scope (`sync at rtt=10ms: ...`) is a problem. */
export const parseObjective = (text: string): Parsed<Threshold> => {
  const parsed = parseConfigThreshold(text, NO_CONTEXT);
  if (parsed.value !== undefined && Object.keys(parsed.value.select).length > 0) {
    return { problems: [{ message: 'an objective bounds the config searched: it selects nothing', hint: 'write the metric, a comparison and a bound, e.g. "request p(99) < 50ms"' }] };
  }
  return parsed;
};
