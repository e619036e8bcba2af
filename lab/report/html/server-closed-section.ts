// Output-buffer closes in the HTML report (docs/output-buffer.md): per config whose client the
// server closed for client-output-buffer-limit, how many times and in how many runs, the
// evidence, what the cut batch left behind (issued, executed by the server's own count,
// acknowledged, applied without a reply, lost) and the server's log line. The close count and
// `lost` are read through the registry, as thresholds read them; every value through escape.ts.

import type { LabResult } from '../../contracts/index.ts';
import { html, raw, type Html } from './escape.ts';
import { countCell, registeredCount, table } from './tables.ts';

const EVIDENCE: Readonly<Record<string, string>> = { info: 'INFO client_output_buffer_limit_disconnections', log: "the server's log" };

/** The section, or nothing when the server closed no config's client. */
export const serverClosedSection = (result: LabResult): Html | '' => {
  const closed = result.configs.filter((c) => c.serverClosed !== undefined);
  if (closed.length === 0) return '';
  const rows = closed.map((c) => {
    const s = c.serverClosed!;
    return [
      html`<code>${c.id}</code>`,
      registeredCount('outputBufferDisconnects', c),
      html`${countCell(s.runs)}/${countCell(c.runs.length)}`,
      html`${typeof s.evidence === 'string' && Object.hasOwn(EVIDENCE, s.evidence) ? EVIDENCE[s.evidence] : s.evidence}${s.nodes === undefined ? '' : ` on ${s.nodes.join(', ')}`}`,
      countCell(s.issued),
      countCell(s.executed),
      countCell(s.acknowledged),
      countCell(s.appliedUnacknowledged),
      registeredCount('closedLost', c),
      s.logLine === undefined ? raw('<span class="na">none</span>') : html`<code>${s.logLine}</code>`,
    ];
  });
  return html`<h3>Closed by the server</h3><p class="caption">Clients the server closed for client-output-buffer-limit (scenario <code>server:</code>), over the closed runs: executed is the server's own count of the workload's command, applied without a reply = executed − acknowledged, lost = acknowledged but not executed (0 unless something else is wrong).</p>${table(
    ['config', 'closes', 'runs', 'evidence', 'issued', 'executed', 'acknowledged', 'applied without a reply', 'lost', 'log line'],
    rows,
  )}`;
};
