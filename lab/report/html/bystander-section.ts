// The bystander in the HTML report (issue 27, docs/bystander.md): per config and per bystander
// (in the lab's process, in a child process), its GET latency alone and while the config's runs
// ran, the p99 ratio between the two, the lab's longest event-loop stall and the errors. The
// during figures and the ratio are read through the registry (the same entries thresholds,
// compare and the matchers read), every value through escape.ts.

import { configMetricByKey, type BystanderSideResult, type ConfigResult, type LabResult } from '../../contracts/index.ts';
import { onNode } from '../bystander-block.ts';
import { fixed } from '../figures.ts';
import { figure, html, NA, type Html } from './escape.ts';
import { countCell, table, usCell } from './tables.ts';

// Each bystander's registry keys: during p50, during p99, p99 during / alone.
const KEYS: Readonly<Record<BystanderSideResult['process'], { p50: string; p99: string; ratio: string }>> = {
  same: { p50: 'bystanderP50Us', p99: 'bystanderP99Us', ratio: 'bystanderP99Ratio' },
  other: { p50: 'bystanderOtherP50Us', p99: 'bystanderOtherP99Us', ratio: 'bystanderOtherP99Ratio' },
};

const registered = (key: string, config: ConfigResult): number | null => configMetricByKey(key)?.read(config) ?? null;

const ratioCell = (value: number | null): Html =>
  value === null ? NA : value > 2 ? html`<span class="bad">${figure(value, (v) => `${fixed(v, v < 10 ? 2 : 0)}×`)}</span>` : figure(value, (v) => `${fixed(v, v < 10 ? 2 : 0)}×`);

const sideRow = (config: ConfigResult, side: BystanderSideResult): unknown[] => {
  const keys = KEYS[side.process] ?? KEYS.same;
  const loopMs = config.bystander?.eventLoopMaxBlockMs;
  return [
    html`<code>${config.id}</code>`,
    side.process,
    usCell(side.baselineLatencyUs?.p50),
    usCell(side.baselineLatencyUs?.p99),
    usCell(registered(keys.p50, config)),
    usCell(registered(keys.p99, config)),
    ratioCell(registered(keys.ratio, config)),
    side.process === 'same' ? figure(loopMs, (v) => `${fixed(v, 1)} ms`) : NA,
    countCell(side.sent),
    side.errors > 0 ? html`<span class="bad">${countCell(side.errors)}</span>` : countCell(side.errors),
  ];
};

/** The section, or nothing when no config had a bystander. */
export const bystanderSection = (result: LabResult): Html | '' => {
  const measured = result.configs.filter((c) => c.bystander !== undefined);
  const first = measured[0]?.bystander;
  if (first === undefined) return '';
  const rows = measured.flatMap((c) => [c.bystander?.same, c.bystander?.other].flatMap((side) => (side === undefined ? [] : [sideRow(c, side)])));
  return html`<h2>Bystander</h2><p class="caption">A ${first.command} at ${figure(first.ratePerSec, String)}/s on its own connection through the same link${onNode(first.node)}, beside each config's measured runs and alone for as long, latency from when each was due (open loop). same: in the lab's process (behind its event loop and the server); other: a child Node process (behind the server only). p99 ×: during p99 / alone p99; loop max: the longest the lab's event loop stood still during the runs.</p>${table(
    ['config', 'process', 'alone p50', 'alone p99', 'during p50', 'during p99', 'p99 ×', 'loop max', 'sent', 'errors'],
    rows,
    'figures',
  )}`;
};
