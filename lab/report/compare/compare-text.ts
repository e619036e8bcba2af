// A Comparison as terminal text: the test used, one row per matched config, what is present on
// one side only, changed verdicts, and the outcome that decides `compare`'s exit code.

import { fixed, formatLatencyUs, formatMs, formatOps } from '../figures.ts';
import { fitGrid, type Column, type GridRow } from '../grid.ts';
import { MAX_FALSE_ALARM, type Change, type Comparison, type ConfigComparison } from './compare.ts';
import { NOISE_LIMITS, type MetricChange } from './metric-change.ts';

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

const METRIC_COLUMNS: Column[] = ['config', 'metric', 'base → new', 'spread base | new', 'noise', 'result'].map((header) => ({ header, align: 'left' }));

const metricValue = (m: MetricChange, v: number): string => (m.unit === 'us' ? formatLatencyUs(v) : m.unit === 'count' ? String(v) : formatOps(v));

const NOISE_WORDS: Record<MetricChange['basis'], string> = {
  runs: 'runs',
  windows: 'windows',
  'sampling-error': 'sampling error',
  threshold: 'threshold only',
  step: 'ramp step',
  flag: 'mark',
};

const metricRow = (id: string, m: MetricChange): string[] => [
  id,
  m.name,
  pair({ base: m.base, next: m.next, changePct: m.changePct }, (v) => metricValue(m, v)),
  m.baseInterval === null || m.nextInterval === null
    ? ''
    : `${metricValue(m, m.baseInterval[0])}–${metricValue(m, m.baseInterval[1])} | ${metricValue(m, m.nextInterval[0])}–${metricValue(m, m.nextInterval[1])}`,
  m.noise === 'not-judged'
    ? `not judged (${m.notJudged})`
    : m.basis === 'threshold' || m.basis === 'flag'
      ? NOISE_WORDS[m.basis]
      : `${m.noise === 'beyond' ? 'BEYOND' : 'within'} ${NOISE_WORDS[m.basis]}: ${m.evidence}`,
  m.failure === null ? 'ok' : 'WORSE',
];

const grid = (columns: Column[], rows: string[][]): string[] =>
  fitGrid(columns, rows.map((cells): GridRow => ({ kind: 'cells', cells: cells.map((text) => ({ text })) })), false, Infinity, '').lines;

// Configs or reconcile rows on one side only: failures, or skipped under --allow-missing.
const missingLines = (c: Comparison): string[] => {
  const tag = c.allowMissing ? 'skipped (--allow-missing)' : 'FAIL unless --allow-missing';
  return [
    ...list(`Only in base, ${tag}`, c.onlyInBase),
    ...list(`Only in new, ${tag}`, c.onlyInNew),
    ...list(`Reconcile rows only in base, ${tag}`, c.reconcileOnlyInBase),
    ...list(`Reconcile rows only in new, ${tag}`, c.reconcileOnlyInNew),
  ];
};

const missingFailures = (c: Comparison): string[] => {
  if (c.allowMissing) return [];
  const all = [...c.onlyInBase.map((id) => `${id}: only in base`), ...c.onlyInNew.map((id) => `${id}: only in new`)];
  const rows = [...c.reconcileOnlyInBase.map((id) => `${id}: reconcile row only in base`), ...c.reconcileOnlyInNew.map((id) => `${id}: reconcile row only in new`)];
  return [...all, ...rows];
};

/** The comparison as lines of text, ending with PASS or FAIL and the configs that failed. */
export const renderComparison = (c: Comparison): string => {
  const rows = c.configs.map((config): string[] => [
    config.id === config.nextId ? config.id : `${config.id} → ${config.nextId}`,
    pair(config.medianMs, (v) => `${formatMs(v)} ms`),
    `${range(config.baseRunsMs)} → ${range(config.nextRunsMs)} ms`,
    noiseText(config),
    pair(config.p99Us, formatLatencyUs),
    pair(config.opsPerSec, formatOps),
    config.failure === null ? 'ok' : 'FAIL',
  ]);
  const failures = c.configs.filter((config) => config.failure !== null);
  const unsafe = c.verdictChanges.filter((v) => v.fails);
  const risen = c.countChanges.filter((v) => v.failure !== null);
  const metricRows = c.configs.flatMap((config) => config.metrics.map((m) => metricRow(config.id, m)));
  const missing = missingFailures(c);
  const lines = [
    `Noise test: the verified runs' total times of the two sides do not overlap (min–max). If nothing changed, the chance of that is 2 / C(m+n, m) for m and n runs; configs where it exceeds ${MAX_FALSE_ALARM} are not judged. Per-command p99 is one histogram over all runs: its change is shown, not judged. A config fails when its median is more than ${c.thresholdPct}% slower and beyond the noise.`,
    '',
    ...(rows.length === 0 ? ['No config is in both results (reconcile rows only).'] : grid(COLUMNS, rows)),
    ...(metricRows.length === 0
      ? []
      : [
          '',
          `Registry figures: each fails when more than ${c.thresholdPct}% worse and beyond its noise. A percentile's noise is its spread across runs (${NOISE_LIMITS.minRuns}+ a side: every new run worse than every base run), else across paired windows (${NOISE_LIMITS.minWindows}+: worse in enough windows for a sign test at ${NOISE_LIMITS.windowTestLevel}), else its sampling error (a floor). achieved/s: the threshold alone; knee/s: and more than one ramp step; saturated: 0 → 1 fails.`,
          ...grid(METRIC_COLUMNS, metricRows),
        ]),
    ...missingLines(c),
    ...list(
      'Verdicts changed',
      c.verdictChanges.map((v) => `${v.id}: ${v.base} → ${v.next}${v.fails ? '  (FAIL: now UNSAFE)' : ''}`),
    ),
    ...list(
      'Row figures changed (counts lost, duplicated, unexpected, lost-replicated: a rise fails beyond the threshold and 3·√base + 1, any where base had none; timeline rows: totals over their runs; write-p(50), write-p(99): the percentile rule)',
      c.countChanges.map((v) => `${v.id}: ${v.metric} ${v.base} → ${v.next}${v.basis === undefined ? '' : ` (${v.basis})`}${v.failure === null ? '' : `  (FAIL: ${v.failure})`}`),
    ),
    '',
    c.pass
      ? `PASS: no config worse than ${c.thresholdPct}% beyond noise, no verdict turned UNSAFE, no count of lost or duplicated writes rose${c.allowMissing && missingFailures({ ...c, allowMissing: false }).length > 0 ? ', configs on one side only skipped' : ''}`
      : `FAIL: ${[...failures.map((f) => `${f.id}: ${f.failure}`), ...unsafe.map((v) => `${v.id}: verdict ${v.base} → UNSAFE`), ...risen.map((v) => `${v.id}: ${v.metric} ${v.base} → ${v.next}`), ...missing].join('; ')}`,
  ];
  return `${lines.join('\n')}\n`;
};
