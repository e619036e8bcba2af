// The server block: the Redis INFO deltas per config that explain slowness or disconnects
// (bytes on the wire, client buffers, memory peak, evictions, buffer-limit disconnections).

import type { ConfigResult, ServerInfoDelta } from '../contracts/index.ts';
import { configLabeller, groupedRows } from './configs-block.ts';
import { formatBytes, formatCount, kindsText } from './figures.ts';
import { droppedNote, fitGrid, type Cell, type Column, type GridRow } from './grid.ts';
import { paint, wrapNote } from './terminal-style.ts';

const BASE_COLUMNS: Column[] = [
  { header: 'config', align: 'left' },
  { header: 'net in', align: 'right' },
  { header: 'net out', align: 'right' },
  { header: 'max in buf', align: 'right', dropPriority: 2 },
  { header: 'max out buf', align: 'right', dropPriority: 5 },
  { header: 'mem peak', align: 'right', dropPriority: 3 },
  { header: 'evicted', align: 'right', dropPriority: 1 },
  { header: 'rejected', align: 'right', dropPriority: 4 },
  { header: 'disc q/o', align: 'right' },
];
const ERRORSTATS_COLUMN: Column = { header: 'errorstats', align: 'left', dropPriority: 6 };

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
  ...(withErrorStats ? [{ text: kindsText(info.errorStats) || '-', style: 'dim' as const }] : []),
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
  const title = `${paint('Server', 'bold', color)} ${paint('(Redis INFO over each config\'s measured runs)', 'dim', color)}`;
  if (configs.length === 0) return [];
  if (configs.every((c) => c.serverInfo === null)) return [title, '  not collected'];
  const withErrorStats = configs.some((c) => c.serverInfo !== null && Object.keys(c.serverInfo.errorStats).length > 0);
  const columns = withErrorStats ? [...BASE_COLUMNS, ERRORSTATS_COLUMN] : BASE_COLUMNS;
  const { label } = configLabeller(configs);
  const rows = groupedRows(configs, (c) => serverRow(label(c), c, withErrorStats));
  const { lines, dropped } = fitGrid(columns, rows, color, width);
  const notCollected = configs.some((c) => c.serverInfo === null) ? [NOT_COLLECTED] : [];
  const notes = wrapNote([...LEGEND, ...notCollected, ...versionNote(configs, redisVersion)], width - 2);
  return [title, ...lines, ...droppedNote(dropped, width, color), ...notes.map((line) => paint(`  ${line}`, 'dim', color))];
};
