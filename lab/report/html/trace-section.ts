// Trace replay in the HTML report (issue 27, item 5): per config that replayed a trace, the file,
// its requests, commands, clients, the set-up commands left out and the round trips a request
// waits on; and per config with an rtt-0 base config of the same trace, its request p50 shift
// against the base (request p50 read through the registry) beside the predicted shift (round
// trips x rtt) and their ratio. Every value through escape.ts.

import { configMetricByKey, type ConfigResult, type LabResult } from '../../contracts/index.ts';
import { fixed } from '../figures.ts';
import { figure, html, NA, type Html } from './escape.ts';
import { countCell, table, usCell } from './tables.ts';

const read = (key: string, c: ConfigResult): number | null => configMetricByKey(key)?.read(c) ?? null;
const msCell = (value: unknown): Html => figure(value, (v) => `${fixed(v, 2)} ms`);

const tracedConfigs = (result: LabResult): ConfigResult[] => result.configs.filter((c) => c.trace !== undefined && c.trace !== null);

const row = (c: ConfigResult): unknown[] => {
  const t = c.trace;
  return [
    html`<code>${c.id}</code>`,
    html`<code>${t?.file}</code> <span class="na">(${t?.format})</span>`,
    c.link === 'direct' ? 'direct' : html`${c.rttMs} ms`,
    countCell(t?.requests),
    countCell(t?.commands),
    countCell(t?.clients),
    countCell(t?.skipped),
    figure(t?.roundTripsPerRequest, (v) => fixed(v, 2)),
    usCell(read('requestP50Us', c)),
    t?.baseConfigId === null || t?.baseConfigId === undefined ? NA : html`<code>${t.baseConfigId}</code>`,
    msCell(t?.requestP50ShiftMs),
    msCell(t?.predictedShiftMs),
    figure(t?.shiftRatio, (v) => `${fixed(v, 2)}×`),
  ];
};

/** The section, or nothing when no config replayed a trace. */
export const traceSection = (result: LabResult): Html | '' => {
  const traced = tracedConfigs(result);
  if (traced.length === 0) return '';
  return html`<h2>Trace replay</h2><p class="caption">Each config replays the trace open-loop with its own timing: a request is one traced client's commands close in time, each command sent alone and awaited, so a request waits on its round trips (commands / requests). Skipped: connection set-up commands the trace held and the replay left out. Shift: this config's request p50 minus that of the same trace at rtt 0 (its base), measured in the same run; predicted: round trips per request × this config's rtt, what the shift would be if every round trip paid the rtt and nothing else changed; ratio: shift / predicted (above 1: the client or server added time beyond the link).</p>
${table(['config', 'trace', 'rtt', 'requests', 'commands', 'clients', 'skipped', 'round trips / request', 'request p50', 'base (rtt 0)', 'p50 shift', 'predicted shift', 'shift / predicted'], traced.map(row), 'figures')}`;
};
