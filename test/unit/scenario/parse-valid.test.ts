import { describe, expect, it } from 'vitest';
import { parseScenario, type Scenario } from '../../../lab/scenario/index.ts';
import { HEAD, yaml } from './helpers.ts';

describe('parseScenario: valid files', () => {
  it('applies every default to a minimal file', () => {
    const text = yaml('name: minimal', 'workload:', '  command: INCR', '  commands: 2048', 'modes: [sync]');
    expect(parseScenario(text, 'm.yaml')).toStrictEqual<Scenario>({
      name: 'minimal',
      description: '',
      workload: { command: 'INCR', key: 'bench:counter', commands: 2048 },
      modes: [{ kind: 'sync' }],
      network: { rttMs: [0], jitterMs: [0] },
      warmup: 1,
      repeat: 3,
      calibrationPings: 50,
      expect: [],
    });
  });

  it('reads a full file, converting durations to whole ms and thresholds to their metric units', () => {
    const text = yaml(
      'name: cross-dc-incr',
      'description: INCR vs pipelines',
      'workload:',
      '  command: INCR',
      '  key: lab:counter',
      '  commands: 4096',
      'modes: [sync, {pipeline: 8}, "pipeline:64", pipeline: 256]',
      'network:',
      '  rtt: [0ms, 1000us, 0.005s, 10ms]',
      '  jitter: [0ms, 2ms]',
      'warmup: 0',
      'repeat: 7',
      'calibration:',
      '  pings: 5',
      'expect:',
      '  - "pipeline:256 at rtt=10ms: median < 60ms"',
      '  - "sync: min >= 0.5s"',
      '  - "at rtt=5ms: p(99) < 25ms"',
      '  - p(50) <= 250us',
      '  - "p(90) > 1ms"',
      "  - 'p(99.9) < 1.005s'",
      '  - max-latency < 2ms',
      '  - "max < 3s"',
      '  - "pipeline:8: ops/s > 1500.5"',
    );
    expect(parseScenario(text, 'full.yaml')).toStrictEqual<Scenario>({
      name: 'cross-dc-incr',
      description: 'INCR vs pipelines',
      workload: { command: 'INCR', key: 'lab:counter', commands: 4096 },
      modes: [
        { kind: 'sync' },
        { kind: 'pipeline', batch: 8 },
        { kind: 'pipeline', batch: 64 },
        { kind: 'pipeline', batch: 256 },
      ],
      network: { rttMs: [0, 1, 5, 10], jitterMs: [0, 2] },
      warmup: 0,
      repeat: 7,
      calibrationPings: 5,
      expect: [
        { source: 'pipeline:256 at rtt=10ms: median < 60ms', mode: { kind: 'pipeline', batch: 256 }, rttMs: 10, metric: 'medianMs', op: '<', value: 60 },
        { source: 'sync: min >= 0.5s', mode: { kind: 'sync' }, metric: 'minMs', op: '>=', value: 500 },
        { source: 'at rtt=5ms: p(99) < 25ms', rttMs: 5, metric: 'p99Us', op: '<', value: 25_000 },
        { source: 'p(50) <= 250us', metric: 'p50Us', op: '<=', value: 250 },
        { source: 'p(90) > 1ms', metric: 'p90Us', op: '>', value: 1000 },
        { source: 'p(99.9) < 1.005s', metric: 'p999Us', op: '<', value: 1_005_000 },
        { source: 'max-latency < 2ms', metric: 'maxUs', op: '<', value: 2000 },
        { source: 'max < 3s', metric: 'maxMs', op: '<', value: 3000 },
        { source: 'pipeline:8: ops/s > 1500.5', mode: { kind: 'pipeline', batch: 8 }, metric: 'opsPerSec', op: '>', value: 1500.5 },
      ],
    });
  });

  it('accepts a single duration for rtt and jitter, and an empty optional section as its default', () => {
    const s = parseScenario(yaml(...HEAD, 'network:', '  rtt: 20ms', '  jitter: 1ms', 'calibration:', 'expect:'), 'x.yaml');
    expect(s.network).toStrictEqual({ rttMs: [20], jitterMs: [1] });
    expect(s.calibrationPings).toBe(50);
    expect(s.expect).toStrictEqual([]);
  });

  it('accepts JSON, since JSON is YAML', () => {
    const json = JSON.stringify(
      {
        name: 'json',
        workload: { command: 'INCR', commands: 10 },
        modes: ['sync', { pipeline: 4 }],
        network: { rtt: ['0ms', '10ms'] },
        expect: ['pipeline:4 at rtt=10ms: median < 5ms'],
      },
      null,
      '\t',
    );
    const s = parseScenario(json, 'x.json');
    expect(s.modes).toStrictEqual([{ kind: 'sync' }, { kind: 'pipeline', batch: 4 }]);
    expect(s.network.rttMs).toStrictEqual([0, 10]);
    expect(s.expect[0]).toMatchObject({ mode: { kind: 'pipeline', batch: 4 }, rttMs: 10, metric: 'medianMs', value: 5 });
  });

  it('does not set file: only loadScenarioFile knows the path', () => {
    expect(parseScenario(yaml(...HEAD), 'label.yaml').file).toBeUndefined();
  });
});
