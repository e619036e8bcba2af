import { describe, expect, it } from 'vitest';
import { parseScenario, type Scenario } from '../../../lab/scenario/index.ts';
import { HEAD, defaultNetwork, defaultWorkload, yaml } from './helpers.ts';

describe('parseScenario: valid files', () => {
  it('applies every default to a minimal file', () => {
    const text = yaml('name: minimal', 'workload:', '  command: INCR', '  commands: 2048', 'modes: [sync]');
    expect(parseScenario(text, 'm.yaml')).toStrictEqual<Scenario>({
      name: 'minimal',
      description: '',
      workloads: [defaultWorkload('INCR', [2048])],
      modes: [{ kind: 'sync' }],
      connections: [1],
      network: defaultNetwork(),
      warmup: 1,
      repeat: 3,
      calibrationPings: 50,
      seed: 1,
      expect: [],
      faults: [],
      policies: [],
      reconcile: { tags: 'log', deadlineMs: 10_000, appRetries: 3 },
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
    const s = parseScenario(text, 'full.yaml');
    expect(s.workloads).toStrictEqual([defaultWorkload('INCR', [4096], { key: 'lab:counter' })]);
    expect(s.modes).toStrictEqual([
      { kind: 'sync' },
      { kind: 'pipeline', batch: 8 },
      { kind: 'pipeline', batch: 64 },
      { kind: 'pipeline', batch: 256 },
    ]);
    expect(s.network).toStrictEqual(defaultNetwork({ rttMs: [0, 1, 5, 10], jitterMs: [0, 2] }));
    expect([s.warmup, s.repeat, s.calibrationPings]).toStrictEqual([0, 7, 5]);
    const config = { kind: 'config' } as const;
    expect(s.expect).toStrictEqual([
      { ...config, source: 'pipeline:256 at rtt=10ms: median < 60ms', select: { mode: { kind: 'pipeline', batch: 256 }, rttMs: 10, link: 'proxied' }, metric: 'medianMs', op: '<', value: 60 },
      { ...config, source: 'sync: min >= 0.5s', select: { mode: { kind: 'sync' } }, metric: 'minMs', op: '>=', value: 500, writtenUnit: 's' },
      { ...config, source: 'at rtt=5ms: p(99) < 25ms', select: { rttMs: 5, link: 'proxied' }, metric: 'p99Us', op: '<', value: 25_000, writtenUnit: 'ms' },
      { ...config, source: 'p(50) <= 250us', select: {}, metric: 'p50Us', op: '<=', value: 250 },
      { ...config, source: 'p(90) > 1ms', select: {}, metric: 'p90Us', op: '>', value: 1000, writtenUnit: 'ms' },
      { ...config, source: 'p(99.9) < 1.005s', select: {}, metric: 'p999Us', op: '<', value: 1_005_000, writtenUnit: 's' },
      { ...config, source: 'max-latency < 2ms', select: {}, metric: 'maxUs', op: '<', value: 2000, writtenUnit: 'ms' },
      { ...config, source: 'max < 3s', select: {}, metric: 'maxMs', op: '<', value: 3000, writtenUnit: 's' },
      { ...config, source: 'pipeline:8: ops/s > 1500.5', select: { mode: { kind: 'pipeline', batch: 8 } }, metric: 'opsPerSec', op: '>', value: 1500.5 },
    ]);
  });

  it('accepts a single duration for rtt and jitter, and an empty optional section as its default', () => {
    const s = parseScenario(yaml(...HEAD, 'network:', '  rtt: 20ms', '  jitter: 1ms', 'calibration:', 'expect:'), 'x.yaml');
    expect(s.network).toStrictEqual(defaultNetwork({ rttMs: [20], jitterMs: [1] }));
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
    expect(s.expect[0]).toMatchObject({ select: { mode: { kind: 'pipeline', batch: 4 }, rttMs: 10 }, metric: 'medianMs', value: 5 });
  });

  it('does not set file: only loadScenarioFile knows the path', () => {
    expect(parseScenario(yaml(...HEAD), 'label.yaml').file).toBeUndefined();
  });
});

describe('parseScenario: modes, connections and seed', () => {
  it('reads every mode spelling, with all as a batch', () => {
    const modes = 'modes: [sync, pipeline:8, {pipeline: all}, "multi:16", {multi: 8}, multi:all, auto:32, {auto: 4}, pipeline:1_000]';
    const s = parseScenario(yaml('name: t', 'workload: {command: INCR, commands: 5000}', modes), 'x.yaml');
    expect(s.modes).toStrictEqual([
      { kind: 'sync' },
      { kind: 'pipeline', batch: 8 },
      { kind: 'pipeline', batch: 'all' },
      { kind: 'multi', batch: 16 },
      { kind: 'multi', batch: 8 },
      { kind: 'multi', batch: 'all' },
      { kind: 'auto', callers: 32 },
      { kind: 'auto', callers: 4 },
      { kind: 'pipeline', batch: 1000 },
    ]);
  });

  it('accepts one mode on its own, like every other axis', () => {
    expect(parseScenario(yaml('name: t', 'workload: {command: INCR, commands: 10}', 'modes: multi:4'), 'x.yaml').modes).toStrictEqual([{ kind: 'multi', batch: 4 }]);
  });

  it('reads connections as one number or a list, and the seed', () => {
    const one = parseScenario(yaml(...HEAD, 'connections: 4', 'seed: 0'), 'x.yaml');
    expect([one.connections, one.seed]).toStrictEqual([[4], 0]);
    expect(parseScenario(yaml(...HEAD, 'connections: [1, 2, 10]'), 'x.yaml').connections).toStrictEqual([1, 2, 10]);
  });

  it('reads digit groups with underscores, which YAML 1.2 leaves as text', () => {
    const s = parseScenario(yaml('name: t', 'workload: {command: INCR, commands: [100_000, 1_000_000]}', 'modes: [sync]'), 'x.yaml');
    expect(s.workloads[0]?.commands).toStrictEqual([100_000, 1_000_000]);
  });
});

describe('parseScenario: network', () => {
  it('reads bandwidth caps in every unit, per direction, as an axis, with direct', () => {
    const s = parseScenario(
      yaml(...HEAD, 'network:', '  bandwidth: [unlimited, 1MB/s, 500KB/s, 125KiB/s, 2000B/s, 0.25MB/s, {up: 100KB/s, down: unlimited}, {down: 1.5MB/s}]', '  direct: true'),
      'x.yaml',
    );
    expect(s.network.bandwidth).toStrictEqual([
      { upKBps: null, downKBps: null },
      { upKBps: 1000, downKBps: 1000 },
      { upKBps: 500, downKBps: 500 },
      { upKBps: 128, downKBps: 128 },
      { upKBps: 2, downKBps: 2 },
      { upKBps: 250, downKBps: 250 },
      { upKBps: 100, downKBps: null },
      { upKBps: null, downKBps: 1500 },
    ]);
    expect(s.network.direct).toBe(true);
  });
});

describe('parseScenario: workloads', () => {
  const one = (...workload: string[]) => parseScenario(yaml('name: t', 'workload:', ...workload.map((l) => `  ${l}`), 'modes: [sync]'), 'x.yaml').workloads;

  it('defaults the key to one counter for keys: one and to a pattern with {i} otherwise', () => {
    expect(one('command: SET', 'commands: 10', 'keys: sequential')).toStrictEqual([
      defaultWorkload('SET', [10], { key: 'bench:key:{i}', keys: { kind: 'sequential', count: 'commands' } }),
    ]);
    expect(one('command: INCR', 'commands: 10', 'key: "c:{i}"')[0]?.key).toBe('c:{i}');
  });

  it.each([
    ['{sequential: 1000}', { kind: 'sequential', count: 1000 }],
    ['{uniform: 50}', { kind: 'uniform', count: 50 }],
    ['{zipfian: 10000}', { kind: 'zipfian', count: 10000, theta: 0.99 }],
    ['{zipfian: 100, theta: 0.5}', { kind: 'zipfian', count: 100, theta: 0.5 }],
    ['one', { kind: 'one' }],
  ])('keys: %s', (written, keys) => {
    expect(one('command: GET', 'commands: 10', `keys: ${written}`)[0]?.keys).toStrictEqual(keys);
  });

  it.each([
    ['16B', [{ minBytes: 16, maxBytes: 16 }]],
    ['1KB', [{ minBytes: 1000, maxBytes: 1000 }]],
    ['1KiB', [{ minBytes: 1024, maxBytes: 1024 }]],
    ['0.5KiB', [{ minBytes: 512, maxBytes: 512 }]],
    ['1.5MB', [{ minBytes: 1_500_000, maxBytes: 1_500_000 }]],
    ['256MiB', [{ minBytes: 268_435_456, maxBytes: 268_435_456 }]],
    ['"16B..1KB"', [{ minBytes: 16, maxBytes: 1000 }]],
    ['[0B, 16B..16B, 4KiB]', [{ minBytes: 0, maxBytes: 0 }, { minBytes: 16, maxBytes: 16 }, { minBytes: 4096, maxBytes: 4096 }]],
  ])('value: %s', (written, valueBytes) => {
    expect(one('command: SET', 'commands: 10', `value: ${written}`)[0]?.valueBytes).toStrictEqual(valueBytes);
  });

  it('reads each command\'s own options and their defaults', () => {
    expect(one('command: INCRBY', 'commands: 10', 'by: 5')[0]?.incrementBy).toBe(5);
    expect(one('command: HSET', 'commands: 10', 'field: f')[0]?.field).toBe('f');
    expect(one('command: MGET', 'commands: 10', 'keys: {uniform: 100}', 'mget-keys: 4')[0]).toMatchObject({ mgetKeys: 4, key: 'bench:key:{i}' });
    expect(one('command: HSET', 'commands: 10')[0]?.field).toBe('field');
  });

  it('reads EVAL with its script, ARGV and reply check, and a value only because args use {value}', () => {
    const [w] = one('command: EVAL', 'commands: 10', 'script: "return redis.call(\'SET\', KEYS[1], ARGV[1])"', 'args: ["{value}", "op-{i}"]', 'reply: ok', 'value: 1KB');
    expect(w).toStrictEqual(
      defaultWorkload('EVAL', [10], {
        script: "return redis.call('SET', KEYS[1], ARGV[1])",
        args: ['{value}', 'op-{i}'],
        reply: { kind: 'ok' },
        valueBytes: [{ minBytes: 1000, maxBytes: 1000 }],
      }),
    );
  });

  it('reads CUSTOM, keeping unquoted numbers as text and hash-tag braces as written', () => {
    const [w] = one('command: CUSTOM', 'commands: 10', 'keys: {uniform: 10}', 'key: "z:{tag}:{i}"', 'args: [ZADD, "{key}", 1, "m{i}"]', 'reply: {equals: "1"}');
    expect(w).toMatchObject({ key: 'z:{tag}:{i}', args: ['ZADD', '{key}', '1', 'm{i}'], reply: { kind: 'equals', text: '1' } });
    expect(w?.script).toBeUndefined();
  });

  it('reads a list of workloads, each labelled by its command unless it has a label', () => {
    const s = parseScenario(
      yaml('name: t', 'workload:', '  - {command: SET, commands: 10}', '  - {label: small, command: SET, commands: 10, value: 1B}', '  - {command: GET, commands: [5, 10]}', 'modes: [sync]'),
      'x.yaml',
    );
    expect(s.workloads.map((w) => [w.label, w.command, w.commands])).toStrictEqual([
      ['SET', 'SET', [10]],
      ['small', 'SET', [10]],
      ['GET', 'GET', [5, 10]],
    ]);
  });
});

describe('parseScenario: fault scenarios', () => {
  const FAULT_HEAD = ['name: f', 'workload: {command: INCR, commands: 512}', 'modes: [sync, pipeline:64, multi:64]'];

  it('reads every trigger and action, and defaults policies to all four', () => {
    const s = parseScenario(
      yaml(
        ...FAULT_HEAD,
        'faults:',
        '  - {name: cut-down, after: 128 commands, cut-after: {down: "32 replies + 3B"}}',
        '  - {name: cut-up, after: 64 commands, cut-after: {up: "1 command"}}',
        '  - {name: raw, at: 0ms, cut-after: {down: 7B}}',
        '  - {name: reset, at: 1.5s, reset: {}, for: 500ms}',
        '  - {name: stall, after: 0 commands, stall: }',
        '  - {name: down, at: 200ms, down: {}}',
        '  - {name: slow, at: 10ms, bandwidth: 2KB/s}',
      ),
      'f.yaml',
    );
    expect(s.faults).toStrictEqual([
      { name: 'cut-down', trigger: { kind: 'commands', after: 128 }, action: { kind: 'cut-after', direction: 'down', units: 32, plusBytes: 3 }, forMs: null },
      { name: 'cut-up', trigger: { kind: 'commands', after: 64 }, action: { kind: 'cut-after', direction: 'up', units: 1, plusBytes: 0 }, forMs: null },
      { name: 'raw', trigger: { kind: 'time', atMs: 0 }, action: { kind: 'cut-after', direction: 'down', units: 0, plusBytes: 7 }, forMs: null },
      { name: 'reset', trigger: { kind: 'time', atMs: 1500 }, action: { kind: 'reset' }, forMs: 500 },
      { name: 'stall', trigger: { kind: 'commands', after: 0 }, action: { kind: 'stall' }, forMs: null },
      { name: 'down', trigger: { kind: 'time', atMs: 200 }, action: { kind: 'down' }, forMs: null },
      { name: 'slow', trigger: { kind: 'time', atMs: 10 }, action: { kind: 'bandwidth', bandwidth: { upKBps: 2, downKBps: 2 } }, forMs: null },
    ]);
    expect(s.policies).toStrictEqual(['none', 'ioredis-default', 'app-retry', 'idempotent']);
    expect(s.reconcile).toStrictEqual({ tags: 'log', deadlineMs: 10_000, appRetries: 3 });
  });

  it('reads policies, reconcile options and reconcile thresholds', () => {
    const s = parseScenario(
      yaml(
        ...FAULT_HEAD,
        'faults: [{name: cut, after: 64 commands, reset: {}}]',
        'policies: [idempotent, none]',
        'reconcile: {tags: none, deadline: 2.5s, app-retries: 0}',
        'expect:',
        '  - "policy idempotent: SAFE"',
        '  - "policy none at fault=cut: UNSAFE"',
        '  - "policy none at fault=cut: duplicated == 0"',
        '  - "policy idempotent: acknowledged >= 1_000"',
      ),
      'f.yaml',
    );
    expect(s.policies).toStrictEqual(['idempotent', 'none']);
    expect(s.reconcile).toStrictEqual({ tags: 'none', deadlineMs: 2500, appRetries: 0 });
    const reconcile = { kind: 'reconcile' } as const;
    expect(s.expect).toStrictEqual([
      { ...reconcile, source: 'policy idempotent: SAFE', policy: 'idempotent', verdict: 'SAFE' },
      { ...reconcile, source: 'policy none at fault=cut: UNSAFE', policy: 'none', fault: 'cut', verdict: 'UNSAFE' },
      { ...reconcile, source: 'policy none at fault=cut: duplicated == 0', policy: 'none', fault: 'cut', metric: 'duplicated', op: '==', value: 0 },
      { ...reconcile, source: 'policy idempotent: acknowledged >= 1_000', policy: 'idempotent', metric: 'acknowledged', op: '>=', value: 1000 },
    ]);
  });
});

describe('parseScenario: config thresholds', () => {
  const text = (...items: string[]) =>
    yaml(
      'name: t',
      'workload:',
      '  - {label: set-1k, command: SET, commands: [100, 1000], value: [16B, 1KB, 16B..1KB]}',
      '  - {command: INCR, commands: 100}',
      'modes: [sync, pipeline:8, multi:all, auto:16]',
      'connections: [1, 50]',
      'network: {rtt: [0ms, 10ms], jitter: [0ms, 2ms], direct: true}',
      'expect:',
      ...items.map((i) => `  - "${i}"`),
    );

  it('reads a label, a mode and every selector', () => {
    const [t] = parseScenario(text('set-1k sync at n=1000, conns=50, value=1KB, rtt=10ms, jitter=2ms: p(99) < 25ms'), 'x.yaml').expect;
    expect(t).toStrictEqual({
      kind: 'config',
      source: 'set-1k sync at n=1000, conns=50, value=1KB, rtt=10ms, jitter=2ms: p(99) < 25ms',
      select: { workload: 'set-1k', mode: { kind: 'sync' }, commands: 1000, connections: 50, valueBytes: 1000, rttMs: 10, jitterMs: 2, link: 'proxied' },
      metric: 'p99Us',
      op: '<',
      value: 25_000,
      writtenUnit: 'ms',
    });
  });

  it.each([
    ['at direct: ops/s > 10000', { link: 'direct' }, 'opsPerSec', '>', 10_000],
    ['INCR: errors == 0', { workload: 'INCR' }, 'errors', '==', 0],
    ['multi:all at direct, conns=1: ratio <= 1.25', { mode: { kind: 'multi', batch: 'all' }, link: 'direct', connections: 1 }, 'modelRatio', '<=', 1.25],
    ['auto:16: rss < 512MiB', { mode: { kind: 'auto', callers: 16 } }, 'clientPeakRssBytes', '<', 536_870_912],
    ['heap < 1.5MB', {}, 'clientPeakHeapBytes', '<', 1_500_000],
    ['at n=100: ops/s >= 1_000', { commands: 100 }, 'opsPerSec', '>=', 1000],
  ])('%s', (source, select, metric, op, value) => {
    expect(parseScenario(text(source), 'x.yaml').expect).toStrictEqual([{ kind: 'config', source, select, metric, op, value }]);
  });
});
