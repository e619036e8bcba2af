// The bystander's figures (issue 27): what a config's runs recorded becomes per-bystander HDR
// summaries and during/alone ratios, the registry reads them for thresholds, the result schema
// accepts them, the terminal block and the HTML report show one row per bystander (nothing
// without one), and the vitest matchers judge thresholds on them.

import { describe, expect, it } from 'vitest';
import '../../../lab/vitest/index.ts';
import { configMetricByName, type ConfigResult, type LabResult } from '../../../lab/contracts/index.ts';
import { evaluateThresholds } from '../../../lab/metrics/index.ts';
import { renderHtmlReport } from '../../../lab/report/html/report.ts';
import { parseScenario } from '../../../lab/scenario/index.ts';
import { renderBystander } from '../../../lab/report/bystander-block.ts';
import { bystanderResult, newBystanderRecords } from '../../../lab/run/bystander-runs.ts';
import { schemaProblem } from '../../../lab/report/result-schema/check.ts';
import { resultSchema } from '../../../lab/report/result-schema/result-schema.ts';
import { labResult } from './lab-result.fixture.ts';

const base = labResult.configs[0] as ConfigResult;

const recorded = () => {
  const records = newBystanderRecords({ ratePerSec: 200, command: 'GET', process: 'both' });
  records.same?.baselineUs.push(...Array.from({ length: 100 }, (_, i) => 1000 + i));
  records.same?.duringUs.push(...Array.from({ length: 100 }, (_, i) => (i < 90 ? 2000 : 400_000)));
  records.other?.baselineUs.push(...Array.from({ length: 100 }, () => 1000));
  records.other?.duringUs.push(...Array.from({ length: 100 }, () => 1500));
  if (records.same) records.same.sent = 200;
  if (records.other) records.other.sent = 200;
  records.eventLoopMaxBlockMs = 380;
  return records;
};

describe('bystander figures', () => {
  it('summarises each bystander alone and during, with p50 and p99 ratios', () => {
    const result = bystanderResult(recorded());
    expect(result).toMatchObject({ command: 'GET', ratePerSec: 200, process: 'both', eventLoopMaxBlockMs: 380 });
    expect(result.same?.baselineLatencyUs?.count).toBe(100);
    expect(result.same?.duringLatencyUs?.p99).toBeGreaterThan(399_000);
    expect(result.same?.p99Ratio).toBeGreaterThan(300);
    expect(result.same?.p50Ratio).toBeCloseTo(2000 / 1049, 1);
    expect(result.other?.p99Ratio).toBeCloseTo(1.5, 2);
    expect(result.other?.errors).toBe(0);
  });

  it('only the bystanders the scenario asked for, and no ratio without samples', () => {
    const same = newBystanderRecords({ ratePerSec: 50, command: 'GET', process: 'same' });
    const result = bystanderResult(same);
    expect(result.other).toBeUndefined();
    expect(result.same).toMatchObject({ baselineLatencyUs: null, duringLatencyUs: null, p50Ratio: null, p99Ratio: null });
    expect(newBystanderRecords({ ratePerSec: 50, command: 'GET', process: 'other' }).same).toBeUndefined();
  });

  it('the registry reads them for thresholds; the result schema accepts them', () => {
    const config: ConfigResult = { ...base, bystander: bystanderResult(recorded()) };
    expect(configMetricByName('bystander-ratio')?.read(config)).toBeGreaterThan(300);
    expect(configMetricByName('bystander-other-ratio')?.read(config)).toBeCloseTo(1.5, 2);
    expect(configMetricByName('bystander-p(99)')?.read(config)).toBeGreaterThan(399_000);
    expect(configMetricByName('bystander-other-p(50)')?.read(config)).toBe(1500);
    expect(configMetricByName('bystander-p(99)')?.read(base)).toBeNull();
    expect(schemaProblem(JSON.parse(JSON.stringify({ ...labResult, configs: [config] })), resultSchema())).toBeUndefined();
    expect(schemaProblem(JSON.parse(JSON.stringify({ ...labResult, configs: [{ ...config, bystander: { ...config.bystander, process: 'elsewhere' } }] })), resultSchema())).toBeDefined();
  });

  it('the block: one row per bystander, none without a bystander', () => {
    expect(renderBystander([base], false, 200)).toEqual([]);
    const text = renderBystander([{ ...base, bystander: bystanderResult(recorded()) }], false, 200).join('\n');
    expect(text).toContain('Bystander (GET at 200/s');
    expect(text).toMatch(/ same .* 380\.0 ms/);
    expect(text).toMatch(/ other .*1\.50×/);
  });

  it('on a cluster: the node it stood on, in the result (schema-checked), the block and the HTML section', () => {
    const records = newBystanderRecords({ ratePerSec: 200, command: 'GET', process: 'same' }, { name: 'primary-3', chosen: 'workload-slot' });
    const config: ConfigResult = { ...base, bystander: bystanderResult(records) };
    expect(config.bystander?.node).toEqual({ name: 'primary-3', chosen: 'workload-slot' });
    expect(bystanderResult(recorded()).node).toBeUndefined();
    expect(schemaProblem(JSON.parse(JSON.stringify({ ...labResult, configs: [config] })), resultSchema())).toBeUndefined();
    const wrong = { ...config, bystander: { ...config.bystander, node: { name: 'primary-3', chosen: 'anywhere' } } };
    expect(schemaProblem(JSON.parse(JSON.stringify({ ...labResult, configs: [wrong] })), resultSchema())).toBeDefined();
    expect(renderBystander([config], false, 200).join('\n')).toContain("and alone; on primary-3, the node of the workload's one slot)");
    const spread = { ...config, bystander: { ...config.bystander!, node: { name: 'primary-1', chosen: 'own-key' as const } } };
    expect(renderHtmlReport([{ ...labResult, configs: [spread] }])).toContain('on primary-1, the node of its own key (the workload&#39;s keys are spread)');
  });
});

describe('bystander in the HTML report and the matchers', () => {
  const measured: ConfigResult = { ...base, id: 'pipeline:all@rtt=0ms', bystander: bystanderResult(recorded()) };

  it('the HTML section: one row per bystander with the registry figures, nothing without a bystander', () => {
    expect(renderHtmlReport([{ ...labResult, configs: [base] }])).not.toContain('<h2>Bystander</h2>');
    const page = renderHtmlReport([{ ...labResult, configs: [base, measured] }]);
    const start = page.indexOf('<h2>Bystander</h2>');
    expect(start).toBeGreaterThan(-1);
    const rows = page.slice(start, page.indexOf('</table>', start)).split('<tr>').slice(2).map((r) => r.replace(/<\/td>/g, '|').replace(/<[^>]+>/g, ''));
    const us = (key: string) => configMetricByName(key)?.read(measured) as number;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(new RegExp(`^pipeline:all@rtt=0ms\\|same\\|.*\\|${Math.round(us('bystander-ratio'))}×\\|380\\.0 ms\\|200\\|0\\|$`));
    expect(rows[1]).toMatch(/^pipeline:all@rtt=0ms\|other\|1\.00 ms\|1\.00 ms\|1\.50 ms\|1\.50 ms\|1\.50×\|n\/a\|200\|0\|$/);
    // A ratio above 2 is marked, as in the terminal block.
    expect(page).toMatch(/<span class="bad">\d+×<\/span>/);
  });

  it('the HTML section escapes what a crafted file puts in it', () => {
    const bystander = { ...measured.bystander!, command: '<img src=x>' as 'GET' };
    const page = renderHtmlReport([{ ...labResult, configs: [{ ...measured, bystander }] }]);
    expect(page).toContain('A &lt;img src=x&gt; at 200/s');
    expect(page).not.toContain('<img src=x>');
  });

  it('toPassThresholds judges bystander thresholds the scenario wrote, with their figures in the written unit', () => {
    const scenario = parseScenario(
      [
        'name: bystander-matchers',
        'workload: {command: INCR, commands: 1000}',
        'modes: [sync]',
        'bystander: {rate: 200/s, process: both}',
        'expect:',
        '  - "bystander-ratio > 2"',
        '  - "bystander-other-p(99) < 10ms"',
        '  - "bystander-other-ratio > 2"',
      ].join('\n'),
      'bystander-matchers.yaml',
    );
    const thresholds = evaluateThresholds(scenario.expect, [measured]);
    const result: LabResult = { ...labResult, scenario: { ...labResult.scenario, name: 'bystander-matchers' }, configs: [measured], reconcile: [], thresholds };
    expect(thresholds.map((t) => t.pass)).toEqual([true, true, false]);
    expect(() => expect(result).toPassThresholds()).toThrow(/1 of 3 thresholds failed:\n {2}✗ "bystander-other-ratio > 2"\n {6}✗ pipeline:all@rtt=0ms: bystanderOtherP99Ratio = 1\.5\d* \(needs > 2\)/);
    const passing = { ...result, thresholds: thresholds.slice(0, 2) };
    expect(passing).toPassThresholds();
    expect(() => expect(passing).not.toPassThresholds()).toThrow(/bystanderOtherP99Us = 1\.5ms \(needs < 10ms\)/);
  });
});
