// The result as a plain-text report for stdout. It renders a LabResult and never measures.

import type { LabResult } from '../run/result.ts';
import { paint, verdict } from './ansi.ts';
import { renderCalibration } from './calibration-block.ts';
import { failedVerification, renderConfigs, renderFailures } from './configs-block.ts';
import { renderHeader } from './header.ts';
import { renderThresholds } from './thresholds-block.ts';

export interface TableOptions {
  /** ANSI colors (green pass, red fail, dim secondary); false writes no escape code at all. */
  color: boolean;
}

// Why the overall verdict is FAIL, counted from the result itself.
const failureReasons = (result: LabResult): string[] => {
  const failedConfigs = result.configs.filter(failedVerification).length;
  const failedThresholds = result.thresholds.filter((t) => !t.pass).length;
  return [
    ...(failedConfigs > 0 ? [`${failedConfigs} config(s) failed verification`] : []),
    ...(failedThresholds > 0 ? [`${failedThresholds} threshold(s) failed`] : []),
  ];
};

const renderOverall = (result: LabResult, color: boolean): string => {
  const reasons = failureReasons(result);
  const detail = !result.pass && reasons.length > 0 ? ` (${reasons.join('; ')})` : '';
  return `${paint('Overall:', 'bold', color)} ${verdict(result.pass, color)}${detail}`;
};

// Things that make a figure less than it seems, stated before the verdict.
const renderWarnings = (warnings: readonly string[], color: boolean): string[] =>
  warnings.length === 0
    ? []
    : [paint('Warnings:', 'warn', color), ...warnings.map((line) => `  ${paint('!', 'warn', color)} ${line}`)];

const renderNotMeasured = (notMeasured: readonly string[], color: boolean): string[] =>
  notMeasured.length === 0
    ? []
    : [paint('Not measured:', 'dim', color), ...notMeasured.map((line) => paint(`  - ${line}`, 'dim', color))];

/** The whole report, sections separated by blank lines, ending with a newline. */
export const renderTable = (result: LabResult, opts: TableOptions): string => {
  const { color } = opts;
  const sections = [
    renderHeader(result, color),
    renderCalibration(result.calibration, color),
    renderConfigs(result.configs, color),
    renderFailures(result.configs, color),
    renderThresholds(result.thresholds, color),
    renderWarnings(result.warnings, color),
    [renderOverall(result, color)],
    renderNotMeasured(result.notMeasured, color),
  ].filter((lines) => lines.length > 0);
  return `${sections.map((lines) => lines.join('\n')).join('\n\n')}\n`;
};
