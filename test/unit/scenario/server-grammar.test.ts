import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../lab/scenario/index.ts';
import { failure, HEAD, hints, lines, yaml } from './helpers.ts';

describe('parseScenario: server', () => {
  it('absent: no server settings; a hard limit alone, and all three, in bytes and seconds', () => {
    expect(parseScenario(yaml(...HEAD), 'x.yaml').server).toBeUndefined();
    expect(parseScenario(yaml(...HEAD, 'server: {client-output-buffer-limit: {hard: 1MiB}}'), 'x.yaml').server).toStrictEqual({
      outputBufferLimit: { hardBytes: 1_048_576, softBytes: 0, softSeconds: 0 },
    });
    expect(parseScenario(yaml(...HEAD, 'server: {client-output-buffer-limit: {hard: 1MiB, soft: 512KiB, soft-seconds: 10}}'), 'x.yaml').server).toStrictEqual({
      outputBufferLimit: { hardBytes: 1_048_576, softBytes: 524_288, softSeconds: 10 },
    });
    expect(parseScenario(yaml(...HEAD, 'server: {client-output-buffer-limit: {soft: 1KB, soft-seconds: 2}}'), 'x.yaml').server?.outputBufferLimit).toStrictEqual({ hardBytes: 0, softBytes: 1000, softSeconds: 2 });
  });

  it('sizes carry units; a misspelt key names the valid ones; soft above hard and soft-seconds without soft are refused', () => {
    const error = failure(yaml(...HEAD, 'server: {client-output-buffer-limit: {hard: 1048576, sof-seconds: 3}}'));
    expect(lines(error)).toStrictEqual([
      '4:45: server.client-output-buffer-limit.hard: 1048576 has no unit',
      '4:54: server.client-output-buffer-limit.sof-seconds: unknown key "sof-seconds"; did you mean "soft-seconds"?',
    ]);
    expect(hints(error)).toContain('valid keys in server.client-output-buffer-limit: hard, soft, soft-seconds');
    expect(lines(failure(yaml(...HEAD, 'server: {client-output-buffer-limit: {hard: 1MiB, soft: 2MiB}}')))).toStrictEqual([
      '4:57: server.client-output-buffer-limit.soft: 2MiB is above hard (1MiB): it could never act',
    ]);
    expect(lines(failure(yaml(...HEAD, 'server: {client-output-buffer-limit: {hard: 1MiB, soft-seconds: 5}}')))).toStrictEqual([
      '4:65: server.client-output-buffer-limit.soft-seconds: is set without a soft limit',
    ]);
  });

  it('a missing or wrong-shaped limit says what would be valid', () => {
    const empty = failure(yaml(...HEAD, 'server: {}'));
    expect(lines(empty)).toStrictEqual(['4:1: server.client-output-buffer-limit: required key is missing']);
    expect(hints(empty)[0]).toMatch(/^server: \{client-output-buffer-limit: \{hard: 1MiB/);
    const scalar = failure(yaml(...HEAD, 'server: {client-output-buffer-limit: 1MiB}'));
    expect(lines(scalar)).toStrictEqual(['4:38: server.client-output-buffer-limit: expected a mapping, got "1MiB"']);
    expect(hints(scalar)[0]).toMatch(/\{hard: 1MiB\} or \{hard: 1MiB, soft: 512KiB, soft-seconds: 10\}/);
    expect(lines(failure(yaml(...HEAD, 'server: {client-output-buffer-limit: {soft: 2}}')))[0]).toMatch(/soft: 2 has no unit$/);
  });

  it('on the primary of a primary with replicas on the single-node path', () => {
    expect(parseScenario(yaml(...HEAD, 'topology: {primary: 1, replicas: 1}', 'server: {client-output-buffer-limit: {hard: 1MiB}}'), 'x.yaml').server?.outputBufferLimit?.hardBytes).toBe(1024 * 1024);
    // Reads sent to a replica would not meet a limit set on the primary.
    const reads = failure(yaml(...HEAD, 'topology: {primary: 1, replicas: 1}', 'replication: {read-from: replica-1}', 'server: {client-output-buffer-limit: {hard: 1MiB}}'));
    expect(lines(reads).some((line) => line.startsWith('6:1: server: cannot be combined with topology'))).toBe(true);
  });

  it('only beside measured runs: not with faults, the C engine or a cluster\'s command workloads', () => {
    const error = failure(
      yaml('name: t', 'workload: {command: INCR, commands: 100}', 'modes: [sync]', 'faults: [{name: cut, after: 10 commands, reset: {}}]', 'server: {client-output-buffer-limit: {hard: 1MiB}}'),
    );
    expect(lines(error)).toStrictEqual(['5:1: server: cannot be combined with faults: a fault scenario judges its runs by its faults; the server-closed evidence is read on measured runs only']);
    const commands = failure(yaml(...HEAD, 'topology: {cluster: {primaries: 3}}', 'server: {client-output-buffer-limit: {hard: 1MiB}}'));
    expect(lines(commands)).toContain(
      '5:1: server: cannot be combined with topology: on a cluster server: is applied to every primary for request workloads without a timeline; command workloads and timelines run on the cluster runner, which does not read the server-closed evidence',
    );
    expect(hints(commands).some((h) => h.includes('request workload'))).toBe(true);
  });

  it('on every primary of a cluster whose request workloads run on the single-node path', () => {
    const text = yaml(
      'name: t',
      'topology: {cluster: {primaries: 3, replicas: 0}}',
      'workload: {requests: 4, request: [{command: GET, key: "page:{r}", value: 100KiB}]}',
      'modes: [sync]',
      'server: {client-output-buffer-limit: {hard: 64KiB}}',
    );
    expect(parseScenario(text, 'x.yaml').server?.outputBufferLimit?.hardBytes).toBe(64 * 1024);
  });
});
