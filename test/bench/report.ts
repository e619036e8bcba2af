// The bench's printed report, built from its measurements (pure: returns text). Three parts
// kept apart on purpose: the drivers' timed span vs bare ioredis (the instrumentation cost
// the 3% goal is about), runWorkload()'s reported span vs bare (the same goal: the span a
// result reports must be the workload's) with its untimed bookkeeping (reset, INFO,
// verification: wall time, not in any reported figure), and redis-benchmark as the server's
// capacity.

import { median } from '../../lab/metrics/index.ts';
import { judgeOverhead, pairRatios, summarizeRatios, type Judgement, type Pair, type RatioSummary } from './ab.ts';
import type { WholeRun } from './lab-runs.ts';
import type { BenchmarkResult } from './redis-benchmark.ts';
import { formatTable, intText, msText, overheadText, ratioText } from './table.ts';

export interface ModeFigures {
  /** `sync`, `pipeline:256` */
  label: string;
  commands: number;
  /** a: drive()'s timed span, b: the bare loop, ms. */
  drive: Pair<number, number>[];
  /** a: runWorkload(), b: the bare loop, ms. */
  whole: Pair<WholeRun, number>[];
}

const med = (xs: readonly number[]): number => median(xs) ?? Number.NaN;
const range = (lo: number, hi: number, f: (x: number) => string): string => `${f(lo)}–${f(hi)}`;

interface DriveVerdict {
  label: string;
  summary: RatioSummary;
  judgement: Judgement;
}

// Per mode: the per-pair ratios lab/bare of the figure `labMs` picks, summarised and judged.
const verdicts = <A>(modes: readonly ModeFigures[], goalRatio: number, pairsOf: (m: ModeFigures) => Pair<A, number>[], labMs: (a: A) => number): DriveVerdict[] =>
  modes.map((m) => {
    const pairs = pairsOf(m);
    const summary = summarizeRatios(pairRatios(pairs.map((p) => labMs(p.a)), pairs.map((p) => p.b)));
    return { label: m.label, summary, judgement: judgeOverhead(summary, goalRatio) };
  });

const driveVerdicts = (modes: readonly ModeFigures[], goalRatio: number): DriveVerdict[] => verdicts(modes, goalRatio, (m) => m.drive, (a) => a);

export const driveSection = (modes: readonly ModeFigures[], goalRatio: number): string => {
  const verdicts = driveVerdicts(modes, goalRatio);
  const rows = modes.map((m, i) => {
    const s = (verdicts[i] as DriveVerdict).summary;
    const bareMs = med(m.drive.map((p) => p.b));
    const labMs = med(m.drive.map((p) => p.a));
    return [
      m.label,
      intText(m.commands),
      String(s.pairs),
      msText(bareMs),
      msText(labMs),
      intText(m.commands / (bareMs / 1000)),
      intText(m.commands / (labMs / 1000)),
      ratioText(s.median),
      range(s.p10, s.p90, ratioText),
      range(s.min, s.max, ratioText),
      s.ci === undefined ? 'n/a' : range(s.ci.low, s.ci.high, ratioText),
      overheadText(s.median),
    ];
  });
  const table = formatTable(
    [
      { header: 'mode' },
      { header: 'commands', right: true },
      { header: 'pairs', right: true },
      { header: 'bare ms', right: true },
      { header: 'lab ms', right: true },
      { header: 'bare ops/s', right: true },
      { header: 'lab ops/s', right: true },
      { header: 'ratio', right: true },
      { header: 'p10–p90', right: true },
      { header: 'min–max', right: true },
      { header: 'CI', right: true },
      { header: 'overhead', right: true },
    ],
    rows,
  );
  return [
    "1. Timed span: the lab's drive() vs a bare ioredis loop (the instrumentation cost)",
    '   ms and ops/s are medians over the pairs; ratio = lab ms / bare ms per pair, its median;',
    '   CI = order-statistic confidence interval of the median ratio (coverage >= 95%; exact figure below).',
    '',
    table,
    '',
    ...verdicts.map((v) => `   ${v.label}: ${v.judgement.text}`),
  ].join('\n');
};

export const wholeSection = (modes: readonly ModeFigures[], goalRatio: number): string => {
  const timedVerdicts = verdicts(modes, goalRatio, (m) => m.whole, (a) => a.timedMs);
  const rows = modes.map((m, i) => {
    const bare = m.whole.map((p) => p.b);
    const timed = (timedVerdicts[i] as DriveVerdict).summary;
    const wall = summarizeRatios(pairRatios(m.whole.map((p) => p.a.wallMs), bare));
    const bookkeepingMs = m.whole.map((p) => p.a.wallMs - p.a.timedMs);
    return [
      m.label,
      String(timed.pairs),
      msText(med(bare)),
      msText(med(m.whole.map((p) => p.a.timedMs))),
      ratioText(timed.median),
      range(timed.p10, timed.p90, ratioText),
      range(timed.min, timed.max, ratioText),
      timed.ci === undefined ? 'n/a' : range(timed.ci.low, timed.ci.high, ratioText),
      overheadText(timed.median),
      msText(med(m.whole.map((p) => p.a.wallMs))),
      `${ratioText(wall.median)} (${range(wall.min, wall.max, ratioText)})`,
      `${msText(med(bookkeepingMs))} (${range(Math.min(...bookkeepingMs), Math.max(...bookkeepingMs), msText)})`,
    ];
  });
  const table = formatTable(
    [
      { header: 'mode' },
      { header: 'pairs', right: true },
      { header: 'bare ms', right: true },
      { header: 'timed ms', right: true },
      { header: 'ratio', right: true },
      { header: 'p10–p90', right: true },
      { header: 'min–max', right: true },
      { header: 'CI', right: true },
      { header: 'overhead', right: true },
      { header: 'wall ms', right: true },
      { header: 'wall/bare (min–max)', right: true },
      { header: 'bookkeeping ms (min–max)', right: true },
    ],
    rows,
  );
  return [
    '2. Whole measured run: runWorkload() vs the same bare loop',
    '   timed = the span runWorkload reports (drive(), with the client memory and GC figures read',
    '   around it and inside it only by the kernel and V8); ratio = timed ms / bare ms per pair, its',
    '   median and CI as in 1. wall = the whole call; bookkeeping = wall − timed: FLUSHDB, INFO',
    '   before/after, a young-generation GC, reply and final-state verification. It is untimed: no reported',
    '   figure includes it.',
    '',
    table,
    '',
    ...timedVerdicts.map((v) => `   ${v.label} timed span: ${v.judgement.text}`),
  ].join('\n');
};

/** `labPinned`: sections 1 and 2 ran pinned while redis-benchmark runs unpinned, so the % compares two placements. */
export const benchmarkSection = (results: readonly BenchmarkResult[] | string, labOpsPerSec: ReadonlyMap<number, number>, labPinned: boolean): string => {
  const head = '3. Server capacity reference: redis-benchmark -t incr on the same server (C client, no client-side bookkeeping)';
  if (typeof results === 'string') return `${head}\n   ${results}`;
  const rows = results.map((r) => {
    const lab = labOpsPerSec.get(r.pipeline);
    return [
      String(r.pipeline),
      String(r.clients),
      intText(r.requests),
      intText(r.opsPerSec),
      r.clients === 1 && lab !== undefined ? `${(lab / r.opsPerSec * 100).toFixed(0)}%` : '',
    ];
  });
  const table = formatTable(
    [
      { header: '-P', right: true },
      { header: '-c', right: true },
      { header: '-n', right: true },
      { header: 'ops/s', right: true },
      { header: 'lab ops/s as % of it', right: true },
    ],
    rows,
  );
  const placement = labPinned
    ? ['   The lab\'s ops/s were measured pinned (client and server on one core), redis-benchmark\'s unpinned: the % compares',
       '   two CPU placements as well as two clients (with one connection, two cores can be the slower placement).']
    : [];
  return [head, '   -c 1 is the lab\'s shape (one connection); -c 50 is what the server takes with many.', ...placement, '', table].join('\n');
};
