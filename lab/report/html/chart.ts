// One chart of the HTML report as plain data: x values, named series, axis labels. Built by
// charts.ts and open-loop-charts.ts, drawn by the page's script (script.ts).

export interface ChartSeries {
  label: string;
  /** One value per x; null where this series has no point (drawn as a gap). */
  values: (number | null)[];
  /** `model`: the RTT model's prediction (dashed); `ideal`: a reference line (dotted); `marker`:
   * points only, no line (a ramp's knee). */
  style: 'measured' | 'model' | 'ideal' | 'marker';
  /** Palette index: a mode's model line has its measured line's colour. */
  color: number;
}

export interface Chart {
  id: string;
  title: string;
  /** What the chart shows and how to read it, one or two sentences. */
  caption: string;
  xLabel: string;
  yLabel: string;
  /** `percentile`: log axis of 1/(1-p) with ticks 0%, 90%, 99%, ...; `log`: log10; `linear`. */
  xScale: 'linear' | 'log' | 'percentile';
  /** `log`: log10 y, for run times that span orders of magnitude (sync against pipelines). */
  yScale: 'linear' | 'log';
  x: number[];
  series: ChartSeries[];
}
