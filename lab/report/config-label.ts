// How a config is named in the tables: configs are grouped under a link heading (direct first,
// then rtt, jitter, bandwidth), and each row is labelled by its mode plus only the axes that
// vary in this result, so a row reads "pipeline:64 c=4" instead of the full id.

import type { ConfigResult } from '../contracts/index.ts';
import type { Bandwidth } from '../contracts/index.ts';
import type { GridRow } from './grid.ts';

// `sync`, `pipeline:256`, `pipeline:all`, `multi:8`, `auto:16`, as scenario files write modes.
export const modeText = (config: Pick<ConfigResult, 'mode' | 'batch' | 'batchLabel'>): string => {
  if (config.mode === 'sync') return 'sync';
  const batch = config.mode === 'auto' || config.batchLabel === '' ? String(config.batch) : config.batchLabel;
  return `${config.mode}:${batch}`;
};

const valueText = (config: ConfigResult): string =>
  config.valueBytes === null
    ? 'v=-'
    : config.valueBytes.min === config.valueBytes.max
      ? `v=${config.valueBytes.min}B`
      : `v=${config.valueBytes.min}-${config.valueBytes.max}B`;

/** An axis that can tell configs apart in a row label, with its legend text. */
interface Axis {
  legend: string;
  key: (config: ConfigResult) => string;
  text: (config: ConfigResult) => string;
}

const AXES: readonly Axis[] = [
  { legend: '', key: (c) => c.workload, text: (c) => c.workload },
  { legend: 'c = connections', key: (c) => String(c.connections), text: (c) => `c=${c.connections}` },
  { legend: 'n = commands per run', key: (c) => String(c.commands), text: (c) => `n=${c.commands}` },
  { legend: 'v = value bytes', key: valueText, text: valueText },
  { legend: 'keys = key distribution', key: (c) => c.keys, text: (c) => `keys=${c.keys}` },
];

// The axes on which at least two configs differ.
const varyingAxes = (configs: readonly ConfigResult[]): Axis[] =>
  AXES.filter((axis) => new Set(configs.map(axis.key)).size > 1);

/** Labels rows by mode plus the varying axes; `legend` explains the abbreviations it used. */
export const configLabeller = (configs: readonly ConfigResult[]) => {
  const axes = varyingAxes(configs);
  return {
    label: (config: ConfigResult): string => [modeText(config), ...axes.map((axis) => axis.text(config))].join(' '),
    legend: axes.map((axis) => axis.legend).filter((text) => text !== ''),
  };
};

const bandwidthText = (bw: Bandwidth): string => {
  if (bw.upKBps === null && bw.downKBps === null) return '';
  const cap = (kbps: number | null) => (kbps === null ? 'uncapped' : `${kbps} KB/s`);
  return `, bandwidth up ${cap(bw.upKBps)} / down ${cap(bw.downKBps)}`;
};

/** The heading of a config's link group: "direct (no proxy)" or "rtt 10 ms, jitter 2 ms, bandwidth ...". */
export const linkHeading = (config: ConfigResult): string =>
  config.link === 'direct'
    ? 'direct (no proxy)'
    : `rtt ${config.rttMs} ms${config.jitterMs === 0 ? '' : `, jitter ${config.jitterMs} ms`}${bandwidthText(config.bandwidth)}`;

// Uncapped sorts before any cap: it is the baseline.
const capOrder = (kbps: number | null): number => (kbps === null ? -1 : kbps);

// Direct first, then rtt, jitter, upstream and downstream bandwidth; stable within a link.
const compareLinks = (a: ConfigResult, b: ConfigResult): number =>
  (a.link === 'direct' ? 0 : 1) - (b.link === 'direct' ? 0 : 1) ||
  a.rttMs - b.rttMs ||
  a.jitterMs - b.jitterMs ||
  capOrder(a.bandwidth.upKBps) - capOrder(b.bandwidth.upKBps) ||
  capOrder(a.bandwidth.downKBps) - capOrder(b.bandwidth.downKBps);

/** Configs in link order, each group under a bold heading row, each config as `rowOf` makes it. */
export const groupedRows = (
  configs: readonly ConfigResult[],
  rowOf: (config: ConfigResult) => GridRow,
): GridRow[] => {
  const rows: GridRow[] = [];
  let lastHeading: string | undefined;
  for (const config of [...configs].sort(compareLinks)) {
    const heading = linkHeading(config);
    if (heading !== lastHeading) rows.push({ kind: 'heading', text: heading, style: 'bold' });
    lastHeading = heading;
    rows.push(rowOf(config));
  }
  return rows;
};
