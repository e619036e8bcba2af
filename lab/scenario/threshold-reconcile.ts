// Reconcile thresholds: `policy <name> [at fault=<name>]: SAFE|UNSAFE` or
// `policy <name> [at fault=<name>]: <lost|duplicated|…> <op> <count>`. Valid only in a fault
// scenario, and only for a policy and a fault the scenario runs.

import { RETRY_POLICIES, type ReconcileMetric, type ReconcileThreshold, type RetryPolicy, type ThresholdOp } from '../contracts/index.ts';
import { closest } from './suggest.ts';
import { POLICIES_HINT } from './reconcile-options.ts';
import { OP_FIXES, OP_PATTERN, OPS, RECONCILE_METRICS, RECONCILE_METRICS_HINT } from './threshold-metrics.ts';
import { spanOf, tokensOf, type Parsed, type ThresholdContext, type ThresholdProblem, type Token } from './threshold-context.ts';

const SHAPE = 'policy <name> [at fault=<name>]: SAFE | UNSAFE | <count> <op> <n>';
type Judged = { verdict: 'SAFE' | 'UNSAFE' } | { metric: ReconcileMetric; op: ThresholdOp; value: number };

const fail = (message: string, hint: string, token?: Token): ThresholdProblem => (token === undefined ? { message, hint } : { message, hint, span: spanOf(token) });

// The policy name: a known policy the scenario lists.
const readPolicy = (token: Token | undefined, policyWord: Token, ctx: ThresholdContext): Parsed<RetryPolicy> => {
  const scenarioPolicies = ctx.policies ?? RETRY_POLICIES;
  const valid = `valid: ${scenarioPolicies.map((p) => `policy ${p}`).join(', ')}`;
  if (token === undefined) return { problems: [fail('which policy?', `${valid}; ${POLICIES_HINT}`, policyWord)] };
  const policy = RETRY_POLICIES.find((p) => p === token.text);
  if (policy === undefined) {
    const guess = closest(token.text, RETRY_POLICIES);
    return { problems: [fail(`unknown policy "${token.text}"${guess === undefined ? '' : `; did you mean ${guess}?`}`, `${valid}; ${POLICIES_HINT}`, token)] };
  }
  if (ctx.policies !== undefined && !ctx.policies.includes(policy)) {
    return { problems: [fail(`policy ${policy} is not one of the scenario's policies`, `${valid} (add ${policy} to policies: to judge it)`, token)] };
  }
  return { value: policy, problems: [] };
};

// `at fault=<name>`, only for a fault the scenario has.
const readFault = (rest: Token[], ctx: ThresholdContext): Parsed<string | undefined> => {
  const [at, selector, extra] = rest;
  if (at === undefined) return { value: undefined, problems: [] };
  const names = ctx.faults?.map((f) => f.name);
  const valid = names === undefined ? 'at fault=<name>' : `valid: ${names.map((n) => `fault=${n}`).join(', ')}`;
  if (at.text !== 'at') return { problems: [fail(`unexpected "${at.text}"`, `the shape is ${SHAPE}`, at)] };
  if (selector === undefined) return { problems: [fail('nothing after "at"', `write at fault=<name>; ${valid}`, at)] };
  if (extra !== undefined) return { problems: [fail(`unexpected "${extra.text}"`, `policy thresholds select one fault: ${valid}`, extra)] };
  const m = /^([\w-]+)=(\S+)$/.exec(selector.text);
  if (m === null || m[1] !== 'fault') {
    return { problems: [fail(`policy thresholds select by fault only, not "${selector.text}"`, valid, selector)] };
  }
  const name = m[2] ?? '';
  const nameToken = { text: name, index: selector.index + 'fault='.length };
  if (names !== undefined && !names.includes(name)) {
    const guess = closest(name, names);
    return { problems: [fail(`fault=${name} is not one of the scenario's faults${guess === undefined ? '' : `; did you mean ${guess}?`}`, valid, nameToken)] };
  }
  return { value: name, problems: [] };
};

// After the colon: a verdict, or a count bound.
const readJudgement = (tail: string, base: number): Parsed<Judged> => {
  const text = tail.trim();
  const token = { text, index: base + tail.indexOf(text) };
  if (text === 'SAFE' || text === 'UNSAFE') return { value: { verdict: text }, problems: [] };
  const upper = text.toUpperCase();
  if (upper === 'SAFE' || upper === 'UNSAFE') return { problems: [fail(`write ${upper} in capitals`, RECONCILE_METRICS_HINT, token)] };
  if (text === '') return { problems: [fail('nothing after ":"', RECONCILE_METRICS_HINT)] };
  const op = OP_PATTERN.exec(text);
  if (op === null) return { problems: [fail(`expected SAFE, UNSAFE or a count bound, got "${text}"`, RECONCILE_METRICS_HINT, token)] };
  const problems: ThresholdProblem[] = [];
  const opToken = { text: op[0], index: token.index + op.index };
  const fix = OP_FIXES[op[0]];
  if (fix !== undefined) problems.push(fail(`"${op[0]}" is not a comparison`, fix, opToken));
  const metricText = text.slice(0, op.index).trim();
  const valueText = text.slice(op.index + op[0].length).trim();
  const metric = RECONCILE_METRICS.find((m) => m === metricText);
  if (metric === undefined) {
    const guess = closest(metricText, RECONCILE_METRICS);
    const metricToken = { text: metricText, index: token.index + text.indexOf(metricText) };
    problems.push(fail(`unknown count "${metricText}"${guess === undefined ? '' : `; did you mean ${guess}?`}`, RECONCILE_METRICS_HINT, metricToken));
  }
  const valueToken = { text: valueText, index: token.index + text.lastIndexOf(valueText) };
  if (!/^\d[\d_]*$/.test(valueText)) {
    const example = `e.g. "policy none: ${metric ?? 'duplicated'} == 0"`;
    problems.push(fail(`${metricText} is a count: expected a whole number, got "${valueText}"`, example, valueToken));
  }
  const opValue = OPS.find((o) => o === op[0]);
  if (problems.length > 0 || metric === undefined || opValue === undefined) return { problems };
  return { value: { metric, op: opValue, value: Number(valueText.replaceAll('_', '')) }, problems };
};

/** Parses a threshold that starts with `policy`. */
export const parseReconcileThreshold = (text: string, ctx: ThresholdContext): Parsed<ReconcileThreshold> => {
  const colon = text.indexOf(':');
  const headText = colon < 0 ? text : text.slice(0, colon);
  const [policyWord = { text: 'policy', index: 0 }, name, ...rest] = tokensOf(headText);
  if (colon < 0) return { problems: [fail('missing ":" after the policy', `the shape is ${SHAPE}, e.g. "policy idempotent: SAFE"`)] };
  const problems: ThresholdProblem[] = [];
  if (ctx.faults !== undefined && ctx.faults.length === 0) {
    const hint = 'add faults: (a fault scenario), or bound a config figure such as "median < 60ms"';
    problems.push(fail('reconcile thresholds need faults, and this scenario has none', hint, policyWord));
    return { problems };
  }
  const policy = readPolicy(name, policyWord, ctx);
  const fault = readFault(rest, ctx);
  const judged = readJudgement(text.slice(colon + 1), colon + 1);
  problems.push(...policy.problems, ...fault.problems, ...judged.problems);
  if (problems.length > 0 || policy.value === undefined || judged.value === undefined) return { problems };
  return {
    value: { kind: 'reconcile', source: text, policy: policy.value, ...(fault.value === undefined ? {} : { fault: fault.value }), ...judged.value },
    problems,
  };
};
