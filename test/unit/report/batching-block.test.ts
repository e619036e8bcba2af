// The batching figures (issue 27): the registry reads them for thresholds (null without a window
// batcher), the result schema accepts them, and the terminal block shows one row per batched
// config (nothing without one).

import { describe, expect, it } from 'vitest';
import { configMetricByName, type BatchingResult, type ConfigResult } from '../../../lab/contracts/index.ts';
import { renderBatching } from '../../../lab/report/batching-block.ts';
import { schemaProblem } from '../../../lab/report/result-schema/check.ts';
import { resultSchema } from '../../../lab/report/result-schema/result-schema.ts';
import { labResult } from './lab-result.fixture.ts';

const base = labResult.configs[0] as ConfigResult;

const window: BatchingResult = {
  batcher: { windowMs: 50, size: 32 },
  waitUs: { p50: 27_000, p90: 45_000, p99: 55_000, p999: 56_000, max: 56_000, count: 400, hdr: null },
  meanWaitUs: 27_700,
  meanLateUs: 970,
  predictedMeanWaitUs: 25_000,
  predictedFlushBy: 'timer',
  waitRatio: 27_700 / 25_000,
  batches: 37,
  timerFlushes: 37,
  sizeFlushes: 0,
  meanBatchCommands: 10.8,
  maxBatchCommands: 12,
};
const auto: BatchingResult = { ...window, batcher: 'auto', waitUs: null, meanWaitUs: null, meanLateUs: null, predictedMeanWaitUs: null, predictedFlushBy: null, waitRatio: null, batches: null, timerFlushes: null, sizeFlushes: null, meanBatchCommands: null, maxBatchCommands: null };

describe('batching figures', () => {
  it('thresholds read the wait, its ratio to the prediction and the flushes; null without a window batcher', () => {
    const config = { ...base, batching: window };
    expect(configMetricByName('batch-wait-p(99)')?.read(config)).toBe(55_000);
    expect(configMetricByName('batch-wait-mean')?.read(config)).toBe(27_700);
    expect(configMetricByName('batch-wait-ratio')?.read(config)).toBeCloseTo(1.108, 3);
    expect(configMetricByName('timer-flushes')?.read(config)).toBe(37);
    expect(configMetricByName('size-flushes')?.read(config)).toBe(0);
    expect(configMetricByName('batch-wait-mean')?.read({ ...base, batching: auto })).toBeNull();
    expect(configMetricByName('batch-wait-mean')?.read(base)).toBeNull();
  });

  it('the result schema accepts batching and refuses a wrong batcher', () => {
    const result = { ...labResult, configs: [{ ...base, batching: window }, { ...base, batching: auto }] };
    expect(schemaProblem(JSON.parse(JSON.stringify(result)), resultSchema())).toBeUndefined();
    const wrong = { ...labResult, configs: [{ ...base, batching: { ...window, batcher: 'sometimes' } }] };
    expect(schemaProblem(JSON.parse(JSON.stringify(wrong)), resultSchema())).toBeDefined();
  });

  it('one row per batched config, n/a where nothing was timed; nothing without batching', () => {
    const text = renderBatching([{ ...base, id: 'a', batching: window }, { ...base, id: 'b', batching: auto }], false, 160).join('\n');
    expect(text).toMatch(/^Batching/);
    expect(text).toMatch(/25\.0 ms\s+timer\s+27\.7 ms\s+970 µs\s+55\.0 ms\s+37\/0\s+10\.8/);
    expect(text).toMatch(/n\/a\s+n\/a\s+n\/a\s+n\/a\s+n\/a\s+n\/a\s+n\/a/);
    expect(renderBatching([base], false, 160)).toStrictEqual([]);
  });
});
