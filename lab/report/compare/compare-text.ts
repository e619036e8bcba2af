// A Comparison as terminal text: the test used, one row per matched config, what is present on
// one side only, changed verdicts, and the outcome that decides `compare`'s exit code.

import { fixed, formatLatencyUs, formatMs, formatOps } from '../figures.ts';
import { fitGrid, type Column, type GridRow } from '../grid.ts';
import { MAX_FALSE_ALARM, type Change, type Comparison, type ConfigComparison } from './compare.ts';

const pct = (c: Change): string => (c.changePct === null ? '' : ` (${c.changePct >= 0 ? '+' : ''}${fixed(c.changePct, 1)}%)`);

const pair = (c: Change, format: (v: number) => string): string =>
  `${c.base === null ? 'n/a' : format(c.base)} → ${c.next === null ? 'n/a' : format(c.next)}${pct(c)}`;

const range = (runs: number[]): string => (runs.length === 0 ? 'none' : `${formatMs(Math.min(...runs))}–${formatMs(Math.max(...runs))}`);

const noiseText = (c: ConfigComparison): string => {
  const runs = `${c.baseRunsMs.length}v${c.nextRunsMs.length}`;
  const chance = c.falseAlarmChance === null ? '' : `, chance ${fixed(c.falseAlarmChance, 3)}`;
  if (c.noise === 'too-few-runs') return `too few runs to judge (${runs}${chance})`;
  return `${c.noise === 'beyond' ? 'BEYOND noise' : 'within noise'} (${runs}${chance})`;
};

const COLUMNS: Column[] = ['config', 'median base → new', 'runs base → new', 'noise', 'p99 base → new', 'ops/s base → new', 'result'].map(
  (header) => ({ header, align: 'left' }),
);

const list = (title: string, ids: readonly string[]): string[] => (ids.length === 0 ? [] : [`${title}:`, ...ids.map((id) => `  ${id}`)]);

/** The comparison as lines of text, ending with PASS or FAIL and the configs that failed. */
export const renderComparison = (c: Comparison): string => {
  const rows = c.configs.map((config): string[] => [
    config.id,
    pair(config.medianMs, (v) => `${formatMs(v)} ms`),
    `${range(config.baseRunsMs)} → ${range(config.nextRunsMs)} ms`,
    noiseText(config),
    pair(config.p99Us, formatLatencyUs),
    pair(config.opsPerSec, formatOps),
    config.failure === null ? 'ok' : 'SLOWER',
  ]);
  const failures = c.configs.filter((config) => config.failure !== null);
  const unsafe = c.verdictChanges.filter((v) => v.fails);
  const lines = [
    `Noise test: the verified runs' total times of the two sides do not overlap (min–max). If nothing changed, the chance of that is 2 / C(m+n, m) for m and n runs; configs where it exceeds ${MAX_FALSE_ALARM} are not judged. p99 is one histogram over all runs: its change is shown, not judged. A config fails when its median is more than ${c.thresholdPct}% slower and beyond the noise.`,
    '',
    ...(rows.length === 0
      ? ['No config is in both results.']
      : fitGrid(COLUMNS, rows.map((cells): GridRow => ({ kind: 'cells', cells: cells.map((text) => ({ text })) })), false, Infinity, '').lines),
    ...list('Only in base', c.onlyInBase),
    ...list('Only in new', c.onlyInNew),
    ...list('Reconcile rows only in base', c.reconcileOnlyInBase),
    ...list('Reconcile rows only in new', c.reconcileOnlyInNew),
    ...list(
      'Verdicts changed',
      c.verdictChanges.map((v) => `${v.id}: ${v.base} → ${v.next}${v.fails ? '  (FAIL: now UNSAFE)' : ''}`),
    ),
    '',
    c.pass
      ? `PASS: no config slower than ${c.thresholdPct}% beyond noise, no verdict turned UNSAFE`
      : `FAIL: ${[...failures.map((f) => `${f.id}: ${f.failure}`), ...unsafe.map((v) => `${v.id}: verdict ${v.base} → UNSAFE`)].join('; ')}`,
  ];
  return `${lines.join('\n')}\n`;
};
