// The HTML report's one script, run by the browser: it reads the chart data inlined in the page
// (#report-data, made by html-charts.ts) and draws each chart with uPlot (inlined before it).
// It draws only; every number comes from the data. Kept as plain ES2017 text so the page needs
// no build step; the Chromium test (test/integration/html-report.test.ts) runs it.
//
// On every chart element it sets data-points: the finite points handed to uPlot, so a test
// (or a reader) can tell an empty chart from a drawn one.

export const CHART_SCRIPT = String.raw`
(function () {
  'use strict';
  var PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#7f7f7f', '#bcbd22'];
  var data = JSON.parse(document.getElementById('report-data').textContent);

  // 1/(1-p) back to a percentile label: 1 -> "0%", 10 -> "90%", 1000 -> "99.9%".
  function percentileLabel(x) {
    var p = 100 * (1 - 1 / x);
    return (p <= 0 ? '0' : String(Number(p.toPrecision(Math.max(2, Math.ceil(Math.log10(x)) + 1))))) + '%';
  }
  function decades(max) {
    var out = [];
    for (var v = 1; v <= max * 1.0001; v *= 10) out.push(v);
    return out;
  }
  function fmt(v) {
    return v == null ? '-' : Math.abs(v) >= 100 ? v.toFixed(1) : Math.abs(v) >= 1 ? v.toFixed(2) : v.toFixed(3);
  }

  function draw(chart, el) {
    var maxX = chart.x[chart.x.length - 1];
    var xSeries = { label: chart.xLabel, value: function (u, v) { return v == null ? '-' : chart.xScale === 'percentile' ? percentileLabel(v) : fmt(v); } };
    var series = [xSeries].concat(chart.series.map(function (s) {
      var color = PALETTE[s.color % PALETTE.length];
      return {
        label: s.label,
        stroke: s.style === 'ideal' ? '#888' : color,
        width: s.style === 'measured' ? 2 : s.style === 'marker' ? 0 : 1.5,
        dash: s.style === 'model' ? [8, 5] : s.style === 'ideal' ? [2, 4] : undefined,
        points: s.style === 'marker' ? { show: true, size: 14, width: 3, fill: '#fff' } : { show: s.style !== 'ideal' && chart.xScale !== 'percentile', size: 6 },
        spanGaps: false,
        value: function (u, v) { return fmt(v); },
      };
    }));
    var xAxis = { label: chart.xLabel, stroke: '#333' };
    var xScale = { time: false };
    if (chart.xScale === 'percentile') {
      var ticks = decades(maxX);
      xScale = { time: false, distr: 3, log: 10, range: [1, Math.max(10, maxX)] };
      xAxis.splits = function () { return ticks; };
      xAxis.values = function (u, splits) { return splits.map(percentileLabel); };
      xAxis.filter = function (u, splits) { return splits; };
    } else if (chart.xScale === 'log') {
      xScale = { time: false, distr: 3, log: 2 };
      xAxis.splits = function () { return chart.x; };
      xAxis.values = function (u, splits) { return splits.map(String); };
      xAxis.filter = function (u, splits) { return splits; };
    }
    var yScale = chart.yScale === 'log'
      ? { distr: 3, log: 10 }
      : { range: function (u, min, max) { return [0, max > 0 ? max * 1.08 : 1]; } };
    var width = Math.max(480, Math.min(1100, el.clientWidth || 900));
    var plot = new uPlot({
      width: width,
      height: 300,
      series: series,
      scales: { x: xScale, y: yScale },
      axes: [xAxis, { label: chart.yLabel, stroke: '#333', size: 60 }],
      legend: { live: false },
      cursor: { drag: { x: true, y: false } },
    }, [chart.x].concat(chart.series.map(function (s) { return s.values; })), el);
    var points = 0;
    chart.series.forEach(function (s) { s.values.forEach(function (v) { if (typeof v === 'number' && isFinite(v)) points++; }); });
    el.setAttribute('data-points', String(points));
    return plot;
  }

  data.charts.forEach(function (chart) {
    var el = document.getElementById(chart.id);
    if (el) draw(chart, el);
  });
})();
`;
