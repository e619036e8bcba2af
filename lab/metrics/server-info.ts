// Server INFO deltas over a config's measured runs: bytes on the wire, client buffer peaks,
// evictions, rejected connections, buffer-limit disconnections and reply errors by kind, which
// explain a slow config or a disconnect from the server's side. Pure: it parses INFO text the
// caller fetched (`INFO everything`, or `INFO clients memory stats errorstats` on Redis 7+).

import { LabError } from '../errors/index.ts';
import type { ServerInfoDelta } from '../contracts/index.ts';

/** The INFO sections parseInfo reads. */
export const INFO_SECTIONS = ['clients', 'memory', 'stats', 'errorstats'] as const;

/** The figures of one INFO reply (absolute values, not deltas). */
export interface InfoSnapshot {
  netInputBytes: number; // total_net_input_bytes (counter)
  netOutputBytes: number; // total_net_output_bytes (counter)
  clientRecentMaxInputBufferBytes: number; // client_recent_max_input_buffer (gauge)
  clientRecentMaxOutputBufferBytes: number; // client_recent_max_output_buffer (gauge)
  usedMemoryPeakBytes: number; // used_memory_peak (gauge)
  evictedKeys: number; // evicted_keys (counter)
  rejectedConnections: number; // rejected_connections (counter)
  /** Counters added in Redis 7.4; null where the server does not report them. */
  queryBufferLimitDisconnections: number | null;
  outputBufferLimitDisconnections: number | null;
  /** errorstat_<KIND>:count=N (Redis 6.2+; empty before the first error or on older servers). */
  errorStats: Record<string, number>;
}

const ERRORSTAT_PREFIX = 'errorstat_';

// `key:value` lines, skipping `# Section` headers and blank lines; CRLF or LF.
const fieldsOf = (text: string): Map<string, string> => {
  const fields = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    if (line === '' || line.startsWith('#')) continue;
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1));
  }
  return fields;
};

const notInfo = (what: string): LabError =>
  new LabError('E_REDIS', `The server's INFO reply ${what}`, {
    hint: `The lab reads the INFO sections ${INFO_SECTIONS.join(', ')} (Redis 5 or newer); fetch INFO everything.`,
  });

const wholeNumber = (field: string, raw: string): number => {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isSafeInteger(value) || value < 0) throw notInfo(`has ${field}:${raw}, not a whole number`);
  return value;
};

/** Parses INFO text; throws E_REDIS when a field the lab needs is missing or not a number. */
export const parseInfo = (text: string): InfoSnapshot => {
  const fields = fieldsOf(text);
  const required = (field: string): number => {
    const raw = fields.get(field);
    if (raw === undefined) throw notInfo(`has no ${field} field`);
    return wholeNumber(field, raw);
  };
  const optional = (field: string): number | null => {
    const raw = fields.get(field);
    return raw === undefined ? null : wholeNumber(field, raw);
  };
  const errorStats: Record<string, number> = {};
  for (const [field, raw] of fields) {
    if (!field.startsWith(ERRORSTAT_PREFIX)) continue;
    const count = /(?:^|,)count=(\d+)(?:,|$)/.exec(raw)?.[1];
    if (count === undefined) throw notInfo(`has ${field}:${raw}, without count=N`);
    errorStats[field.slice(ERRORSTAT_PREFIX.length)] = Number(count);
  }
  return {
    netInputBytes: required('total_net_input_bytes'),
    netOutputBytes: required('total_net_output_bytes'),
    clientRecentMaxInputBufferBytes: required('client_recent_max_input_buffer'),
    clientRecentMaxOutputBufferBytes: required('client_recent_max_output_buffer'),
    usedMemoryPeakBytes: required('used_memory_peak'),
    evictedKeys: required('evicted_keys'),
    rejectedConnections: required('rejected_connections'),
    queryBufferLimitDisconnections: optional('client_query_buffer_limit_disconnections'),
    outputBufferLimitDisconnections: optional('client_output_buffer_limit_disconnections'),
    errorStats,
  };
};

// A counter's growth; a counter that went down was reset (CONFIG RESETSTAT, a restart), and
// everything it counted since the reset is `after`.
const counterDelta = (before: number, after: number): number => (after >= before ? after - before : after);

const nullableCounterDelta = (before: number | null, after: number | null): number | null =>
  before === null || after === null ? null : counterDelta(before, after);

/** After minus before for counters (kinds that did not grow are left out); gauges take the after value. */
export const infoDelta = (before: InfoSnapshot, after: InfoSnapshot): ServerInfoDelta => {
  const errorStats: Record<string, number> = {};
  for (const [kind, count] of Object.entries(after.errorStats)) {
    const grown = counterDelta(before.errorStats[kind] ?? 0, count);
    if (grown > 0) errorStats[kind] = grown;
  }
  return {
    netInputBytes: counterDelta(before.netInputBytes, after.netInputBytes),
    netOutputBytes: counterDelta(before.netOutputBytes, after.netOutputBytes),
    clientRecentMaxInputBufferBytes: after.clientRecentMaxInputBufferBytes,
    clientRecentMaxOutputBufferBytes: after.clientRecentMaxOutputBufferBytes,
    usedMemoryPeakBytes: after.usedMemoryPeakBytes,
    evictedKeys: counterDelta(before.evictedKeys, after.evictedKeys),
    rejectedConnections: counterDelta(before.rejectedConnections, after.rejectedConnections),
    queryBufferLimitDisconnections: nullableCounterDelta(before.queryBufferLimitDisconnections, after.queryBufferLimitDisconnections),
    outputBufferLimitDisconnections: nullableCounterDelta(before.outputBufferLimitDisconnections, after.outputBufferLimitDisconnections),
    errorStats,
  };
};

// Sum of the values that exist; null only when none does.
const sumNullable = (xs: (number | null)[]): number | null =>
  xs.reduce<number | null>((sum, x) => (x === null ? sum : (sum ?? 0) + x), null);

/** Per-run deltas into one for the config: counters summed, gauges the highest; null for no runs.
 * The busiest node's output bytes are summed when every run has them. */
export const mergeInfoDeltas = (deltas: readonly ServerInfoDelta[]): ServerInfoDelta | null => {
  if (deltas.length === 0) return null;
  const sum = (pick: (d: ServerInfoDelta) => number) => deltas.reduce((total, d) => total + pick(d), 0);
  const highest = (pick: (d: ServerInfoDelta) => number) => Math.max(...deltas.map(pick));
  const errorStats: Record<string, number> = {};
  for (const d of deltas) {
    for (const [kind, count] of Object.entries(d.errorStats)) errorStats[kind] = (errorStats[kind] ?? 0) + count;
  }
  const busiest = deltas.map((d) => d.busiestNodeNetOutputBytes);
  return {
    netInputBytes: sum((d) => d.netInputBytes),
    netOutputBytes: sum((d) => d.netOutputBytes),
    ...(busiest.every((b) => b !== undefined) ? { busiestNodeNetOutputBytes: busiest.reduce((total, b) => total + b, 0) } : {}),
    clientRecentMaxInputBufferBytes: highest((d) => d.clientRecentMaxInputBufferBytes),
    clientRecentMaxOutputBufferBytes: highest((d) => d.clientRecentMaxOutputBufferBytes),
    usedMemoryPeakBytes: highest((d) => d.usedMemoryPeakBytes),
    evictedKeys: sum((d) => d.evictedKeys),
    rejectedConnections: sum((d) => d.rejectedConnections),
    queryBufferLimitDisconnections: sumNullable(deltas.map((d) => d.queryBufferLimitDisconnections)),
    outputBufferLimitDisconnections: sumNullable(deltas.map((d) => d.outputBufferLimitDisconnections)),
    errorStats,
  };
};
