import { describe, expect, it } from 'vitest';
import { baselineConfig, fillModel, modelFor, modelMs, modelRatio } from '../../../lab/metrics/model.ts';
import { calibrationAt, config } from './fixtures.ts';

describe('RTT cost model', () => {
  it('is waits times the added round trip plus the rtt-0 median', () => {
    expect(modelMs({ waits: 8, addedRttMs: 10, baseMedianMs: 3 })).toBe(83);
  });

  it('predicts each config from its mode at rtt 0 and the measured PING difference', () => {
    const configs = [
      config({ id: 'sync@rtt=0ms', rttMs: 0, mode: 'sync', batch: 1, medianMs: 200 }),
      config({ id: 'pipeline:256@rtt=0ms', rttMs: 0, mode: 'pipeline', batch: 256, medianMs: 4 }),
      config({ id: 'sync@rtt=10ms', rttMs: 10, mode: 'sync', batch: 1 }),
      config({ id: 'pipeline:256@rtt=10ms', rttMs: 10, mode: 'pipeline', batch: 256 }),
      config({ id: 'pipeline:64@rtt=10ms', rttMs: 10, mode: 'pipeline', batch: 64 }),
    ];
    const calibration = [calibrationAt(0, 0.3), calibrationAt(10, 10.5)];
    const model = modelFor(configs, calibration);
    expect(model.get('sync@rtt=0ms')).toBeCloseTo(200);
    expect(model.get('sync@rtt=10ms')).toBeCloseTo(2048 * 10.2 + 200);
    expect(model.get('pipeline:256@rtt=10ms')).toBeCloseTo(8 * 10.2 + 4);
    // No pipeline:64 cell at rtt 0: no baseline, no prediction.
    expect(model.get('pipeline:64@rtt=10ms')).toBeNull();
  });

  it('uses what the link added over the direct PING of the same moment, so machine drift between calibrations cancels', () => {
    const configs = [
      config({ id: 'sync@rtt=0ms', rttMs: 0, mode: 'sync', batch: 1, commands: 100, medianMs: 30 }),
      config({ id: 'sync@rtt=10ms', rttMs: 10, mode: 'sync', batch: 1, commands: 100, medianMs: 1030 }),
    ];
    // the machine got 0.3 ms slower between the two calibrations: proxied PING rose by 10.3 ms, the link added 10.0
    const zero = { ...calibrationAt(0, 0.3), baselineMs: 0.1, addedMs: 0.2 };
    const ten = { ...calibrationAt(10, 10.6), baselineMs: 0.4, addedMs: 10.2 };
    expect(modelFor(configs, [zero, ten]).get('sync@rtt=10ms')).toBeCloseTo(100 * 10 + 30, 6);
  });

  it('returns null when the rtt-0 median is null or a calibration is missing', () => {
    const configs = [
      config({ id: 'sync@rtt=0ms', rttMs: 0, mode: 'sync', batch: 1, medianMs: null }),
      config({ id: 'sync@rtt=10ms', rttMs: 10, mode: 'sync', batch: 1 }),
      config({ id: 'pipeline:8@rtt=0ms', rttMs: 0, mode: 'pipeline', batch: 8 }),
      config({ id: 'pipeline:8@rtt=20ms', rttMs: 20, mode: 'pipeline', batch: 8 }),
    ];
    const model = modelFor(configs, [calibrationAt(0, 0.3), calibrationAt(10, 10.4)]);
    expect(model.get('sync@rtt=10ms')).toBeNull();
    expect(model.get('pipeline:8@rtt=20ms')).toBeNull();
    expect(model.get('pipeline:8@rtt=0ms')).toBeCloseTo(10);
  });

  it('takes the baseline with the same workload, commands, value size, connections and mode, on the plain proxied link', () => {
    const target = config({
      id: 'SET pipeline:all c=2 v=100 @rtt=10ms',
      workload: 'SET',
      rttMs: 10,
      mode: 'pipeline',
      batch: 512,
      batchLabel: 'all',
      commands: 1024,
      connections: 2,
      valueBytes: { min: 100, max: 100 },
    });
    const same = { workload: 'SET', mode: 'pipeline', batch: 512, batchLabel: 'all', commands: 1024, connections: 2, valueBytes: { min: 100, max: 100 } } as const;
    const decoys = [
      config({ ...same, id: 'other workload', workload: 'GET', rttMs: 0, medianMs: 1 }),
      config({ ...same, id: 'other commands', commands: 2048, rttMs: 0, medianMs: 2 }),
      config({ ...same, id: 'other value', valueBytes: { min: 100, max: 200 }, rttMs: 0, medianMs: 3 }),
      config({ ...same, id: 'no value', valueBytes: null, rttMs: 0, medianMs: 3.5 }),
      config({ ...same, id: 'other connections', connections: 1, rttMs: 0, medianMs: 4 }),
      config({ ...same, id: 'numeric batch', batchLabel: '512', rttMs: 0, medianMs: 5 }),
      config({ ...same, id: 'direct', link: 'direct', rttMs: 0, medianMs: 6 }),
      config({ ...same, id: 'jitter', rttMs: 0, jitterMs: 2, medianMs: 7 }),
      config({ ...same, id: 'capped', rttMs: 0, bandwidth: { upKBps: null, downKBps: 1000 }, medianMs: 8 }),
    ];
    const baseline = config({ ...same, id: 'baseline', rttMs: 0, medianMs: 9 });
    for (const decoy of decoys) expect(baselineConfig([decoy, target], target), decoy.id).toBeUndefined();
    expect(baselineConfig([...decoys, baseline, target], target)?.id).toBe('baseline');

    const model = modelFor([...decoys, baseline, target], [calibrationAt(0, 0.3), calibrationAt(10, 10.3)]);
    expect(model.get(target.id)).toBeCloseTo(target.waits * 10 + 9);
  });

  it('gives direct-link configs no model, and predicts capped and jittered links from the plain baseline', () => {
    const configs = [
      config({ id: 'sync@rtt=0ms', rttMs: 0, mode: 'sync', batch: 1, commands: 100, medianMs: 20 }),
      config({ id: 'sync direct', link: 'direct', rttMs: 0, mode: 'sync', batch: 1, commands: 100, medianMs: 10 }),
      config({ id: 'sync capped', rttMs: 0, mode: 'sync', batch: 1, commands: 100, bandwidth: { upKBps: 10, downKBps: 10 } }),
      config({ id: 'sync jitter', rttMs: 10, jitterMs: 2, mode: 'sync', batch: 1, commands: 100 }),
    ];
    const model = modelFor(configs, [calibrationAt(0, 0.3), calibrationAt(10, 11.3, 2)]);
    expect(model.get('sync direct')).toBeNull();
    expect(model.get('sync capped')).toBeCloseTo(20);
    expect(model.get('sync jitter')).toBeCloseTo(100 * 11 + 20);
  });
});

describe('model ratio', () => {
  it('is median over model, null when either is missing or the model is not positive', () => {
    expect(modelRatio(30, 20)).toBe(1.5);
    expect(modelRatio(null, 20)).toBeNull();
    expect(modelRatio(30, null)).toBeNull();
    expect(modelRatio(30, 0)).toBeNull();
  });

  it('fillModel sets modelMs and modelRatio on every config (none for a config that is its own baseline)', () => {
    const configs = [
      config({ id: 'sync@rtt=0ms', rttMs: 0, mode: 'sync', batch: 1, commands: 10, medianMs: 5 }),
      config({ id: 'sync@rtt=10ms', rttMs: 10, mode: 'sync', batch: 1, commands: 10, medianMs: 150 }),
      config({ id: 'sync direct', link: 'direct', rttMs: 0, mode: 'sync', batch: 1, commands: 10, medianMs: 4 }),
    ];
    expect(fillModel(configs, [calibrationAt(0, 0.5), calibrationAt(10, 10.5)])).toBe(configs);
    expect(configs.map((c) => [c.id, c.modelMs, c.modelRatio])).toEqual([
      ['sync@rtt=0ms', 5, null], // its own baseline: 1.00 by construction, so no ratio
      ['sync@rtt=10ms', 105, 150 / 105],
      ['sync direct', null, null],
    ]);
  });
});
