// The reconcile block: one verdict row per fault × mode × retry policy (what the server applied
// against what the client was told), then why each UNSAFE, UNKNOWN or NOT-TESTED row is what it
// is. NOT-TESTED: the fault never fired, so nothing was judged (a warning, not a pass).

import { RECONCILE_METRICS, REQUEST_BATCH_COLUMNS, REQUEST_ROW_COLUMNS, reconcileMetricByName, waitText, type ReconcileEntry, type ReconcileMetricSpec } from '../contracts/index.ts';
import { formatMs } from './figures.ts';
import { hangWrap, paint, verdictStyle, wrapNote } from './terminal-style.ts';
import { droppedNote, fitGrid, left, right } from './grid.ts';
import type { Cell, Column, GridRow } from './grid.ts';

// Topology timeline rows: per-write latency (the registry's write-p(50), write-p(99), write-max)
// and, when the runs differ, each count run by run.
const LATENCY_COLUMNS = [['write-p(50)', 'p50 ms'], ['write-p(99)', 'p99 ms'], ['write-max', 'max ms']] as const;

const columnsFor = (withRtt: boolean, withClient: boolean, withHits: boolean, withWrite = false, withWait = false, withLatency = false, withRuns = false, withRequests = false, withBatches = false): Column[] => [
  ...(withWrite ? [left('write')] : []),
  left('fault'),
  left('mode'),
  ...(withWait ? [left('wait')] : []),
  ...(withHits ? [left('hit')] : []),
  left('policy'),
  ...(withClient ? [left('client', 6)] : []),
  ...(withRtt ? [right('rtt ms', 7)] : []),
  right('applied', 3),
  right('acked', 4),
  right('failed', 5),
  right('indet', 2),
  right('lost'),
  right('dup'),
  left('verdict'),
  left('runs', 1),
  right('retries', 2.5),
  ...(withLatency ? LATENCY_COLUMNS.map(([, title]) => right(title, 2)) : []),
  ...(withRuns ? [left('per run', 2)] : []),
  ...(withRequests ? REQUEST_ROW_COLUMNS.map(([, title]) => right(title, 2)) : []),
  ...(withBatches ? REQUEST_BATCH_COLUMNS.map(([, title]) => right(title, 2)) : []),
];

const LEGEND = [
  'counts are operations (first run)',
  'applied: applied at least once / issued',
  'acked: the client got a reply',
  'indet: sent, no reply before the connection died',
  'lost: acked but not applied',
  'dup: applied more than once',
];
const LATENCY_LEGEND = 'p50/p99/max ms: per-write latency over every run (send to reply; a policy: its perform, retries included)';
const REQUESTS_LEGEND =
  'req: a request workload (first run): requests sent, completed, failed (a step failed), failed near fault (span overlapped the fault); p50/p99 ms over the completed requests (open loop: from the intended start); counts above are its writes';
const BATCHES_LEGEND =
  'batches, batch wait p99 ms: the window batcher under the fault (first run): batches sent, and the 99th percentile of a request\'s wait from its intended start until its batch left (inside req p50/p99)';
const RUNS_LEGEND = 'per run: the counts that differed between runs, run by run (lost, dup, indet, failed-applied, redirects, retries)';

// The registry's per-run counts that differ between the row's runs: `lost 0/12`.
const SHORT: Record<string, string> = { duplicated: 'dup', indeterminate: 'indet', 'failed-but-applied': 'failed-applied', redirected: 'redirects' };
const spreadText = (entry: ReconcileEntry): string =>
  (RECONCILE_METRICS as readonly ReconcileMetricSpec[])
    .flatMap((m) => {
      const runs = m.unit === 'count' ? m.perRun?.(entry) : undefined;
      return runs === undefined || new Set(runs).size <= 1 ? [] : [`${SHORT[m.name] ?? m.name} ${runs.join('/')}`];
    })
    .join(', ');

const latencyCell = (name: string, entry: ReconcileEntry): Cell => {
  const us = reconcileMetricByName(name)?.read(entry) ?? null;
  return us === null ? { text: '-', style: 'dim' } : { text: formatMs(us / 1000) };
};

// Legends of their own (wrapped apart from the one above).
const RETRIES_LEGEND = 'retries: re-sends the policy announced with retrying(); +N lib: operations the client library re-sent on its own, seen on the wire (counted with tags only)';
const AT_LEAST_LEGEND = 'lost ≥ N, dup ≥ N: without tags the server cannot show which operations were lost or applied twice; N is the least the counter proves';

const HITS_LEGEND = "hit: the connections the fault hit (Toxiproxy acts on every connection; a byte cut counts on each connection's own stream); order is checked per connection";

// Several connections: `all 4` (the entry's faultHits says it in words).
const hitsText = (entry: ReconcileEntry): string => {
  const connections = entry.connections ?? 1;
  return connections === 1 ? '1 conn' : `all ${connections}`;
};

const NOT_TESTED_LEGEND = 'NOT-TESTED: the fault never fired, so nothing was judged';

// Announced retries, then the library's own re-sends seen on the wire: `0 +32 lib`.
const retriesCell = (counts: ReconcileEntry['counts']): Cell => {
  const resent = counts.resent ?? 0;
  return { text: resent > 0 ? `${counts.retries} +${resent} lib` : String(counts.retries), style: counts.retries + resent > 0 ? 'warn' : 'dim' };
};

// A count that should be zero: red when it is not.
const anomalyCell = (count: number): Cell => ({ text: String(count), style: count > 0 ? 'fail' : 'dim' });

/** "3/3 identical" when every run gave the same counts, else "DIFFERED"; one run says so. */
export const consistencyText = (entry: Pick<ReconcileEntry, 'runs' | 'consistent'>): string =>
  !entry.consistent ? 'DIFFERED' : entry.runs === 1 ? '1 run' : `${entry.runs}/${entry.runs} identical`;

// A request figure from the registry: a count, or a latency in ms; '-' when not measured.
const requestCell = (name: string, entry: ReconcileEntry): Cell => {
  const spec = reconcileMetricByName(name);
  const value = spec?.read(entry) ?? null;
  if (value === null) return { text: '-', style: 'dim' };
  return spec?.unit === 'us' ? { text: formatMs(value / 1000) } : { text: String(value), ...(name.includes('failed') && value > 0 ? { style: 'warn' as const } : {}) };
};

const entryRow = (entry: ReconcileEntry, withRtt: boolean, withClient: boolean, withHits: boolean, withWrite = false, withWait = false, withLatency = false, withRuns = false, withRequests = false, withBatches = false): GridRow => {
  const { counts } = entry;
  return {
    kind: 'cells',
    cells: [
      ...(withWrite ? [{ text: entry.workload ?? '' }] : []),
      { text: entry.fault },
      { text: entry.mode },
      // A primary with replicas: the WAIT setting, as thresholds select it.
      ...(withWait ? [{ text: entry.wait === undefined ? '' : waitText(entry.wait) }] : []),
      ...(withHits ? [{ text: hitsText(entry) }] : []),
      { text: entry.policy },
      ...(withClient ? [{ text: entry.client ?? '', style: 'dim' as const }] : []),
      ...(withRtt ? [{ text: String(entry.rttMs) }] : []),
      { text: `${counts.applied}/${counts.issued}` },
      { text: String(counts.acknowledged) },
      { text: String(counts.failed), style: 'dim' },
      { text: String(counts.indeterminate) },
      counts.lostAtLeast === true ? { text: `≥ ${counts.lost}`, style: counts.lost > 0 ? 'fail' : 'dim' } : anomalyCell(counts.lost),
      counts.duplicatedAtLeast === true ? { text: `≥ ${counts.duplicated}`, style: counts.duplicated > 0 ? 'fail' : 'dim' } : anomalyCell(counts.duplicated),
      { text: entry.verdict, style: verdictStyle(entry.verdict) },
      { text: consistencyText(entry), ...(entry.consistent ? {} : { style: 'warn' as const }) },
      retriesCell(counts),
      ...(withLatency ? LATENCY_COLUMNS.map(([name]) => latencyCell(name, entry)) : []),
      ...(withRuns ? [{ text: spreadText(entry), style: 'warn' as const }] : []),
      ...(withRequests ? REQUEST_ROW_COLUMNS.map(([name]) => requestCell(name, entry)) : []),
      ...(withBatches ? REQUEST_BATCH_COLUMNS.map(([name]) => requestCell(name, entry)) : []),
    ],
  };
};

// "lost [12, 13]; duplicated [40]": a few operation ids per anomaly, or nothing.
const examplesText = (entry: ReconcileEntry): string =>
  (['lost', 'duplicated', 'unexpected'] as const)
    .filter((kind) => entry.examples[kind].length > 0)
    .map((kind) => `${kind} [${entry.examples[kind].join(', ')}]`)
    .join('; ');

// A row in which no operation succeeded explains itself whatever its verdict.
const explains = (entry: ReconcileEntry, verdict: ReconcileEntry['verdict']): boolean =>
  entry.verdict === verdict && (verdict !== 'SAFE' || (entry.counts.acknowledged === 0 && entry.counts.issued > 0));

// Why each UNSAFE (then UNKNOWN, then NOT-TESTED) row is what it is, with example operation ids;
// then a SAFE row in which every operation failed.
const reasonLines = (entries: readonly ReconcileEntry[], color: boolean, width: number): string[] =>
  (['UNSAFE', 'UNKNOWN', 'NOT-TESTED', 'SAFE'] as const).flatMap((verdict) =>
    entries
      .filter((entry) => explains(entry, verdict))
      .flatMap((entry) => {
        const examples = examplesText(entry);
        return [
          `  ${paint(verdict, verdictStyle(verdict), color)} ${entry.id}`,
          ...(entry.reasons.length === 0 ? ['no reason recorded'] : entry.reasons).flatMap((reason) => hangWrap(`      - ${reason}`, width)),
          ...(examples === '' ? [] : hangWrap(`      example op ids: ${examples}`, width).map((line) => paint(line, 'dim', color))),
        ];
      }),
  );

export const renderReconcile = (entries: readonly ReconcileEntry[] | undefined, color: boolean, width: number): string[] => {
  if (entries === undefined) return [];
  const title = `${paint('Reconcile', 'bold', color)} ${paint('(server state after the fault, against what the client was told)', 'dim', color)}`;
  if (entries.length === 0) return [title, '  none'];
  const withRtt = new Set(entries.map((e) => e.rttMs)).size > 1;
  const withClient = entries.some((e) => e.client !== undefined);
  const withHits = entries.some((e) => (e.connections ?? 1) > 1);
  const withWrite = entries.some((e) => e.workload !== undefined);
  const withWait = entries.some((e) => e.wait !== undefined);
  const withLatency = entries.some((e) => e.latencyUs !== undefined);
  const withRuns = entries.some((e) => spreadText(e) !== '');
  const withRequests = entries.some((e) => e.requests !== undefined);
  const withBatches = entries.some((e) => e.requests?.batching !== undefined);
  const rows = entries.map((e) => entryRow(e, withRtt, withClient, withHits, withWrite, withWait, withLatency, withRuns, withRequests, withBatches));
  const { lines, dropped } = fitGrid(columnsFor(withRtt, withClient, withHits, withWrite, withWait, withLatency, withRuns, withRequests, withBatches), rows, color, width);
  const untested = entries.some((e) => e.verdict === 'NOT-TESTED') ? [NOT_TESTED_LEGEND] : [];
  const atLeast = entries.some((e) => e.counts.duplicatedAtLeast === true || e.counts.lostAtLeast === true) ? [AT_LEAST_LEGEND] : [];
  const notes = [...wrapNote([...LEGEND, ...(withHits ? [HITS_LEGEND] : []), ...untested, ...(withLatency ? [LATENCY_LEGEND] : []), ...(withRuns ? [RUNS_LEGEND] : []), ...(withRequests ? [REQUESTS_LEGEND] : []), ...(withBatches ? [BATCHES_LEGEND] : [])], width - 2), ...wrapNote([RETRIES_LEGEND, ...atLeast], width - 2)].map((line) =>
    paint(`  ${line}`, 'dim', color),
  );
  return [title, ...lines, ...droppedNote(dropped, width, color), ...notes, ...reasonLines(entries, color, width)];
};
