import { describe, expect, it } from 'vitest';
import { modelFor, modelMs } from '../../../lab/metrics/index.ts';
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
});
