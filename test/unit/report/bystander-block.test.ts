// The bystander's figures (issue 27): what a config's runs recorded becomes per-bystander HDR
// summaries and during/alone ratios, the registry reads them for thresholds, the result schema
// accepts them, and the terminal block shows one row per bystander (nothing without one).

import { describe, expect, it } from 'vitest';
import { configMetricByName, type ConfigResult } from '../../../lab/contracts/index.ts';
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
});
