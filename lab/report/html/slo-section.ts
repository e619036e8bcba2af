// The SLO rate search in the HTML report (issue 26, docs/slo-search.md): per config whose arrival
// had `slo:`, the objective, the highest rate found meeting it (read through the registry's
// max-rate, as thresholds and compare read it), every probe as a row in the order it ran, why the
// search stopped, and a chart of the objective's figure against the offered rate with the
// objective's bound and the rate found marked. A probe's figure is in its metric's unit (the
// registry entry's), shown as the table block shows it. Every value through escape.ts; a value
// that is not a number (a crafted file) is shown as escaped text and is a gap in the chart.

import { configMetricByKey, type ConfigResult, type LabResult, type SloProbe } from '../../contracts/index.ts';
import { fixed } from '../figures.ts';
import type { Chart } from './chart.ts';
import { figure, finiteOrNull, html, raw, type Html } from './escape.ts';
import { countCell, table, usCell } from './tables.ts';

const rateCell = (value: unknown): Html => figure(value, (v) => `${fixed(v, v < 100 ? 2 : 1)}/s`);
const read = (key: string, c: ConfigResult): number | null => configMetricByKey(key)?.read(c) ?? null;
const isUs = (metric: unknown): boolean => typeof metric === 'string' && configMetricByKey(metric)?.unit === 'us';

// The searched configs; probesOf: a config's probes as a list (a crafted file's other value: none).
const searchedConfigs = (result: LabResult): ConfigResult[] => result.configs.filter((c) => c.slo !== undefined && c.slo !== null);
const probesOf = (c: ConfigResult): SloProbe[] => (Array.isArray(c.slo?.probes) ? c.slo.probes.filter((p) => typeof p === 'object' && p !== null) : []);

// The objective's figure in its metric's unit: latency as the tables write it, anything else as a number.
const actualCell = (metric: unknown, value: unknown): Html => (isUs(metric) ? usCell(value) : figure(value, (v) => fixed(v, 2)));

const verdictCell = (p: SloProbe): Html => (p.met === true ? raw('<span class="pass">met</span>') : raw('<span class="fail">missed</span>'));

// How the probe was decided: a miss is run again before the search believes it (slo-runs.ts).
const triesCell = (metric: unknown, p: SloProbe): Html => {
  const first = p.firstTry;
  if (first !== undefined && first !== null) return html`met on the second try; first try ${actualCell(metric, first.actual)}${first.saturated === true ? ' SATURATED' : ''}`;
  return p.met === true ? raw('first try') : raw('confirmed: missed twice');
};

const probeRow = (metric: unknown, p: SloProbe, index: number): unknown[] => [
  countCell(index + 1),
  rateCell(p.offeredPerSec),
  rateCell(p.achievedPerSec),
  actualCell(metric, p.actual),
  verdictCell(p),
  triesCell(metric, p),
  p.saturated === true ? raw('<span class="fail">SATURATED</span>') : p.saturated === false ? raw('<span class="na">no</span>') : html`${p.saturated}`,
  html`${countCell(p.verifiedRuns)}/${countCell(p.runs)}`,
];

const clientsText = (c: ConfigResult): string => {
  const clients: unknown = c.clients;
  if (clients === undefined) return `${String(c.connections)} connection(s)`;
  if (typeof clients === 'object' && clients !== null && 'pool' in clients) return `a pool of ${String(clients.pool)}`;
  return clients === 'shared' ? 'one shared connection' : String(clients);
};

// What was run and what was not, for the caption.
const captionOf = (c: ConfigResult, probes: readonly SloProbe[]): string => {
  const slo = c.slo;
  const runs = probes.reduce((sum, p) => sum + (typeof p.runs === 'number' ? p.runs : 0), 0);
  const rates = probes.map((p) => p.offeredPerSec).filter((r): r is number => typeof r === 'number');
  const link = c.link === 'direct' ? 'direct (no proxy)' : `rtt ${String(c.rttMs)} ms`;
  const found = finiteOrNull(slo?.foundPerSec);
  const missed = finiteOrNull(slo?.missedPerSec);
  const between =
    found !== null && missed !== null
      ? ` Rates between ${fixed(found, 1)}/s and ${fixed(missed, 1)}/s were not run: the limit lies somewhere in that bracket.`
      : found === null
        ? ' No probe met the objective, so no rate is claimed.'
        : ' No probe above the rate found missed, so the limit may be higher than any rate run.';
  const span = rates.length === 0 ? '' : ` from ${fixed(Math.min(...rates), 1)}/s to ${fixed(Math.max(...rates), 1)}/s`;
  return `Open loop, ${link}, ${clientsText(c)}: ${probes.length} probes (${runs} measured runs in all)${span}, each an ordinary open-loop run of this config at one offered rate; a miss was run a second time before it was believed. The config's other figures are its probe at the rate found.${between} Only the objective's figure decides; the table's other columns are evidence.`;
};

const searchBlock = (c: ConfigResult, index: number, prefix: string, charts: readonly Chart[], block: (chart: Chart) => Html): Html => {
  const slo = c.slo;
  const probes = probesOf(c);
  const maxRate = read('maxRatePerSec', c);
  const found = maxRate === null ? raw('<span class="fail">none met it</span>') : html`<strong>${rateCell(maxRate)}</strong>`;
  return html`<h3><code>${c.id}</code>: ${slo?.objective}</h3>
<p>max-rate ${found}${slo?.missedPerSec === null || slo?.missedPerSec === undefined ? '' : html` (lowest rate missing it: ${rateCell(slo.missedPerSec)})`}; stopped: ${slo?.stopped}</p>
<p class="caption">${captionOf(c, probes)}</p>
${table(['probe', 'offered', 'achieved', configMetricByKey(String(slo?.metric))?.name ?? 'figure', 'objective', 'tries', 'saturated', 'verified runs'], probes.map((p, i) => probeRow(slo?.metric, p, i)), 'figures')}
${charts.filter((chart) => chart.id === `${prefix}slo-c${index}`).map(block)}`;
};

/** The section, or nothing when no config searched its rate. `charts` are this result's charts
 * (ids prefixed), `block` draws one. */
export const sloSection = (result: LabResult, prefix: string, charts: readonly Chart[], block: (chart: Chart) => Html): Html | '' => {
  const searched = searchedConfigs(result);
  if (searched.length === 0) return '';
  return html`<h2>SLO rate search</h2><p class="caption">The highest offered rate meeting each objective (max-rate, as thresholds and compare read it): the search brackets the rate geometrically from the arrival's rate, bisects the bracket, and stops once it is narrow enough, the probes run out or nothing meets the objective. A saturated probe never meets it.</p>
${searched.map((c, i) => searchBlock(c, i, prefix, charts, block))}`;
};

const inChartUnit = (metric: unknown, value: unknown): number | null => {
  const v = finiteOrNull(value);
  return v === null ? null : isUs(metric) ? v / 1000 : v;
};

/** Per searched config: the objective's figure at each probe against the offered rate, the bound
 * as a dotted line, the rate found and the lowest miss ringed. Needs two probed rates. */
export const sloCharts = (result: LabResult): Chart[] =>
  searchedConfigs(result).flatMap((c, index) => {
    const slo = c.slo;
    // The last probe at each rate (a rate is probed once; a crafted file may repeat one).
    const byRate = new Map<number, SloProbe>();
    for (const p of probesOf(c)) if (finiteOrNull(p.offeredPerSec) !== null) byRate.set(p.offeredPerSec, p);
    const x = [...byRate.keys()].sort((a, b) => a - b);
    if (slo === undefined || x.length < 2) return [];
    const at = (rate: unknown, pick: (p: SloProbe) => number | null) => x.map((r) => (r === rate ? pick(byRate.get(r) as SloProbe) : null));
    const metric = slo.metric;
    const us = isUs(metric);
    const name = configMetricByKey(String(metric))?.name ?? String(metric);
    const bound = inChartUnit(metric, slo.value);
    return [
      {
        id: `slo-c${index}`,
        title: `${name} against offered rate: ${c.id}`,
        caption: `Each probe of the search, one point per offered rate (its verified runs); the dotted line is the objective ${String(slo.objective)}; ringed: the rate found${finiteOrNull(slo.missedPerSec) === null ? '' : ' and the lowest rate that missed'}.${us ? ' Log y axis.' : ''}`,
        xLabel: 'offered rate (requests/s)',
        yLabel: us ? `${name} (ms)` : name,
        xScale: 'linear',
        yScale: us ? 'log' : 'linear',
        x,
        series: [
          { label: `${name} at each probe`, values: x.map((r) => inChartUnit(metric, byRate.get(r)?.actual)), style: 'measured', color: 0 },
          { label: `objective: ${String(slo.objective)}`, values: x.map(() => bound), style: 'ideal', color: 1 },
          { label: 'rate found (max-rate)', values: at(slo.foundPerSec, (p) => inChartUnit(metric, p.actual)), style: 'marker', color: 2 },
          { label: 'lowest rate missed', values: at(slo.missedPerSec, (p) => inChartUnit(metric, p.actual)), style: 'marker', color: 1 },
        ],
      },
    ];
  });
