import { decodeFromCompressedBase64 } from 'hdr-histogram-js';
import { describe, expect, it } from 'vitest';
import { batchCharts, calibrationChart, chartsOf, percentileCharts, rttCharts } from '../../../lab/report/html/charts.ts';
import { renderHtmlReport } from '../../../lab/report/html/report.ts';
import { labResult } from './lab-result.fixture.ts';

describe('HTML report data', () => {
  it('plots calibration sorted by requested rtt, measured against the requested line', () => {
    const chart = calibrationChart(labResult);
    expect(chart?.x).toEqual([0, 10]);
    expect(chart?.series.map((s) => s.values)).toEqual([[0.12, 10.43], [0, 10]]);
  });

  it('draws each percentile curve from the decoded histogram, ending where samples run out', () => {
    const charts = percentileCharts(labResult);
    const sync0 = labResult.configs.find((c) => c.id === 'sync@rtt=0ms')!;
    const chart = charts.find((c) => c.title.endsWith(': rtt=0ms'))!;
    const series = chart.series.find((s) => s.label === 'sync')!;
    const histogram = decodeFromCompressedBase64(sync0.latencyUs!.hdr!);
    chart.x.forEach((x, i) => expect(series.values[i]).toBe(histogram.getValueAtPercentile(100 * (1 - 1 / x)) / 1000));
    expect(chart.x.at(-1)).toBeLessThanOrEqual(sync0.latencyUs!.count);
    expect(chart.x[0]).toBe(1);
  });

  it('plots median and model against rtt per mode only where there are two rtts, and no batch chart without a batch axis', () => {
    const [chart, ...rest] = rttCharts(labResult);
    expect(rest).toHaveLength(0);
    expect(chart?.x).toEqual([0, 10]);
    expect(chart?.series.find((s) => s.label === 'sync')?.values).toEqual([201.5, 21_310.4]);
    expect(chart?.series.find((s) => s.label === 'sync model')).toMatchObject({ style: 'model', values: [201.5, 21_090.7] });
    expect(batchCharts(labResult)).toEqual([]);
  });

  it('plots median against batch size when the batch is an axis', () => {
    const extra = { ...labResult.configs.find((c) => c.id === 'pipeline:256@rtt=0ms')!, id: 'pipeline:8@rtt=0ms', batch: 8, batchLabel: '8', medianMs: 30 };
    const [chart] = batchCharts({ ...labResult, configs: [...labResult.configs, extra] });
    expect(chart?.x).toEqual([8, 256]);
    expect(chart?.series.find((s) => s.label === 'pipeline @ rtt=0ms')?.values).toEqual([30, 4.12]);
  });
});

describe('renderHtmlReport', () => {
  const html = renderHtmlReport([labResult]);

  it('inlines everything: no external script, stylesheet, image or frame', () => {
    expect(html).not.toMatch(/<(script|img|iframe)[^>]+src=/i);
    expect(html).not.toMatch(/<link\b/i);
    expect(html).toContain('uPlot');
  });

  it('has one chart element per chart and the data inlined with "<" escaped', () => {
    const charts = chartsOf(labResult);
    const data = /<script type="application\/json" id="report-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(JSON.parse(data).charts.map((c: { id: string }) => c.id)).toEqual(charts.map((c) => `r0-${c.id}`));
    for (const chart of charts) expect(html).toContain(`<div class="chart" id="r0-${chart.id}">`);
    expect(renderHtmlReport([{ ...labResult, scenario: { ...labResult.scenario, name: '</script><b>x' } }])).toContain('&lt;/script&gt;&lt;b&gt;x');
  });

  it('shows the verdict matrix with NOT-TESTED as such, thresholds, warnings and what was not measured', () => {
    const notTested = renderHtmlReport([{ ...labResult, reconcile: [{ ...labResult.reconcile![0]!, verdict: 'NOT-TESTED', faultObserved: false }] }]);
    expect(notTested).toContain('<span class="verdict not-tested"');
    expect(html).toContain('<span class="verdict unsafe"');
    expect(html).toContain('<span class="fail">FAIL</span> <code>pipeline:256 at rtt=10ms: median &lt; 60ms</code>');
    expect(html).toContain(labResult.warnings[0]);
    expect(html).toContain('server CPU (INFO deltas cover network, buffers and memory only)');
    expect(html).toContain('Fault timeline: this result records no fault times');
    const timed = renderHtmlReport([{ ...labResult, reconcile: [{ ...labResult.reconcile![0]!, timelines: [{ faultOnMs: 50, closedMs: 75, healedMs: 80, endMs: 100 }] }] }]);
    expect(timed).toContain('<td>50.0 ms</td><td>75.0 ms</td><td>80.0 ms</td><td>100.0 ms</td>');
    expect(timed).toContain('<span class="tl-on" style="left:50.00%;width:30.00%"></span><span class="tl-closed" style="left:75.00%"></span>');
  });
});
