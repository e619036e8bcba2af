// One `expect:` string: `[<mode> [at rtt=<duration>]:] <metric> <op> <value>`, checked against
// the scenario's own modes and rtts so a threshold can never silently match nothing.

import { modeLabel, type Mode, type Threshold, type ThresholdOp } from './types.ts';
import { METRICS, METRICS_HINT, OP_FIXES, OPS } from './threshold-metrics.ts';
import { durationIn, formatMs, parseDuration } from './units.ts';
import { closest } from './suggest.ts';

/** What the threshold is checked against; undefined when that section was itself invalid. */
export interface ThresholdContext {
  modes: Mode[] | undefined;
  rttMs: number[] | undefined;
}

/** A problem inside the threshold text, with the offending token for a precise column. */
export interface ThresholdProblem {
  message: string;
  hint: string;
  span?: { index: number; text: string };
}

type Parsed<T> = { value?: T; problems: ThresholdProblem[] };

const EXAMPLE = 'e.g. "median < 60ms", "sync: p(99) < 2ms", "pipeline:8 at rtt=10ms: median < 60ms"';
const SCOPE_SHAPE = '<mode> [at rtt=<duration>]:';

// The selectors this scenario offers, for hints.
const selectorsHint = (ctx: ThresholdContext): string =>
  ctx.modes === undefined
    ? 'a mode is sync or pipeline:B'
    : `valid modes: ${ctx.modes.map(modeLabel).join(', ')} (or leave the mode out to cover every mode)`;

// `sync` / `pipeline:8` → the Mode, only if the scenario runs it.
const readSelector = (token: string, index: number, ctx: ThresholdContext): Parsed<Mode> => {
  const span = { index, text: token };
  const batch = /^pipeline:(\d+)$/.exec(token)?.[1];
  const mode: Mode | undefined = token === 'sync' ? { kind: 'sync' } : batch === undefined ? undefined : { kind: 'pipeline', batch: Number(batch) };
  const labels = ctx.modes?.map(modeLabel);
  if (mode === undefined) {
    const guess = labels === undefined ? undefined : closest(token, labels);
    const suggestion = guess === undefined ? '' : `; did you mean ${guess}?`;
    return { problems: [{ message: `unknown mode "${token}"${suggestion}`, hint: selectorsHint(ctx), span }] };
  }
  if (labels !== undefined && !labels.includes(modeLabel(mode))) {
    return { problems: [{ message: `${token} is not one of the scenario's modes`, hint: selectorsHint(ctx), span }] };
  }
  return { value: mode, problems: [] };
};

// `at rtt=10ms` → 10, only if the scenario runs that rtt.
const readRtt = (atText: string, text: string, ctx: ThresholdContext): Parsed<number> => {
  const valid = ctx.rttMs === undefined ? 'an rtt from network.rtt' : `valid: ${ctx.rttMs.map((ms) => `rtt=${formatMs(ms)}`).join(', ')}`;
  const m = /^(\w+)\s*=\s*(\S+)$/.exec(atText);
  const span = { index: text.indexOf(atText), text: atText };
  if (m === null || m[1] !== 'rtt' || m[2] === undefined) {
    const message = m?.[1] === undefined ? `expected "at rtt=<duration>", got "at ${atText}"` : `thresholds select by rtt only, not "${m[1]}"`;
    return { problems: [{ message, hint: `write at rtt=10ms; ${valid}`, span }] };
  }
  const valueSpan = { index: text.indexOf(m[2], span.index), text: m[2] };
  const parsed = parseDuration(m[2]);
  if (!parsed.ok) return { problems: [{ message: `rtt ${parsed.problem}`, hint: parsed.hint, span: valueSpan }] };
  const ms = durationIn(parsed.duration, 'ms');
  if (ctx.rttMs !== undefined && !(ms.whole && ctx.rttMs.includes(ms.value))) {
    return { problems: [{ message: `rtt=${m[2]} is not one of the scenario's rtts`, hint: valid, span: valueSpan }] };
  }
  return { value: ms.value, problems: [] };
};

// The part before the last ':' (mode and/or rtt), each part optional.
const readScope = (scope: string, text: string, ctx: ThresholdContext): Parsed<{ mode?: Mode; rttMs?: number }> => {
  const m = /^\s*(?:(?!at(?:\s|$))(\S+))?\s*(?:at(?:\s+(.*?))?)?\s*$/.exec(scope);
  if (m === null) {
    const span = { index: text.indexOf(scope.trim()), text: scope.trim() };
    return { problems: [{ message: `cannot read the scope "${span.text}"`, hint: `the scope is ${SCOPE_SHAPE}; ${EXAMPLE}`, span }] };
  }
  const [, selector, atText] = m;
  const hasAt = atText !== undefined || /\bat\s*$/.test(scope);
  const mode: Parsed<Mode> = selector === undefined ? { problems: [] } : readSelector(selector, text.indexOf(selector), ctx);
  const rtt: Parsed<number> = hasAt ? readRtt(atText ?? '', text, ctx) : { problems: [] };
  const value = {
    ...(mode.value === undefined ? {} : { mode: mode.value }),
    ...(rtt.value === undefined ? {} : { rttMs: rtt.value }),
  };
  return { value, problems: [...mode.problems, ...rtt.problems] };
};

// The bound, in the metric's unit: durations need a unit, ops/s is a plain number.
const readValue = (metric: string, valueText: string, index: number): Parsed<number> => {
  const spec = METRICS[metric];
  const span = { index, text: valueText };
  if (spec === undefined) return { problems: [] };
  if (valueText === '') return { problems: [{ message: `no value after the comparison`, hint: EXAMPLE, span }] };
  if (spec.unit === 'rate') {
    if (/^\d+(?:\.\d+)?$/.test(valueText)) return { value: Number(valueText), problems: [] };
    return { problems: [{ message: `ops/s takes a plain number, got "${valueText}"`, hint: 'e.g. "ops/s > 50000"', span }] };
  }
  const parsed = parseDuration(valueText);
  if (!parsed.ok) return { problems: [{ message: `${metric} is a duration: ${parsed.problem}`, hint: parsed.hint, span }] };
  if (parsed.duration.negative) return { problems: [{ message: `"${valueText}" is negative`, hint: 'durations are 0 or more', span }] };
  return { value: durationIn(parsed.duration, spec.unit).value, problems: [] };
};

// Parses and checks one threshold string; every problem found in it is returned.
export const parseThreshold = (text: string, ctx: ThresholdContext): Parsed<Threshold> => {
  const opMatch = /<=|>=|=<|=>|==|!=|<|>/.exec(text);
  if (opMatch === null) {
    const message = /=[^:]*$/.test(text) ? '"=" is not a comparison' : 'has no comparison';
    return { problems: [{ message, hint: `use <, <=, > or >=; ${EXAMPLE}` }] };
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
  else if (METRICS[metric] === undefined) {
    const guess = closest(metric, Object.keys(METRICS));
    const suggestion = guess === undefined ? '' : `; did you mean ${guess}?`;
    problems.push({ message: `unknown metric "${metric}"${suggestion}`, hint: METRICS_HINT, span: { index: metricIndex, text: metric } });
  }
  const scope = scopeText === undefined ? { value: {}, problems: [] } : readScope(scopeText, text, ctx);
  const valueText = rhs.trim();
  const bound = readValue(metric, valueText, opMatch.index + opText.length + rhs.indexOf(valueText));
  problems.push(...scope.problems, ...bound.problems);
  const spec = METRICS[metric];
  if (problems.length > 0 || spec === undefined || bound.value === undefined) return { problems };
  const op = opText as ThresholdOp;
  if (!OPS.includes(op)) return { problems };
  return { value: { source: text, ...scope.value, metric: spec.metric, op, value: bound.value }, problems };
};
