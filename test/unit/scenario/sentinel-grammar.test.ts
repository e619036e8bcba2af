// The Sentinel grammar (issue 23 item 5): sentinels in the topology, the `sentinel:` settings with
// their defaults, and the errors a user meets (each names the field and the valid range).

import { describe, expect, it } from 'vitest';
import { sentinelNames, topologyLabel, topologyNodes } from '../../../lab/contracts/index.ts';
import { parseScenario } from '../../../lab/scenario/index.ts';
import { failure, hints, lines, yaml } from './helpers.ts';

const HEAD = ['name: t', 'workload: {command: INCR, key: c, commands: 10}', 'modes: [sync]'];

describe('sentinel grammar', () => {
  it('reads sentinels with the lab defaults: quorum a majority, down-after 1 s, failover-timeout 5 s', () => {
    const topology = parseScenario(yaml(...HEAD, 'topology: {primary: 1, replicas: 1, sentinels: 3}'), 'x.yaml').topology!;
    expect(topology).toEqual({ kind: 'replicas', replicas: 1, sentinel: { sentinels: 3, quorum: 2, downAfterMs: 1000, failoverTimeoutMs: 5000 } });
    expect(parseScenario(yaml(...HEAD, 'topology: {primary: 1, replicas: 1, sentinels: 5}'), 'x.yaml').topology).toMatchObject({ sentinel: { quorum: 3 } });
    // Sentinels are not nodes: the node names are those of {primary: 1, replicas: 1}.
    expect(topologyNodes(topology).map((n) => n.name)).toEqual(['primary', 'replica-1']);
    expect(sentinelNames(topology)).toEqual(['sentinel-1', 'sentinel-2', 'sentinel-3']);
    expect(topologyLabel(topology)).toBe('{primary: 1, replicas: 1, sentinels: 3}');
    expect(sentinelNames({ kind: 'replicas', replicas: 1 })).toEqual([]);
  });

  it('reads sentinel: down-after, failover-timeout and quorum', () => {
    const topology = parseScenario(yaml(...HEAD, 'topology: {primary: 1, replicas: 2, sentinels: 3}', 'sentinel: {down-after: 2s, failover-timeout: 10s, quorum: 3}'), 'x.yaml').topology;
    expect(topology).toEqual({ kind: 'replicas', replicas: 2, sentinel: { sentinels: 3, quorum: 3, downAfterMs: 2000, failoverTimeoutMs: 10000 } });
  });

  it('names the field and its range: sentinels, quorum beyond the sentinels, down-after, failover-timeout', () => {
    expect(lines(failure(yaml(...HEAD, 'topology: {primary: 1, replicas: 1, sentinels: 9}')))).toEqual(['4:48: topology.sentinels: 9 is out of range; expected a whole number from 1 to 7']);
    const error = failure(yaml(...HEAD, 'topology: {primary: 1, replicas: 1, sentinels: 3}', 'sentinel: {down-after: 10ms, failover-timeout: 5000ms, quorum: 4}'));
    expect(lines(error)).toEqual(['5:24: sentinel.down-after: "10ms" is out of range', '5:64: sentinel.quorum: 4 is out of range; expected a whole number from 1 to 3']);
    expect(hints(error)[0]).toBe('down-after must be from 100ms to 600000ms');
    expect(hints(error)[1]).toContain('1 to 3 (the topology\'s sentinels)');
    expect(lines(failure(yaml(...HEAD, 'topology: {primary: 1, replicas: 1, sentinels: 3}', 'sentinel: {failover-timeout: 100ms}')))[0]).toContain('sentinel.failover-timeout: "100ms" is out of range');
    expect(lines(failure(yaml(...HEAD, 'topology: {primary: 1, replicas: 1, sentinels: 3}', 'sentinel: {down-afterr: 1s}')))[0]).toContain('sentinel.down-afterr');
  });

  it('refuses sentinel settings without sentinels, sentinels on a cluster, and a failover step the sentinels would make', () => {
    expect(lines(failure(yaml(...HEAD, 'topology: {primary: 1, replicas: 1}', 'sentinel: {quorum: 1}')))).toEqual(['5:1: sentinel: sentinel settings need sentinels in the topology']);
    expect(lines(failure(yaml(...HEAD, 'topology: {cluster: {primaries: 3}, sentinels: 3}')))[0]).toContain('a cluster is written on its own');
    const error = failure(yaml(...HEAD, 'topology: {primary: 1, replicas: 1, sentinels: 3}', 'timeline:', '  - {name: promote, at: 1s, failover: {promote: replica-1}}'));
    expect(lines(error)).toEqual(['6:29: timeline[0].failover: sentinels decide the failover; remove the failover step']);
    expect(hints(error)[0]).toContain('partition: {nodes: [primary], from: all}');
  });
});
