// Faults on a node's link in a topology's timeline (issue 23, item 3): the single-node fault
// grammar with node:, at a time or after N commands, beside partitions and failovers; and the
// refusals, each with its reason (a link that does not exist names the valid ones).

import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../lab/scenario/index.ts';
import { failure, hints, lines, yaml } from './helpers.ts';

const HEAD = ['name: t', 'workload: {command: INCR, key: counter, commands: 1000}', 'modes: [sync]'];
const REPLICAS = [...HEAD, 'topology: {primary: 1, replicas: 1}'];

describe('link faults on a timeline', () => {
  it('reads each fault of the single-node grammar on a named link, at a time or after N commands', () => {
    const scenario = parseScenario(
      yaml(
        ...REPLICAS,
        'timeline:',
        '  - {name: cut, at: 100ms, for: 1s, node: primary, cut-after: {down: "8 replies + 2B"}}',
        '  - {name: reset, after: 200 commands, for: 500ms, node: primary, reset: {}}',
        '  - {name: stall, at: 300ms, for: 1s, node: replica-1->primary, stall: {}}',
        '  - {name: off, at: 400ms, for: 1s, node: replica-1, down: {}}',
        '  - {name: promote, after: 500 commands, failover: {promote: replica-1}}',
        '  - {name: slow, at: 2s, for: 1s, node: replica-1, bandwidth: {down: 1KB/s}}',
      ),
      'x.yaml',
    );
    expect(scenario.timeline).toEqual([
      { name: 'cut', atMs: 100, forMs: 1000, action: { kind: 'link-fault', link: 'primary', fault: { kind: 'cut-after', direction: 'down', units: 8, plusBytes: 2 } } },
      { name: 'reset', atMs: null, afterCommands: 200, forMs: 500, action: { kind: 'link-fault', link: 'primary', fault: { kind: 'reset' } } },
      { name: 'stall', atMs: 300, forMs: 1000, action: { kind: 'link-fault', link: 'replica-1->primary', fault: { kind: 'stall' } } },
      { name: 'off', atMs: 400, forMs: 1000, action: { kind: 'link-fault', link: 'replica-1', fault: { kind: 'down' } } },
      { name: 'promote', atMs: null, afterCommands: 500, forMs: null, action: { kind: 'failover', promote: 'replica-1' } },
      { name: 'slow', atMs: 2000, forMs: 1000, action: { kind: 'link-fault', link: 'replica-1', fault: { kind: 'bandwidth', bandwidth: { upKBps: null, downKBps: 1 } } } },
    ]);
  });

  it('takes link faults on a Sentinel topology, and keeps down: NODE as the whole-node down', () => {
    const scenario = parseScenario(
      yaml(...HEAD, 'topology: {primary: 1, replicas: 1, sentinels: 3}', 'timeline:', '  - {name: r, after: 10 commands, for: 1s, node: primary, reset: {}}', '  - {name: d, at: 1s, for: 1s, down: replica-1}'),
      'x.yaml',
    );
    expect(scenario.timeline?.map((e) => e.action.kind)).toEqual(['link-fault', 'down']);
  });

  it('takes a sentinel\'s client link by name, names the sentinels among the valid links, and sizes no cut in commands there', () => {
    const SENTINEL = [...HEAD, 'topology: {primary: 1, replicas: 1, sentinels: 3}', 'timeline:'];
    const stall = parseScenario(yaml(...SENTINEL, '  - {name: s, at: 1s, for: 2s, node: sentinel-1, stall: {}}'), 'x.yaml');
    expect(stall.timeline?.[0]?.action).toMatchObject({ kind: 'link-fault', link: 'sentinel-1', fault: { kind: 'stall' } });
    const unknown = failure(yaml(...SENTINEL, '  - {name: s, at: 1s, for: 1s, node: sentinel-4, stall: {}}'));
    expect(lines(unknown).join('\n')).toContain('no link "sentinel-4"');
    expect(hints(unknown).join('\n')).toContain('sentinel-1, sentinel-2, sentinel-3');
    const cut = failure(yaml(...SENTINEL, '  - {name: c, at: 1s, for: 1s, node: sentinel-2, cut-after: {down: "8 replies"}}'));
    expect(lines(cut).join('\n')).toContain("a sentinel's link carries the client's sentinel queries");
    expect(() => parseScenario(yaml(...SENTINEL, '  - {name: c, at: 1s, for: 1s, node: sentinel-2, cut-after: {down: 200B}}'), 'x.yaml')).not.toThrow();
    // Without sentinels there is no sentinel link.
    expect(lines(failure(yaml(...REPLICAS, 'timeline:', '  - {name: s, at: 1s, for: 1s, node: sentinel-1, stall: {}}'))).join('\n')).toContain('no link "sentinel-1"');
  });

  it('names the valid links when the link does not exist', () => {
    const error = failure(yaml(...REPLICAS, 'timeline:', '  - {name: r, at: 1s, for: 1s, node: replica-2, reset: {}}'));
    expect(lines(error)).toEqual(['6:38: timeline[0].node: no link "replica-2" in {primary: 1, replicas: 1}; did you mean replica-1?']);
    expect(hints(error)).toEqual(['links: primary, replica-1, primary->replica-1, replica-1->primary']);
  });

  it('refuses a time it cannot honour, with the reason', () => {
    const text = lines(
      failure(
        yaml(
          ...REPLICAS,
          'timeline:',
          '  - {name: late, after: 1000 commands, for: 1s, node: primary, reset: {}}',
          '  - {name: both, at: 1s, after: 10 commands, for: 1s, node: primary, reset: {}}',
          '  - {name: none, for: 1s, node: primary, reset: {}}',
        ),
      ),
    ).join('\n');
    expect(text).toContain('timeline[1].after: an event has one time, but this one has at and after');
    expect(text).toContain('timeline[2]: names no time');
    const late = lines(failure(yaml(...REPLICAS, 'timeline:', '  - {name: late, after: 1000 commands, for: 1s, node: primary, reset: {}}'))).join('\n');
    expect(late).toContain('timeline[0].after: after 1000 commands is never reached: the writer issues 1000 commands, so the event could not start');
    const cluster = lines(
      failure(yaml('name: t', 'workload: {command: SET, key: "k:{i}", keys: sequential, commands: 100}', 'modes: [sync]', 'topology: {cluster: {primaries: 3}}', 'timeline:', '  - {name: s, after: 10 commands, for: 1s, partition: {nodes: [primary-1]}}')),
    ).join('\n');
    expect(cluster).toContain("timeline[0].after: a cluster's events take no after");
  });

  it('refuses what it cannot run: a fault without for or node, a cut it cannot size, a link fault on a cluster', () => {
    const text = lines(
      failure(yaml(...REPLICAS, 'timeline:', '  - {name: s, at: 1s, node: primary, stall: {}}', '  - {name: r, at: 2s, for: 1s, reset: {}}', '  - {name: p, at: 3s, for: 1s, node: primary, partition: {nodes: [primary]}, reset: {}}')),
    ).join('\n');
    expect(text).toContain('timeline[0]: a stall on a link needs a for');
    expect(text).toContain('timeline[1].reset: reset acts on one link, but this event names none');
    expect(text).toContain('timeline[2].partition: an event with node: is a fault on that link and takes no partition');
    const cuts = lines(
      failure(
        yaml(
          ...REPLICAS,
          'replication: {wait: [none, {replicas: 1, timeout: 100ms}]}',
          'timeline:',
          '  - {name: a, at: 1s, for: 1s, node: replica-1->primary, cut-after: {down: "8 replies"}}',
          '  - {name: b, at: 2s, for: 1s, node: primary, cut-after: {up: "8 commands"}}',
        ),
      ),
    ).join('\n');
    expect(cuts).toContain('timeline[0].cut-after.down: a peer link carries the replication stream');
    expect(cuts).toContain("timeline[1].cut-after.up: WAIT's commands cross the link too");
    // Raw bytes are sized by the user, so they are taken anywhere.
    expect(() => parseScenario(yaml(...REPLICAS, 'replication: {wait: {replicas: 1, timeout: 100ms}}', 'timeline:', '  - {name: a, at: 1s, for: 1s, node: replica-1->primary, cut-after: {down: 2000B}}'), 'x.yaml')).not.toThrow();
    // On a cluster: a node's client link, in raw bytes only (the writer spreads its commands over every primary).
    const CLUSTER = ['name: t', 'workload: {command: SET, key: "k:{i}", keys: sequential, commands: 100}', 'modes: [sync]', 'topology: {cluster: {primaries: 3}}', 'timeline:'];
    const stall = parseScenario(yaml(...CLUSTER, '  - {name: s, for: 1s, node: primary-1, stall: {}}'), 'x.yaml');
    expect(stall.timeline?.[0]?.action).toMatchObject({ kind: 'link-fault', link: 'primary-1', fault: { kind: 'stall' } });
    const cluster = lines(failure(yaml(...CLUSTER, '  - {name: c, for: 1s, node: primary-1, cut-after: {down: "8 replies"}}', '  - {name: p, for: 1s, node: "primary-1->primary-2", stall: {}}'))).join('\n');
    expect(cluster).toContain('timeline[0].cut-after.down: a cluster\'s writer spreads its replies over every primary');
    expect(cluster).toContain('timeline[1].node: no link "primary-1->primary-2"');
    expect(() => parseScenario(yaml(...CLUSTER, '  - {name: c, for: 1s, node: primary-1, cut-after: {down: 2000B}}'), 'x.yaml')).not.toThrow();
  });
});
