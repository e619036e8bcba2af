// The server block: the Redis INFO deltas per config that explain slowness or disconnects
// (bytes on the wire, client buffers, memory peak, evictions, buffer-limit disconnections).

import type { ConfigResult, ServerInfoDelta } from '../contracts/index.ts';
import { configLabeller, groupedRows } from './configs-block.ts';
import { formatBytes, formatCount, kindsText, LISTED_KINDS_MAX } from './figures.ts';
import { droppedNote, fitGrid, left, right, type Cell, type Column, type GridRow } from './grid.ts';
import { paint, wrapNote } from './terminal-style.ts';

const BASE_COLUMNS: Column[] = [
  left('config'),
  right('net in'),
  right('net out'),
  right('max in buf', 2),
  right('max out buf', 5),
  right('mem peak', 3),
  right('evicted', 1),
  right('rejected', 4),
  right('disc q/o'),
];
const ERRORSTATS_COLUMN: Column = left('errorstats', 6);

const LEGEND = [
  'net in/out: total_net_input/output_bytes deltas over the measured runs',
  'max in/out buf: client_recent_max_input/output_buffer',
  'mem peak: used_memory_peak (gauges, highest seen)',
  'evicted: keys evicted',
  'rejected: connections rejected',
  'disc q/o: client_query/output_buffer_limit_disconnections',
];
const NOT_COLLECTED = 'n/a: not collected for that config';

const NO_7_4_FIELDS = 'n/a on Redis < 7.4';

// "0/0" (query/output buffer-limit disconnections), or n/a where the server lacks the fields.
const disconnectsCell = (info: ServerInfoDelta): Cell => {
  const { queryBufferLimitDisconnections: q, outputBufferLimitDisconnections: o } = info;
  if (q === null || o === null) return { text: 'n/a', style: 'dim' };
  return { text: `${q}/${o}`, ...(q + o > 0 ? { style: 'fail' as const } : {}) };
};

// Nonzero counts stand out; zeros are dim.
const countCell = (count: number): Cell => ({ text: formatCount(count), style: count > 0 ? 'warn' : 'dim' });

const infoCells = (info: ServerInfoDelta, withErrorStats: boolean): Cell[] => [
  { text: formatBytes(info.netInputBytes) },
  { text: formatBytes(info.netOutputBytes) },
  { text: formatBytes(info.clientRecentMaxInputBufferBytes) },
  { text: formatBytes(info.clientRecentMaxOutputBufferBytes), style: 'dim' },
  { text: formatBytes(info.usedMemoryPeakBytes) },
  countCell(info.evictedKeys),
  countCell(info.rejectedConnections),
  disconnectsCell(info),
  ...(withErrorStats ? [{ text: kindsText(info.errorStats, LISTED_KINDS_MAX) || '-', style: 'dim' as const }] : []),
];

const serverRow = (label: string, config: ConfigResult, withErrorStats: boolean): GridRow => ({
  kind: 'cells',
  cells: [
    { text: label },
    ...(config.serverInfo === null
      ? BASE_COLUMNS.slice(1).map(() => ({ text: 'n/a', style: 'dim' as const }))
      : infoCells(config.serverInfo, withErrorStats)),
  ],
});

// Rows whose figures are all the same say it once: one "all N configs" row for the whole block
// when every config matches, else one "all N" row per link group whose rows all match.
const sameFigures = (rows: readonly GridRow[]): boolean => {
  const keys = rows.map((row) => (row.kind === 'cells' ? JSON.stringify(row.cells.slice(1).map((c) => c.text)) : ''));
  return keys.length > 1 && keys.every((key) => key === keys[0]);
};

const collapsedRow = (rows: readonly GridRow[], what: string): GridRow => {
  const first = rows[0];
  return first?.kind === 'cells' ? { kind: 'cells', cells: [{ text: `all ${rows.length} ${what}` }, ...first.cells.slice(1)] } : (first as GridRow);
};

const collapseIdentical = (rows: readonly GridRow[]): GridRow[] => {
  const cellRows = rows.filter((row) => row.kind === 'cells');
  if (sameFigures(cellRows)) return [collapsedRow(cellRows, 'configs')];
  const out: GridRow[] = [];
  let group: GridRow[] = [];
  const flush = () => out.push(...(sameFigures(group) ? [collapsedRow(group, 'configs')] : group));
  for (const row of rows) {
    if (row.kind === 'heading') {
      flush();
      group = [];
      out.push(row);
    } else group.push(row);
  }
  flush();
  return out;
};

// The note that explains n/a disconnection cells, naming the server version.
const versionNote = (configs: readonly ConfigResult[], redisVersion: string): string[] =>
  configs.some((c) => c.serverInfo !== null && (c.serverInfo.queryBufferLimitDisconnections === null || c.serverInfo.outputBufferLimitDisconnections === null))
    ? [`disc q/o: ${NO_7_4_FIELDS} (this server: Redis ${redisVersion})`]
    : [];

export const renderServer = (
  configs: readonly ConfigResult[],
  redisVersion: string,
  color: boolean,
  width: number,
): string[] => {
  const title = `${paint('Server', 'bold', color)} ${paint('(Redis INFO over the runs, less the lab\'s own calls)', 'dim', color)}`;
  if (configs.length === 0) return [];
  if (configs.every((c) => c.serverInfo === null)) return [title, '  not collected'];
  const withErrorStats = configs.some((c) => c.serverInfo !== null && Object.keys(c.serverInfo.errorStats).length > 0);
  const columns = withErrorStats ? [...BASE_COLUMNS, ERRORSTATS_COLUMN] : BASE_COLUMNS;
  const { label } = configLabeller(configs);
  const rows = collapseIdentical(groupedRows(configs, (c) => serverRow(label(c), c, withErrorStats)));
  const { lines, dropped } = fitGrid(columns, rows, color, width);
  const notCollected = configs.some((c) => c.serverInfo === null) ? [NOT_COLLECTED] : [];
  const notes = wrapNote([...LEGEND, ...notCollected, ...versionNote(configs, redisVersion)], width - 2);
  return [title, ...lines, ...droppedNote(dropped, width, color), ...notes.map((line) => paint(`  ${line}`, 'dim', color))];
};
