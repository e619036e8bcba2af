// The result as a plain-text report for stdout. It renders a LabResult and never measures.

import type { LabResult } from '../contracts/index.ts';
import { paint, verdict } from './ansi.ts';
import { renderCalibration } from './calibration-block.ts';
import { failedVerification, renderConfigs, renderErrorKinds, renderFailures } from './configs-block.ts';
import { renderHeader } from './header.ts';
import { renderReconcile } from './reconcile-block.ts';
import { renderServer } from './server-block.ts';
import { renderThresholds } from './thresholds-block.ts';
import { hangWrap } from './wrap.ts';

/** Default terminal width the tables are fitted to. */
export const DEFAULT_TABLE_WIDTH = 120;

export interface TableOptions {
  /** ANSI colors (green pass, red fail, yellow warn, dim secondary); false writes no escape code at all. */
  color: boolean;
  /** Columns the tables must fit: the least important columns are left out (and named) to fit.
   * @default 120 */
  width?: number;
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
const renderWarnings = (warnings: readonly string[], color: boolean, width: number): string[] =>
  warnings.length === 0
    ? []
    : [
        paint('Warnings:', 'warn', color),
        ...warnings.flatMap((line) => hangWrap(`  ! ${line}`, width).map((text) => text.replace(/^ {2}!/, `  ${paint('!', 'warn', color)}`))),
      ];

const renderNotMeasured = (notMeasured: readonly string[], color: boolean, width: number): string[] =>
  notMeasured.length === 0
    ? []
    : [paint('Not measured:', 'dim', color), ...notMeasured.flatMap((line) => hangWrap(`  - ${line}`, width).map((text) => paint(text, 'dim', color)))];

/** The whole report, sections separated by blank lines, ending with a newline. */
export const renderTable = (result: LabResult, opts: TableOptions): string => {
  const { color } = opts;
  const width = Math.max(40, Math.floor(opts.width ?? DEFAULT_TABLE_WIDTH));
  const sections = [
    renderHeader(result, color, width),
    renderCalibration(result.calibration, color, width),
    // A fault scenario judges correctness and measures no configs: no empty Configs block.
    result.configs.length === 0 && result.reconcile !== undefined ? [] : renderConfigs(result.configs, color, width),
    renderFailures(result.configs, color, width),
    renderErrorKinds(result.configs, color, width),
    renderServer(result.configs, result.versions.redis, color, width),
    renderReconcile(result.reconcile, color, width),
    renderThresholds(result.thresholds, color),
    renderWarnings(result.warnings, color, width),
    [renderOverall(result, color)],
    renderNotMeasured(result.notMeasured, color, width),
  ].filter((lines) => lines.length > 0);
  return `${sections.map((lines) => lines.join('\n')).join('\n\n')}\n`;
};
