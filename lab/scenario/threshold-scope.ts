// The scope of a config threshold, before its ":": `[<workload-label>] [<mode>] [at <selectors>]`.
// Every name is checked against the scenario, so a typo fails here rather than matching nothing.

import { modeLabel, type ConfigSelector, type Mode } from '../contracts/index.ts';
import { closest } from './suggest.ts';
import { readSelectors } from './threshold-selectors.ts';
import { labelsOf, modeLabelsOf, spanOf, tokensOf, type Parsed, type ThresholdContext, type ThresholdProblem, type Token } from './threshold-context.ts';

export const SCOPE_SHAPE = '[<workload>] [<mode>] [at <selector>, …]:';
const MODE_SHAPE = /^(?:sync|(?:pipeline|multi|auto)(?::.*)?)$/;

const looksLikeMode = (text: string): boolean => MODE_SHAPE.test(text);

// `pipeline:8` → its Mode, when it is a well-formed mode at all.
const modeOfText = (text: string): Mode | undefined => {
  if (text === 'sync') return { kind: 'sync' };
  const m = /^(pipeline|multi|auto):(\d+|all)$/.exec(text);
  if (m === null) return undefined;
  const [, kind, size = ''] = m;
  if (kind === 'auto') return size === 'all' ? undefined : { kind: 'auto', callers: Number(size) };
  return { kind: kind === 'multi' ? 'multi' : 'pipeline', batch: size === 'all' ? 'all' : Number(size) };
};

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
  const mode = modeOfText(token.text);
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
  return { value: { ...(label === undefined ? {} : { workload: label }), ...(mode === undefined ? {} : { mode }), ...selectors.value }, problems };
};
