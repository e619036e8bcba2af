// The batch-size advisor in the HTML report (issue 27, docs/batch-advisor.md): per config whose
// workload had `advise:`, the budgets, the depth advised and its ops/s (read through the
// registry's advised-batch and advised-ops/s, as thresholds and compare read them) or that no size
// met the budgets, why the search stopped, and every probe as a row in the order it ran, with
// each budget met or missed. Every value through escape.ts; a value that is not what the contract
// says (a crafted file) is shown as escaped text.

import { ADVISE_BUDGETS, configMetricByKey, type AdviseProbe, type ConfigResult, type LabResult } from '../../contracts/index.ts';
import { formatBytes, formatOps } from '../figures.ts';
import { figure, html, NA, raw, type Html } from './escape.ts';
import { advisedOnCluster, CLUSTER_ADVISE_LEGEND } from '../advise-block.ts';
import { countCell, table, usCell } from './tables.ts';

const read = (key: string, c: ConfigResult): number | null => configMetricByKey(key)?.read(c) ?? null;
const opsCell = (value: unknown): Html => figure(value, (v) => `${formatOps(v)} ops/s`);
const bytesCell = (value: unknown): Html => figure(value, formatBytes);

const advisedConfigs = (result: LabResult): ConfigResult[] => result.configs.filter((c) => c.advice !== undefined && c.advice !== null);
const probesOf = (c: ConfigResult): AdviseProbe[] => (Array.isArray(c.advice?.probes) ? c.advice.probes.filter((p) => typeof p === 'object' && p !== null) : []);

// The budgets as written: `request-p99 20.0 ms, client-memory 256 MB`.
const budgetsCell = (c: ConfigResult): Html => {
  const b: Record<string, unknown> = typeof c.advice?.budgets === 'object' && c.advice.budgets !== null ? { ...c.advice.budgets } : {};
  const parts = [
    b.requestP99Us === undefined ? null : html`request-p99 ${usCell(b.requestP99Us)}`,
    b.clientMemoryBytes === undefined ? null : html`client-memory ${bytesCell(b.clientMemoryBytes)}`,
    b.serverOutputBufferBytes === undefined ? null : html`server-output-buffer ${bytesCell(b.serverOutputBufferBytes)}`,
  ].filter((p): p is Html => p !== null);
  return parts.length === 0 ? NA : html`${parts.map((p, i) => html`${i > 0 ? ', ' : ''}${p}`)}`;
};

// Which budgets the config set: one met/missed column each.
const budgetNames = (c: ConfigResult): string[] => {
  const b = c.advice?.budgets;
  const set = { 'request-p99': b?.requestP99Us, 'client-memory': b?.clientMemoryBytes, 'server-output-buffer': b?.serverOutputBufferBytes };
  return ADVISE_BUDGETS.filter((name) => set[name] !== undefined);
};

const budgetCell = (p: AdviseProbe, name: string): Html => {
  const missed: unknown = p.missed;
  if (!Array.isArray(missed)) return html`${missed}`;
  if (missed.includes(name)) return raw('<span class="fail">missed</span>');
  const first: unknown = p.firstTry?.missed;
  return Array.isArray(first) && first.includes(name) ? raw('<span class="pass">met</span> <span class="na">(second try)</span>') : raw('<span class="pass">met</span>');
};

const probeRow = (c: ConfigResult, p: AdviseProbe, index: number): unknown[] => [
  countCell(index + 1),
  p.batch === c.advice?.advisedBatch ? html`<strong>${countCell(p.batch)}</strong> (advised)` : countCell(p.batch),
  opsCell(p.opsPerSec),
  usCell(p.requestP99Us),
  bytesCell(p.clientMemoryBytes),
  bytesCell(p.serverOutputBufferBytes),
  bytesCell(p.sampledOutputBufferBytes),
  ...budgetNames(c).map((name) => budgetCell(p, name)),
  html`${countCell(p.verifiedRuns)}/${countCell(p.runs)}`,
];

// A window size's window, read through the registry as thresholds and compare read it.
const windowText = (c: ConfigResult): string => {
  const windowMs = read('advisedWindowMs', c);
  return windowMs === null ? '' : ` (window ${windowMs} ms)`;
};

const adviceBlock = (c: ConfigResult): Html => {
  const advice = c.advice;
  const probes = probesOf(c);
  const batch = read('advisedBatch', c);
  const advised =
    batch === null
      ? raw('<span class="fail">no size meets the budgets</span>')
      : html`advised ${advice?.target === 'window-size' ? 'window size' : 'batch'} <strong>${countCell(batch)}</strong>${windowText(c)} at ${opsCell(read('advisedOpsPerSec', c))}`;
  return html`<h3><code>${c.id}</code></h3>
<p>budgets: ${budgetsCell(c)}; ${advised}; stopped: ${advice?.stopped}</p>
${table(['probe', 'batch', 'ops/s', 'batch p99', 'client memory', 'output buffer (est.)', 'sampled omem', ...budgetNames(c), 'verified runs'], probes.map((p, i) => probeRow(c, p, i)), 'figures')}`;
};

/** The section, or nothing when no config was advised. */
export const adviseSection = (result: LabResult): Html | '' => {
  const advised = advisedConfigs(result);
  if (advised.length === 0) return '';
  return html`<h2>Batch-size advisor</h2><p class="caption">Each probe is one ordinary closed-loop run of the config at pipeline depth B (its warmup and repeat runs), in the order the search ran them: doubled (or halved) from the scenario's depth, then bisected between the best depth meeting every budget and the first missing one. Measured: ops/s (the median run), batch p99 (a pipelined command's latency is its whole batch's round trip) and client memory (the client's V8 heap growth during a run, the largest over the runs). Estimated: the output buffer, the server's measured output bytes per command times B (the most it can hold for a client that reads every reply before sending again). Sampled omem is the server's own INFO sample, server-wide and able to miss short peaks: shown, never judged. A miss was run twice before it was believed; the advised depth has the most ops/s within every budget (within 5 % of the best, the smallest). A window size (an open-loop request workload with <code>batch: {window, size}</code>) is searched the same way with its window kept: batch p99 is then the request's latency from its scheduled arrival, the wait to fill its batch included; the output buffer is the replies of the largest batch the window sent; and among ties the largest size is advised (fewest batches)${advisedOnCluster(advised) ? `; ${CLUSTER_ADVISE_LEGEND}` : ''}.</p>
${advised.map(adviceBlock)}`;
};
