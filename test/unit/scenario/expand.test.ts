import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { expandFaultCells, expandMatrix, loadScenarioFile, modeLabel, parseScenario, waitsFor } from '../../../lab/scenario/index.ts';
import { defaultWorkload, yaml } from './helpers.ts';

const scenario = (...rest: string[]) => parseScenario(yaml('name: m', 'workload: {command: INCR, commands: 100}', 'modes: [pipeline:64, sync]', ...rest), 'm.yaml');

describe('expandMatrix', () => {
  it('loops rtt outermost, then jitter, then mode, in file order', () => {
    const cells = expandMatrix(scenario('network: {rtt: [10ms, 0ms], jitter: [0ms, 2ms]}'));
    expect(cells.map((c) => c.id)).toStrictEqual([
      'pipeline:64@rtt=10ms',
      'sync@rtt=10ms',
      'pipeline:64@rtt=10ms,jitter=2ms',
      'sync@rtt=10ms,jitter=2ms',
      'pipeline:64@rtt=0ms',
      'sync@rtt=0ms',
      'pipeline:64@rtt=0ms,jitter=2ms',
      'sync@rtt=0ms,jitter=2ms',
    ]);
    expect(cells[2]).toStrictEqual({
      id: 'pipeline:64@rtt=10ms,jitter=2ms',
      workload: defaultWorkload('INCR', [100]),
      commands: 100,
      valueBytes: { minBytes: 16, maxBytes: 16 },
      link: 'proxied',
      rttMs: 10,
      jitterMs: 2,
      bandwidth: { upKBps: null, downKBps: null },
      mode: { kind: 'pipeline', batch: 64 },
      batch: 64,
      connections: 1,
    });
  });

  it('gives one cell per mode at 0ms when there is no network section', () => {
    expect(expandMatrix(scenario()).map((c) => c.id)).toStrictEqual(['pipeline:64@rtt=0ms', 'sync@rtt=0ms']);
  });

  it('puts direct configs first, with no rtt, jitter or cap, and keeps configs of one link shape adjacent', () => {
    const cells = expandMatrix(scenario('connections: [1, 2]', 'network: {rtt: [0ms, 5ms], bandwidth: [unlimited, 1MB/s], jitter: 1ms, direct: true}'));
    expect(cells.map((c) => c.id)).toStrictEqual([
      'pipeline:64@direct',
      'sync@direct',
      'pipeline:64@direct,conns=2',
      'sync@direct,conns=2',
      'pipeline:64@rtt=0ms,jitter=1ms',
      'sync@rtt=0ms,jitter=1ms',
      'pipeline:64@rtt=0ms,jitter=1ms,conns=2',
      'sync@rtt=0ms,jitter=1ms,conns=2',
      'pipeline:64@rtt=0ms,jitter=1ms,bw=1MB/s',
      'sync@rtt=0ms,jitter=1ms,bw=1MB/s',
      'pipeline:64@rtt=0ms,jitter=1ms,bw=1MB/s,conns=2',
      'sync@rtt=0ms,jitter=1ms,bw=1MB/s,conns=2',
      'pipeline:64@rtt=5ms,jitter=1ms',
      'sync@rtt=5ms,jitter=1ms',
      'pipeline:64@rtt=5ms,jitter=1ms,conns=2',
      'sync@rtt=5ms,jitter=1ms,conns=2',
      'pipeline:64@rtt=5ms,jitter=1ms,bw=1MB/s',
      'sync@rtt=5ms,jitter=1ms,bw=1MB/s',
      'pipeline:64@rtt=5ms,jitter=1ms,bw=1MB/s,conns=2',
      'sync@rtt=5ms,jitter=1ms,bw=1MB/s,conns=2',
    ]);
    expect(cells[0]).toMatchObject({ link: 'direct', rttMs: 0, jitterMs: 0, bandwidth: { upKBps: null, downKBps: null } });
    const shapes = cells.map((c) => `${c.link}/${c.rttMs}/${c.jitterMs}/${c.bandwidth.upKBps}`);
    const runs = shapes.filter((shape, i) => shape !== shapes[i - 1]);
    expect(runs).toStrictEqual([...new Set(shapes)]);
  });

  it('names the workload, value and commands only where they vary, and a one-direction cap by direction', () => {
    const s = parseScenario(
      yaml(
        'name: m',
        'workload:',
        '  - {label: big, command: SET, commands: [10, 20], value: [1KiB, 16B..1KB]}',
        '  - {command: GET, commands: 10}',
        'modes: [multi:all, auto:4]',
        'network: {bandwidth: {up: 100KB/s}}',
      ),
      'm.yaml',
    );
    const cells = expandMatrix(s);
    expect(cells.map((c) => c.id)).toStrictEqual([
      'big multi:all@rtt=0ms,bw=up:100KB/s/down:unlimited,value=1KiB,n=10',
      'big auto:4@rtt=0ms,bw=up:100KB/s/down:unlimited,value=1KiB,n=10',
      'big multi:all@rtt=0ms,bw=up:100KB/s/down:unlimited,value=16B..1KB,n=10',
      'big auto:4@rtt=0ms,bw=up:100KB/s/down:unlimited,value=16B..1KB,n=10',
      'big multi:all@rtt=0ms,bw=up:100KB/s/down:unlimited,value=1KiB,n=20',
      'big auto:4@rtt=0ms,bw=up:100KB/s/down:unlimited,value=1KiB,n=20',
      'big multi:all@rtt=0ms,bw=up:100KB/s/down:unlimited,value=16B..1KB,n=20',
      'big auto:4@rtt=0ms,bw=up:100KB/s/down:unlimited,value=16B..1KB,n=20',
      'GET multi:all@rtt=0ms,bw=up:100KB/s/down:unlimited',
      'GET auto:4@rtt=0ms,bw=up:100KB/s/down:unlimited',
    ]);
    expect(cells.map((c) => c.batch)).toStrictEqual([10, 4, 10, 4, 20, 4, 20, 4, 10, 4]);
  });

  it('gives every cell of a scenario using the whole grammar its own id', async () => {
    const s = await loadScenarioFile(fileURLToPath(new URL('../../fixtures/scenarios/full-grammar.yaml', import.meta.url)));
    const cells = expandMatrix(s);
    const perLink = s.workloads.reduce((n, w) => n + w.commands.length * w.valueBytes.length, 0) * s.connections.length * s.modes.length;
    const links = s.network.rttMs.length * s.network.jitterMs.length * s.network.bandwidth.length + 1;
    expect(cells).toHaveLength(perLink * links);
    expect(new Set(cells.map((c) => c.id)).size).toBe(cells.length);
  });

  it('labels modes and counts round trips the way ids and thresholds do', () => {
    expect(modeLabel({ kind: 'pipeline', batch: 8 })).toBe('pipeline:8');
    expect(modeLabel({ kind: 'multi', batch: 'all' })).toBe('multi:all');
    expect(waitsFor({ kind: 'pipeline', batch: 8 }, 20)).toBe(3);
    expect(waitsFor({ kind: 'sync' }, 20)).toBe(20);
  });
});

describe('expandFaultCells', () => {
  const faulty = (network: string) =>
    parseScenario(
      yaml(
        'name: f',
        'workload: {command: INCR, commands: 200}',
        'modes: [sync, multi:all]',
        'faults: [{name: cut, after: 0 commands, reset: {}}, {name: stall, at: 5ms, stall: {}}]',
        'policies: [none, idempotent]',
        network,
      ),
      'f.yaml',
    );

  it('one cell per fault × mode × policy, ids without the link when there is one rtt', () => {
    const cells = expandFaultCells(faulty('network: {rtt: 5ms}'));
    expect(cells.map((c) => c.id)).toStrictEqual([
      'cut / sync / none',
      'cut / sync / idempotent',
      'cut / multi:all / none',
      'cut / multi:all / idempotent',
      'stall / sync / none',
      'stall / sync / idempotent',
      'stall / multi:all / none',
      'stall / multi:all / idempotent',
    ]);
    expect(cells[2]).toMatchObject({ fault: { name: 'cut' }, mode: { kind: 'multi', batch: 'all' }, policy: 'none', commands: 200, batch: 200, rttMs: 5, connections: 1 });
  });

  it('adds the link axes that vary, link shapes outermost, and keeps ids unique', () => {
    const cells = expandFaultCells(faulty('network: {rtt: [0ms, 10ms], jitter: [0ms, 2ms], bandwidth: [unlimited, 1MB/s]}'));
    expect(cells).toHaveLength(2 * 2 * 2 * 2 * 2 * 2);
    expect(cells[0]?.id).toBe('cut / sync / none @rtt=0ms,jitter=0ms,bw=unlimited');
    expect(cells[8]?.id).toBe('cut / sync / none @rtt=0ms,jitter=0ms,bw=1MB/s');
    expect(new Set(cells.map((c) => c.id)).size).toBe(cells.length);
    expect(expandFaultCells(faulty('network: {rtt: [0ms, 10ms]}'))[0]?.id).toBe('cut / sync / none @rtt=0ms');
  });

  it('is empty for a performance scenario', () => {
    expect(expandFaultCells(scenario())).toStrictEqual([]);
  });
});
