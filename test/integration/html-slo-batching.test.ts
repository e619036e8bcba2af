// The SLO rate search and the batching window in the HTML report (issues 26 and 27), on real
// results: a short search (one pooled connection, two GETs per request at rtt 5 ms, so its
// capacity is near 1 / (2 x rtt)) and a short batching sweep, both against a real Redis through a
// real Toxiproxy (local runtime). The sections must show the figures the result holds (read
// through the same registry entries thresholds read), the search must emit one progress event
// per probe, and strings planted in the fields the sections print must come out escaped.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenario, startRuntime, type LabResult, type ProgressEvent, type StartedRuntime } from '../../lab/index.ts';
import { formatProgress, renderHtmlReport } from '../../lab/report/index.ts';
import { formatCount, formatLatencyUs } from '../../lab/report/figures.ts';
import { inlineScenario } from './support.ts';

const PAYLOAD = '<script>window.__pwned=1</script><img src=x onerror=alert(1)>';
const ESCAPED = '&lt;script&gt;window.__pwned=1&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;';

// The page without its scripts and style: what the browser parses as markup.
const markupOnly = (page: string): string => page.replace(/(<script[^>]*>)[\s\S]*?(<\/script>)/g, '$1$2').replace(/<style>[\s\S]*?<\/style>/, '<style></style>');
const chartData = (page: string): { charts: { id: string; title: string; x: number[]; series: { label: string; values: (number | null)[] }[] }[] } =>
  JSON.parse(/<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/.exec(page)?.[1] ?? '{"charts":[]}');
const copy = (result: LabResult): LabResult => JSON.parse(JSON.stringify(result)) as LabResult;

let runtime: StartedRuntime;
beforeAll(async () => {
  runtime = await startRuntime('local');
});
afterAll(async () => {
  await runtime?.stop();
});

describe('HTML: SLO rate search', () => {
  it('shows the objective, max-rate, every probe and the chart; one progress event per probe; planted strings escaped', async () => {
    const events: ProgressEvent[] = [];
    const result = await runScenario(
      inlineScenario(`
name: html-slo
workload:
  label: api
  request:
    - {command: GET, key: "a:{r}"}
    - {command: GET, key: "b:{r}"}
  arrival: {rate: 20/s, for: 1s, slo: {objective: "request p(99) < 80ms", within: 25%, probes: 6}}
  clients: {pool: 1}
modes: [sync]
network: {rtt: 5ms}
warmup: 0
repeat: 1
`),
      { runtime, onProgress: (e) => events.push(e) },
    );
    const config = result.configs[0];
    const slo = config?.slo;
    if (config === undefined || slo === undefined) throw new Error('no searched config');
    expect(slo.probes.length).toBeGreaterThanOrEqual(2);

    // One event per probe, in order, with the probe the result kept; the CLI prints each.
    const probeEvents = events.filter((e): e is Extract<ProgressEvent, { type: 'slo-probe-done' }> => e.type === 'slo-probe-done');
    expect(probeEvents.map((e) => [e.configId, e.probeIndex, e.probe.offeredPerSec, e.probe.met])).toEqual(slo.probes.map((p, i) => [config.id, i, p.offeredPerSec, p.met]));
    expect(probeEvents.every((e) => e.maxProbes === 6 && e.objective === 'request p(99) < 80ms')).toBe(true);
    expect(formatProgress(probeEvents[0] as ProgressEvent)).toMatch(/^\[1\/1\] .*rate=search.* probe 1\/6 {2}20\.00\/s {2}request p\(99\) .* (met|missed)/);

    const page = renderHtmlReport([result]);
    expect(page).toContain('<h2>SLO rate search</h2>');
    expect(page).toContain('request p(99) &lt; 80ms');
    expect(page).toContain(`stopped: ${slo.stopped}`);
    const rate = (v: number) => `${v.toFixed(v < 100 ? 2 : 1)}/s`;
    if (slo.foundPerSec !== null) expect(page).toContain(`max-rate <strong>${rate(slo.foundPerSec)}</strong>`);
    else expect(page).toContain('none met it');
    // Every probe is a row: its offered rate, its figure in the metric's unit, met or missed.
    const rows = [...page.matchAll(/<tr><td>(\d+)<\/td><td>([^<]*)<\/td><td>[^<]*<\/td><td>([^<]*)<\/td><td><span class="(pass|fail)">/g)].map((m) => [Number(m[1]), m[2], m[3], m[4]]);
    expect(rows).toEqual(slo.probes.map((p, i) => [i + 1, rate(p.offeredPerSec), p.actual === null ? 'n/a' : formatLatencyUs(p.actual), p.met ? 'pass' : 'fail']));
    // A miss was confirmed by a second try (slo-runs.ts): the row says so.
    if (slo.probes.some((p) => !p.met)) expect(page).toContain('confirmed: missed twice');
    const captions = [...page.matchAll(/<p class="caption">([^<]*)<\/p>/g)].map((m) => m[1] ?? '');
    expect(captions.some((c) => c.startsWith(`Open loop, rtt 5 ms, a pool of 1: ${slo.probes.length} probes`))).toBe(true);
    // The chart: one point per probed rate, the objective's bound (80 ms) as a line, the rate found ringed.
    const chart = chartData(page).charts.find((c) => c.id === 'r0-slo-c0');
    expect(chart?.x).toEqual([...new Set(slo.probes.map((p) => p.offeredPerSec))].sort((a, b) => a - b));
    expect(chart?.series.map((s) => s.label)).toEqual(['request p(99) at each probe', 'objective: request p(99) < 80ms', 'rate found (max-rate)', 'lowest rate missed']);
    expect(chart?.series[1]?.values.every((v) => v === 80)).toBe(true);
    const ringed = chart?.series[2]?.values.flatMap((v, i) => (v === null ? [] : [chart.x[i]])) ?? [];
    expect(ringed).toEqual(slo.foundPerSec === null ? [] : [slo.foundPerSec]);
    expect(page).toContain('id="r0-slo-c0"');

    // Planted strings in the fields the section prints come out as text.
    const hostile = copy(result);
    const h = hostile.configs[0];
    if (h?.slo === undefined) throw new Error('copy lost slo');
    h.id = PAYLOAD;
    h.slo.objective = PAYLOAD;
    h.slo.stopped = PAYLOAD;
    (h.slo.probes[0] as unknown as Record<string, unknown>).offeredPerSec = PAYLOAD;
    (h.slo.probes[1] as unknown as Record<string, unknown>).actual = PAYLOAD;
    const markup = markupOnly(renderHtmlReport([hostile]));
    expect(markup).toContain('<h2>SLO rate search</h2>');
    expect(markup).not.toContain(PAYLOAD);
    expect(markup.split(ESCAPED).length - 1).toBeGreaterThanOrEqual(5);
    expect(renderHtmlReport([hostile])).not.toContain('<script>window.__pwned');
  }, 240_000);
});

describe('HTML: batching window', () => {
  it('shows W, B, the wait against its prediction, flushes and batch sizes, and the trade-off chart; planted strings escaped', async () => {
    const result = await runScenario(
      inlineScenario(`
name: html-batching
workload:
  label: incr
  request: [{command: INCR, key: "c:{r}"}]
  arrival: {rate: 200/s, for: 1s}
  batch: [none, auto, {window: 20ms, size: [8, 1000]}]
modes: [pipeline:all]
network: {rtt: 2ms}
warmup: 0
repeat: 1
`),
      { runtime },
    );
    expect(result.configs.map((c) => c.batching === undefined ? '' : c.id.replace(/.*batch=/, ''))).toEqual(['none', 'auto', '20ms/8', '20ms/1000']);
    const page = renderHtmlReport([result]);
    expect(page).toContain('<h2>Batching window</h2>');
    expect(page).toContain('Open loop at 200/s, rtt 2 ms');
    for (const c of result.configs) {
      const b = c.batching;
      if (b === undefined) throw new Error(`${c.id} has no batching`);
      // The row: id, batcher, then (for a window) W and B and the mean wait as measured.
      const rowStart = page.indexOf(`<tr><td><code>${c.id}</code></td><td>`, page.indexOf('<h2>Batching window</h2>'));
      expect(rowStart, c.id).toBeGreaterThan(0);
      const row = page.slice(rowStart, page.indexOf('</tr>', rowStart));
      if (typeof b.batcher === 'string') {
        expect(row).toContain(`<td>${b.batcher} <span class="na">`);
        continue;
      }
      expect(row).toContain(`<td>window</td><td>20 ms</td><td>${formatCount(b.batcher.size)}</td><td>${formatLatencyUs(b.meanWaitUs as number)}</td>`);
      expect(row).toContain(`${formatLatencyUs(b.predictedMeanWaitUs as number)} <span class="na">(${b.predictedFlushBy})</span>`);
      expect(row).toContain(`<td>${formatCount(b.timerFlushes as number)} / ${formatCount(b.sizeFlushes as number)}</td>`);
    }
    // 200/s into B = 8 fills in 35 ms, after the 20 ms window: the timer sends; B = 1000 never fills.
    expect(result.configs.slice(2).map((c) => c.batching?.predictedFlushBy)).toEqual(['timer', 'timer']);
    // The trade-off: achieved rate against request p99, one ringed point per batch setting.
    const chart = chartData(page).charts.find((c) => c.id === 'r0-tradeoff-0');
    expect(chart?.title).toBe('Throughput against request p99 by batch setting: pipeline:all@rtt=2ms,rate=200/s');
    expect(new Set(chart?.series.map((s) => s.label))).toEqual(new Set(['batch=none', 'batch=auto', 'batch=20ms/8', 'batch=20ms/1000']));
    for (const s of chart?.series ?? []) {
      const config = result.configs.find((c) => c.id.endsWith(s.label));
      const at = s.values.findIndex((v) => v !== null);
      expect(s.values.filter((v) => v !== null), s.label).toEqual([(config?.requestLatencyUs?.p99 ?? Number.NaN) / 1000]);
      expect(chart?.x[at], s.label).toBe(config?.schedule?.achievedPerSec);
    }
    expect(page).toContain('id="r0-tradeoff-0"');

    // Planted strings: the config's id, a batcher that is a string the contract does not know, a count.
    const hostile = copy(result);
    const [none, , window8] = hostile.configs;
    if (none?.batching === undefined || window8?.batching === undefined) throw new Error('copy lost batching');
    none.id = PAYLOAD;
    (none.batching as unknown as Record<string, unknown>).batcher = PAYLOAD;
    (window8.batching as unknown as Record<string, unknown>).predictedFlushBy = PAYLOAD;
    (window8.batching.batcher as unknown as Record<string, unknown>).size = PAYLOAD;
    const rendered = renderHtmlReport([hostile]);
    const markup = markupOnly(rendered);
    expect(markup).toContain('<h2>Batching window</h2>');
    expect(markup).not.toContain(PAYLOAD);
    expect(markup.split(ESCAPED).length - 1).toBeGreaterThanOrEqual(4);
    expect(rendered).not.toContain('<script>window.__pwned');
  }, 240_000);
});
