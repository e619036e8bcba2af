// `toPassThresholds`: did every `expect:` threshold of the scenario hold? A failure lists each
// failed threshold with every config it selected and that config's figure against the bound.

import type { LabResult, ThresholdResult } from '../index.ts';
import { formatFigure, mark, plural, type CheckResult } from './check-result.ts';

// The bound as written: a verdict threshold stores 1 for SAFE and 0 for UNSAFE.
const boundOf = (threshold: ThresholdResult): string =>
  threshold.metric === 'verdict' ? (threshold.value === 1 ? 'SAFE' : 'UNSAFE') : `${threshold.op} ${formatFigure(threshold.value)}`;

const describeThreshold = (threshold: ThresholdResult): string => {
  const head = `  ${mark(threshold.pass)} "${threshold.source}"`;
  if (threshold.checked.length === 0) return `${head}\n      selected no config (check the mode, rtt and policy the threshold names)`;
  const lines = threshold.checked.map(
    (c) => `      ${mark(c.pass)} ${c.configId}: ${threshold.metric} = ${formatFigure(c.actual)} (needs ${boundOf(threshold)})`,
  );
  return [head, ...lines].join('\n');
};

/** Passes when the result has thresholds and every one passed; a result without any fails. */
export const checkThresholds = (result: LabResult): CheckResult => {
  const { thresholds } = result;
  if (thresholds.length === 0) {
    return {
      pass: false,
      message: `scenario "${result.scenario.name}" has no thresholds (no expect: entries), so there is nothing to pass; add one to the scenario or drop the assertion`,
    };
  }
  const failed = thresholds.filter((t) => !t.pass);
  if (failed.length === 0) {
    return { pass: true, message: `all ${plural(thresholds.length, 'threshold')} passed:\n${thresholds.map(describeThreshold).join('\n')}` };
  }
  return {
    pass: false,
    message: `${failed.length} of ${plural(thresholds.length, 'threshold')} failed:\n${failed.map(describeThreshold).join('\n')}`,
  };
};
