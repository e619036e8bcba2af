// Role selectors on a timeline (issue 23 follow-up): `node: current-primary` in a link fault or a
// partition names the node that is primary when the event fires; a cluster of several shards says
// whose (`current-primary@shard-2`). Unknown and ambiguous selectors are refused with the valid ones.

import { describe, expect, it } from 'vitest';
import { isRoleSelector, roleSelectors, selectorRefusal, selectorShard } from '../../../lab/contracts/index.ts';
import { parseScenario } from '../../../lab/scenario/index.ts';
import { failure, hints, lines, yaml } from './helpers.ts';

const HEAD = ['name: t', 'workload: {command: INCR, key: counter, commands: 1000}', 'modes: [sync]'];
const CLUSTER_HEAD = ['name: t', 'workload: {command: SET, key: "k:{i}", keys: sequential, commands: 100}', 'modes: [sync]'];

describe('role selectors', () => {
  it('reads current-primary in a link fault and a partition, on primary/replicas and Sentinel, kept as written', () => {
    const scenario = parseScenario(
      yaml(
        ...HEAD,
        'topology: {primary: 1, replicas: 2}',
        'timeline:',
        '  - {name: promote, at: 200ms, failover: {promote: replica-1}}',
        '  - {name: reset-new, at: 600ms, for: 300ms, node: current-primary, reset: {}}',
        '  - {name: cut-new, at: 1s, for: 500ms, partition: {nodes: [current-primary], from: peers}}',
      ),
      'x.yaml',
    );
    expect(scenario.timeline![1]!.action).toEqual({ kind: 'link-fault', link: 'current-primary', fault: { kind: 'reset' } });
    expect(scenario.timeline![2]!.action).toEqual({ kind: 'partition', nodes: ['current-primary'], from: 'peers' });
    const sentinel = parseScenario(yaml(...HEAD, 'topology: {primary: 1, replicas: 1, sentinels: 3}', 'timeline:', '  - {name: r, at: 8s, for: 1s, node: current-primary, stall: {}}'), 'x.yaml');
    expect(sentinel.timeline![0]!.action).toMatchObject({ link: 'current-primary' });
  });

  it('on a cluster: current-primary@shard-N', () => {
    const three = parseScenario(yaml(...CLUSTER_HEAD, 'topology: {cluster: {primaries: 3}}', 'timeline:', '  - {name: r, for: 1s, node: current-primary@shard-2, reset: {}}', '  - {name: p, for: 2s, partition: {nodes: [current-primary@shard-3]}}'), 'x.yaml');
    expect(three.timeline!.map((e) => e.action)).toMatchObject([{ link: 'current-primary@shard-2' }, { nodes: ['current-primary@shard-3'] }]);
  });

  it('refuses an ambiguous or unknown selector, naming the valid ones', () => {
    const ambiguous = failure(yaml(...CLUSTER_HEAD, 'topology: {cluster: {primaries: 3}}', 'timeline:', '  - {name: r, for: 1s, node: current-primary, reset: {}}'));
    expect(lines(ambiguous).join('\n')).toContain('timeline[0].node: current-primary is ambiguous on a cluster of several shards: say whose primary (current-primary@shard-1, current-primary@shard-2, current-primary@shard-3)');
    const noShard = failure(yaml(...CLUSTER_HEAD, 'topology: {cluster: {primaries: 3}}', 'timeline:', '  - {name: p, for: 2s, partition: {nodes: [current-primary@shard-4]}}'));
    expect(lines(noShard).join('\n')).toContain('current-primary@shard-4 names no shard of this topology (valid selectors: current-primary@shard-1, current-primary@shard-2, current-primary@shard-3)');
    const onReplicas = failure(yaml(...HEAD, 'topology: {primary: 1, replicas: 1}', 'timeline:', '  - {name: r, at: 1s, for: 1s, node: current-primary@shard-1, reset: {}}'));
    expect(lines(onReplicas).join('\n')).toContain('current-primary@shard-1 names no shard of this topology (valid selectors: current-primary)');
    expect(hints(onReplicas).join('\n')).toContain('role selectors here: current-primary; or name a link: primary, replica-1');
    // Not a selector: a misspelt one is an unknown link, with a guess.
    const typo = failure(yaml(...HEAD, 'topology: {primary: 1, replicas: 1}', 'timeline:', '  - {name: r, at: 1s, for: 1s, node: current-primry, reset: {}}'));
    expect(lines(typo).join('\n')).toContain('no link "current-primry"');
    // A peer link and a whole-node down stay by name.
    const peer = failure(yaml(...HEAD, 'topology: {primary: 1, replicas: 1}', 'timeline:', '  - {name: r, at: 1s, for: 1s, node: replica-1->current-primary, reset: {}}'));
    expect(lines(peer).join('\n')).toContain('no link "replica-1->current-primary"');
    const down = failure(yaml(...HEAD, 'topology: {primary: 1, replicas: 1}', 'timeline:', '  - {name: d, at: 1s, for: 1s, down: current-primary}'));
    expect(lines(down).join('\n')).toContain('no node "current-primary"');
  });

  it('the selector helpers', () => {
    expect([isRoleSelector('current-primary'), isRoleSelector('current-primary@shard-12'), isRoleSelector('primary'), isRoleSelector('current-replica')]).toEqual([true, true, false, false]);
    expect([selectorShard('current-primary'), selectorShard('current-primary@shard-3')]).toEqual([1, 3]);
    expect(roleSelectors({ kind: 'single' })).toEqual([]);
    expect(roleSelectors({ kind: 'cluster', primaries: 2, replicasPerPrimary: 1 })).toEqual(['current-primary@shard-1', 'current-primary@shard-2']);
    expect(selectorRefusal('current-primary', { kind: 'replicas', replicas: 1 })).toBeUndefined();
  });
});
