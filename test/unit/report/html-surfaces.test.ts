// The HTML report shows what the table shows for a failover row (Sentinel's included), output-
// buffer closes and (bystander-block.test.ts) the bystander: the registry's figures, every value
// from the result escaped.

import { describe, expect, it } from 'vitest';
import type { ConfigResult, LabResult, ReconcileEntry, ServerClosed } from '../../../lab/contracts/index.ts';
import { renderHtmlReport } from '../../../lab/report/html/report.ts';
import { labResult } from './lab-result.fixture.ts';

const base = labResult.configs[0] as ConfigResult;
const row = labResult.reconcile?.[0] as ReconcileEntry;

// The text of the table whose caption (the <h3> before it) is `heading`, cells joined by |.
const tableAfter = (page: string, heading: string): string => {
  const start = page.indexOf(`<h3>${heading}</h3>`);
  expect(start, `no ${heading} heading`).toBeGreaterThan(-1);
  const tableHtml = page.slice(start, page.indexOf('</table>', start));
  return tableHtml.replace(/<\/t[dh]>/g, '|').replace(/<[^>]+>/g, '');
};

describe('HTML report: a failover row', () => {
  const sentinelRow: ReconcileEntry = {
    ...row,
    id: 'INCR / no WAIT',
    node: 'primary',
    wait: null,
    acknowledgedByMinority: 21,
    waitSplit: null,
    counts: { ...row.counts, acknowledged: 5477, lost: 3 },
    events: [
      { atMs: 500.8, event: 'partition began' },
      { atMs: 2846.8, event: 'sentinels switched to replica-1' },
      { atMs: 6523, event: 'partition healed' },
      { atMs: 17157.3, event: 'old primary demoted' },
    ],
  };
  const waited: ReconcileEntry = { ...sentinelRow, id: 'INCR / WAIT 1 100ms', wait: { replicas: 1, timeoutMs: 100 }, waitSplit: { replicated: { acknowledged: 90, lost: 1 }, underReplicated: { acknowledged: 10, lost: 2 } } };
  const link = { ...labResult.calibration[0]!, link: 'sentinel-1', from: 'clients', to: 'sentinel-1' };
  const result: LabResult = {
    ...labResult,
    calibration: [],
    configs: [],
    reconcile: [sentinelRow, waited],
    topology: { topology: '{primary: 1, replicas: 1, sentinels: 3}', nodes: [{ name: 'primary', role: 'primary', proxy: '127.0.0.1:1', announced: null }], links: [link] },
  };

  it('has a failover table with the registry counts, and the events with the sentinels switch', () => {
    const page = renderHtmlReport([result]);
    const failover = tableAfter(page, 'Failover');
    expect(failover).toContain('INCR / no WAIT|primary|none|5,477|3|21|0|n/a|');
    expect(failover).toContain('INCR / WAIT 1 100ms|primary|1/100ms|5,477|3|21|1|10 / 2|');
    expect(page).toContain('<td>sentinels switched to replica-1</td>');
    expect(page).toContain('title="2847 ms: sentinels switched to replica-1"');
  });

  it('says the links were calibrated one by one instead of "no calibration"', () => {
    const page = renderHtmlReport([result]);
    expect(page).toContain('Each link was calibrated on its own');
    expect(page).not.toContain('No calibration was measured');
    expect(renderHtmlReport([{ ...labResult, calibration: [] }])).toContain('No calibration was measured');
  });

  it('has no failover table without events', () => {
    expect(renderHtmlReport([labResult])).not.toContain('<h3>Failover</h3>');
  });
});

describe('HTML report: output-buffer closes', () => {
  const closed: ServerClosed = {
    reason: 'client-output-buffer-limit', evidence: 'log', count: 2, runs: 2, issued: 128, acknowledged: 3, executed: 22, appliedUnacknowledged: 19, lost: 0,
    logLine: 'Client id=8 omem=1114376 cmd=get <scheduled> to be closed ASAP for overcoming of output buffer limits.',
  };
  const config: ConfigResult = { ...base, id: 'pipeline:all@rtt=0ms', serverClosed: closed, errors: 2 };

  it('marks the row and gives the closes, the evidence and what the batch left, the log line escaped', () => {
    const page = renderHtmlReport([{ ...labResult, configs: [base, config] }]);
    expect(page).toMatch(/<code>pipeline:all@rtt=0ms<\/code><\/td><td>[^]*?closed by the server ×2<\/span>/);
    const table = tableAfter(page, 'Closed by the server');
    expect(table).toContain("pipeline:all@rtt=0ms|2|2/3|the server&#39;s log|128|22|3|19|0|");
    expect(page).toContain('cmd=get &lt;scheduled&gt; to be closed ASAP');
    expect(page).not.toContain('<scheduled>');
  });

  it('reads the close count through the registry, and shows nothing without closes', () => {
    const page = renderHtmlReport([{ ...labResult, configs: [{ ...config, serverClosed: { ...closed, count: 7, evidence: 'info' } }] }]);
    expect(tableAfter(page, 'Closed by the server')).toContain('|7|2/3|INFO client_output_buffer_limit_disconnections|');
    expect(renderHtmlReport([labResult])).not.toContain('Closed by the server');
  });
});
