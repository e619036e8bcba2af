// One `expect:` string. Config thresholds: `[<workload>] [<mode>] [at <selectors>]: <metric>
// <op> <value>`; reconcile thresholds start with `policy`. Each is checked against the
// scenario's own axes so a threshold can never silently match nothing.

import type { AnyThreshold, Threshold } from '../contracts/index.ts';
import { METRICS, METRICS_HINT, OP_FIXES, OP_PATTERN, OPS, OPS_HINT, RECONCILE_METRICS, readBound } from './threshold-metrics.ts';
import { readScope } from './threshold-scope.ts';
import { parseReconcileThreshold } from './threshold-reconcile.ts';
import { closest } from './suggest.ts';
import type { Parsed, ThresholdContext, ThresholdProblem } from './threshold-context.ts';

export type { ThresholdContext, ThresholdProblem } from './threshold-context.ts';

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
  const m = /^(?:([^]*):)?\s*(\S*)\s*$/.exec(lhs);
  if (m === null) {
    const words = lhs.trim().split(/\s+/);
    const metric = words.pop() ?? '';
    const scope = words.join(' ');
    problems.push({ message: `missing ":" after "${scope}"`, hint: `write "${scope}: ${metric} ${opText} ${rhs.trim()}"` });
    return { problems };
  }
  const [, scopeText, metric = ''] = m;
  const metricIndex = lhs.lastIndexOf(metric);
  if (metric === '') problems.push({ message: `no metric before "${opText}"`, hint: METRICS_HINT });
  else if ((RECONCILE_METRICS as readonly string[]).includes(metric)) {
    const hint = `counts of a fault run are bounded per policy: write "policy <name>: ${metric} ${opText} ${rhs.trim()}"`;
    problems.push({ message: `${metric} is a reconcile count, not a config metric`, hint, span: { index: metricIndex, text: metric } });
  } else if (METRICS[metric] === undefined) {
    const guess = closest(metric, Object.keys(METRICS));
    const suggestion = guess === undefined ? '' : `; did you mean ${guess}?`;
    problems.push({ message: `unknown metric "${metric}"${suggestion}`, hint: METRICS_HINT, span: { index: metricIndex, text: metric } });
  }
  const scope = scopeText === undefined ? { value: {}, problems: [] } : readScope(scopeText, ctx);
  const valueText = rhs.trim();
  const bound = readBound(metric, valueText, opMatch.index + opText.length + rhs.indexOf(valueText));
  problems.push(...scope.problems, ...bound.problems);
  const spec = METRICS[metric];
  const op = OPS.find((o) => o === opText);
  if (problems.length > 0 || spec === undefined || bound.value === undefined || scope.value === undefined || op === undefined) return { problems };
  return { value: { kind: 'config', source: text, select: scope.value, metric: spec.metric, op, value: bound.value }, problems };
};

/** Parses and checks one threshold string; every problem found in it is returned. */
export const parseThreshold = (text: string, ctx: ThresholdContext): Parsed<AnyThreshold> =>
  /^\s*policy(?:\s|:|$)/.test(text) ? parseReconcileThreshold(text, ctx) : parseConfigThreshold(text, ctx);
