// A Sentinel scenario's result on every surface (issue 23 item 5): scenarios/sentinel-failover.yaml
// with two thresholds added, run once through the CLI on the local runtime (three real sentinels
// promote the replica on their own); its JSON renders with `report --html` (the failover table,
// the events with the sentinels' switch), `compare` passes it against itself and fails a copy
// whose row turned UNSAFE, and the vitest matchers judge it. Nothing is left running.

import { readFile, writeFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LabResult } from '../../lab/index.ts';
import { checkRetrySafe, checkVerifiedRuns } from '../../lab/vitest/index.ts';
import { runCli } from './run-cli.ts';
import { childServers, useTempDir } from './support.ts';

const SCENARIO = new URL('../../scenarios/sentinel-failover.yaml', import.meta.url).pathname;
const ROWS = ['INCR / no WAIT', 'SET / no WAIT'];

const dir = useTempDir('rfl-sentinel-report-');
let jsonFile: string;
let result: LabResult;

beforeAll(async () => {
  jsonFile = dir.file('sentinel.json');
  const scenario = dir.file('sentinel-failover.yaml');
  // The shipped scenario as it is, with thresholds on its rows: the writer kept going.
  await writeFile(scenario, `${await readFile(SCENARIO, 'utf8')}expect:\n  - "INCR: acknowledged > 0"\n  - "SET: acknowledged > 0"\n`);
  const before = childServers();
  const run = await runCli(['run', scenario, '--runtime', 'local', '--json', jsonFile, '--quiet']);
  expect(run.code, run.stderr).toBe(0);
  expect(childServers()).toEqual(before);
  result = JSON.parse(await readFile(jsonFile, 'utf8')) as LabResult;
}, 240_000);

describe('a Sentinel result on every surface', () => {
  it('renders in report --html: the failover rows with the registry counts, the events with the sentinels switch', async () => {
    const htmlFile = dir.file('report.html');
    const report = await runCli(['report', jsonFile, '--html', htmlFile]);
    expect(report.code, report.stderr).toBe(0);
    const page = await readFile(htmlFile, 'utf8');
    const start = page.indexOf('<h3>Failover</h3>');
    expect(start).toBeGreaterThan(-1);
    const failover = page.slice(start, page.indexOf('</table>', start));
    for (const entry of result.reconcile ?? []) {
      // cell | node | wait | acknowledged | lost | by minority
      const count = (n: number | undefined) => (n ?? 0).toLocaleString('en-US');
      expect(failover).toContain(
        `<td><code>${entry.id}</code></td><td>${entry.node}</td><td>none</td><td>${count(entry.counts.acknowledged)}</td><td>${count(entry.counts.lost)}</td><td>${count(entry.acknowledgedByMinority)}</td>`,
      );
      const switched = entry.events?.find((e) => e.event.startsWith('sentinels switched to'));
      expect(switched?.event).toBe('sentinels switched to replica-1');
      expect(page).toContain(`<td>${switched?.event}</td>`);
    }
    expect(result.reconcile?.map((e) => e.id)).toEqual(ROWS);
    // The sentinels' links, calibrated one by one, are in the Links table; no "no calibration".
    for (const sentinel of ['sentinel-1', 'sentinel-2', 'sentinel-3']) expect(page).toContain(`<td><code>${sentinel}</code></td>`);
    expect(page).not.toContain('No calibration was measured');
  });

  it('compare passes it against itself and fails a copy whose row turned UNSAFE', async () => {
    const same = await runCli(['compare', jsonFile, jsonFile]);
    expect(same.code, same.output).toBe(0);
    expect(same.stdout).toContain('PASS');
    const worse = dir.file('worse.json');
    const base = { ...result, reconcile: result.reconcile?.map((e) => ({ ...e, verdict: 'SAFE' as const })) };
    await writeFile(dir.file('base.json'), JSON.stringify(base));
    await writeFile(worse, JSON.stringify({ ...base, reconcile: base.reconcile?.map((e, i) => (i === 0 ? { ...e, verdict: 'UNSAFE' } : e)) }));
    const changed = await runCli(['compare', dir.file('base.json'), worse]);
    expect(changed.code, changed.output).toBe(1);
    expect(changed.stdout).toContain(`${ROWS[0]}: SAFE → UNSAFE`);
  });

  it('the vitest matchers judge it: thresholds pass, retry safety follows the verdicts, runs are rows not configs', async () => {
    await import('../../lab/vitest/index.ts');
    expect(result).toPassThresholds();
    const safe = (result.reconcile ?? []).every((e) => e.verdict === 'SAFE');
    if (safe) expect(result).toBeRetrySafe('none');
    else expect(result).not.toBeRetrySafe('none');
    const safety = checkRetrySafe(result, 'none');
    for (const id of ROWS) expect(safety.message).toContain(id);
    expect(safety.message).toContain('the sentinels promoted replica-1');
    expect(result).not.toHaveVerifiedRuns();
    expect(checkVerifiedRuns(result).message).toContain('it is a fault scenario');
  });
});
