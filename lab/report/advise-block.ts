// The batch-size advisor block (issue 27): per advised config, the budgets, the depth advised (or
// that none met them) and why the search stopped, then every probe as a row: the evidence.

import type { AdviseBudgets, AdviseProbe, BatchAdvice, ConfigResult } from '../contracts/index.ts';
import { configLabeller } from './configs-block.ts';
import { formatBytes, formatCount, formatLatencyUs, formatMs, formatOps } from './figures.ts';
import { gridBlock, left, right, type Cell, type GridRow } from './grid.ts';
import { paint, wrapNote } from './terminal-style.ts';

const COLUMNS = [left('config'), right('batch'), right('ops/s'), right('batch p99'), right('heap growth'), right('replies/batch'), right('sampled omem', 1), left('budgets')];

const LEGEND = [
  'batch p99: the round trip of one pipeline batch (B commands out, B replies back), 99th percentile; heap growth: the client\'s V8 heap above its start during a run (measured, largest over the runs)',
  'replies/batch: the server\'s output bytes per command times B (estimated from measured bytes: the most its output buffer can hold for a client that reads every reply before sending again); sampled omem: INFO client_recent_max_output_buffer (the server\'s own sample, may miss short peaks; not judged)',
  '*: advised (most ops/s within every budget; within 5 % of the best, the smallest depth or the largest window size); a miss was run twice before it was believed',
  'window size (batch: {window, size}): batch p99 is the request p99 from its scheduled arrival, the wait to fill its batch included; replies/batch is for the largest batch the window sent',
];

/** Read from a cluster's primaries: which primary's bytes the evidence is. */
export const CLUSTER_ADVISE_LEGEND =
  'on a cluster (INFO read from every primary): replies/batch is the busiest primary’s output bytes per command times B (a window batch’s keys share one hash tag, so one primary owes it); sampled omem is the highest primary’s sample';

/** Whether an advised config's INFO was read from several nodes (a cluster's primaries). */
export const advisedOnCluster = (configs: readonly ConfigResult[]): boolean =>
  configs.some((c) => c.advice !== undefined && c.serverInfo?.busiestNodeNetOutputBytes !== undefined);

const NA: Cell = { text: 'n/a', style: 'dim' };
const orNa = <T>(v: T | null, f: (x: T) => string): Cell => (v === null ? NA : { text: f(v) });

/** The budgets as written: `request-p99 20ms, client-memory 256 MB`. */
const budgetsText = (b: AdviseBudgets): string =>
  [
    b.requestP99Us === undefined ? '' : `request-p99 ${formatLatencyUs(b.requestP99Us)}`,
    b.clientMemoryBytes === undefined ? '' : `client-memory ${formatBytes(b.clientMemoryBytes)}`,
    b.serverOutputBufferBytes === undefined ? '' : `server-output-buffer ${formatBytes(b.serverOutputBufferBytes)}`,
  ].filter((t) => t !== '').join(', ');

const probeRow = (label: string, advice: BatchAdvice, p: AdviseProbe): GridRow => ({
  kind: 'cells',
  cells: [
    { text: label },
    { text: `${p.batch === advice.advisedBatch ? '*' : ''}${formatCount(p.batch)}`, ...(p.batch === advice.advisedBatch ? { style: 'pass' as const } : {}) },
    orNa(p.opsPerSec, formatOps),
    orNa(p.requestP99Us, formatLatencyUs),
    orNa(p.clientMemoryBytes, formatBytes),
    orNa(p.serverOutputBufferBytes, formatBytes),
    { ...orNa(p.sampledOutputBufferBytes, formatBytes), style: 'dim' },
    p.met ? { text: p.firstTry === undefined ? 'met' : `met (first try missed ${p.firstTry.missed.join(', ')})` } : { text: `missed ${p.missed.join(', ')}`, style: 'fail' },
  ],
});

// `batch`, or for a window size `window size (window 5 ms)` before the size.
const adviseWhat = (advice: BatchAdvice): string => (advice.target === 'window-size' ? `window size (window ${formatMs(advice.windowMs ?? 0)} ms)` : 'batch');

/** The block, or nothing when no config was advised. */
export const renderAdvice = (configs: readonly ConfigResult[], color: boolean, width: number): string[] => {
  const advised = configs.filter((c): c is ConfigResult & { advice: BatchAdvice } => c.advice !== undefined);
  if (advised.length === 0) return [];
  const title = `${paint('Batch-size advisor', 'bold', color)} ${paint('(pipeline depths or window sizes probed in order; the config rows show the advised one)', 'dim', color)}`;
  const { label } = configLabeller(advised);
  const rows = advised.flatMap((c) => c.advice.probes.map((p) => probeRow(label(c), c.advice, p)));
  const notes = advised.map(
    (c) =>
      `${label(c)}: ${c.advice.advisedBatch === null ? 'no batch advised' : `advised ${adviseWhat(c.advice)} ${formatCount(c.advice.advisedBatch)} at ${formatOps(c.advice.advisedOpsPerSec ?? 0)} ops/s`} (${budgetsText(c.advice.budgets)}); ${c.advice.stopped}`,
  );
  // One paragraph per config (wrapNote joins its phrases into one).
  const [head = '', ...grid] = gridBlock({ title, columns: COLUMNS, rows }, color, width);
  return [head, ...grid, ...notes.flatMap((note) => wrapNote([note], width - 2).map((line) => `  ${line}`)), ...wrapNote(advisedOnCluster(advised) ? [...LEGEND, CLUSTER_ADVISE_LEGEND] : LEGEND, width - 2).map((line) => paint(`  ${line}`, 'dim', color))];
};
