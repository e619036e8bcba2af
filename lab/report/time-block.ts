// The "where the time went" block: per config, its median run's wall time split into the link's
// waits, the server's command time, the client's CPU and the bandwidth cap's share, with the
// rest shown as unexplained (negative when the parts overlap) and how much the parts explained
// in each verified run. It renders ConfigResult.timeAttribution and never measures.

import type { ConfigResult, TimeAttribution } from '../contracts/index.ts';
import { configLabeller, groupedRows } from './configs-block.ts';
import { fixed, formatBytes, formatMs, orNa } from './figures.ts';
import { droppedNote, fitGrid, left, right, type Cell, type Column, type GridRow } from './grid.ts';
import { paint, wrapNote } from './terminal-style.ts';

const columns = (withCap: boolean): Column[] => [
  left('config'),
  right('run ms'),
  right('link ms'),
  right('server ms', 3),
  right('CPU ms', 4),
  ...(withCap ? [right('cap ms')] : []),
  right('unexplained ms'),
  right('explained', 2),
  right('bytes up/down', 5),
];

const LEGEND = [
  'run: the median verified run (the lower middle of an even count)',
  'link: round trips waited x (proxied PING - direct PING)',
  'server: INFO commandstats usec of the workload\'s own command (execution only, not reading or writing)',
  'CPU: the client process\'s user + system CPU over the run, all threads',
  'unexplained: run minus the parts; negative where the parts overlap',
  'explained: parts / run in this run (min-max over the verified runs)',
  'bytes: client to server / server to client, the lab\'s own INFO calls left out',
];
const CAP_NOTE = 'cap: each capped direction\'s bytes at its rate, added (exact one command per round trip; an upper bound where a batch\'s upload overlaps earlier replies)';

const percent = (x: number): string => `${fixed(x, 0)}%`;

const unexplainedCell = (a: TimeAttribution): Cell =>
  a.unexplainedMs < 0 ? { text: `${formatMs(a.unexplainedMs)} overlap`, style: 'warn' } : { text: formatMs(a.unexplainedMs) };

const attributionCells = (a: TimeAttribution, withCap: boolean): Cell[] => [
  { text: formatMs(a.wallMs) },
  { text: orNa(a.linkWaitMs, formatMs) },
  { text: formatMs(a.serverMs), style: 'dim' },
  { text: formatMs(a.clientCpuMs), style: 'dim' },
  ...(withCap ? [{ text: orNa(a.bandwidthCapMs, formatMs) }] : []),
  unexplainedCell(a),
  { text: a.runs > 1 ? `${percent(a.explainedPct)} (${percent(a.explainedPctMin)}-${percent(a.explainedPctMax)})` : percent(a.explainedPct) },
  { text: `${formatBytes(a.bytesUp)}/${formatBytes(a.bytesDown)}`, style: 'dim' },
];

const timeRow = (label: string, config: ConfigResult, withCap: boolean): GridRow => {
  const a = config.timeAttribution;
  const blank = columns(withCap).slice(1).map((): Cell => ({ text: 'n/a', style: 'dim' }));
  return { kind: 'cells', cells: [{ text: label }, ...(a === undefined ? blank : attributionCells(a, withCap))] };
};

/** The block, or nothing when no config has an attribution (a fault scenario, an older result). */
export const renderTimeAttribution = (configs: readonly ConfigResult[], color: boolean, width: number): string[] => {
  if (!configs.some((c) => c.timeAttribution !== undefined)) return [];
  const title = `${paint('Where the time went', 'bold', color)} ${paint('(median run; parts may overlap)', 'dim', color)}`;
  const withCap = configs.some((c) => c.timeAttribution?.bandwidthCapMs != null);
  const { label } = configLabeller(configs);
  const { lines, dropped } = fitGrid(columns(withCap), groupedRows(configs, (c) => timeRow(label(c), c, withCap)), color, width);
  const notes = wrapNote([...LEGEND, ...(withCap ? [CAP_NOTE] : [])], width - 2);
  return [title, ...lines, ...droppedNote(dropped, width, color), ...notes.map((line) => paint(`  ${line}`, 'dim', color))];
};
