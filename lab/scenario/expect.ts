// The `expect:` list: threshold strings, each reported with its own index and text.

import type { AnyThreshold } from '../contracts/index.ts';
import { isRecord } from './fields.ts';
import { parseThreshold, type ThresholdContext } from './threshold.ts';
import { describeValue, type FieldPath, type Problem } from './problems.ts';

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
