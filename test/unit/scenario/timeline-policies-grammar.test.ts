// `policies:` across a primary/replicas timeline (issue 23 item 4): accepted with a timeline on
// replicas, Sentinel and Cluster topologies, refused without a timeline; `policy <name>:
// SAFE` thresholds select those rows; without policies a timeline still refuses them.

import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../lab/scenario/index.ts';
import { failure, lines, yaml } from './helpers.ts';

const HEAD = ['name: t', 'workload: {command: INCR, key: c, commands: 1000}', 'modes: [sync]'];
const TIMELINE = 'timeline: [{name: isolate, at: 300ms, for: 2s, partition: {nodes: [primary], from: all}}]';

describe('policies across a topology timeline', () => {
  it('reads policies and policy thresholds on a Sentinel timeline', () => {
    const scenario = parseScenario(
      yaml(...HEAD, 'topology: {primary: 1, replicas: 1, sentinels: 3}', 'policies: [ioredis-default, node-redis-default]', TIMELINE, 'expect: ["policy ioredis-default: SAFE", "policy node-redis-default: duplicated == 0"]'),
      'x.yaml',
    );
    expect(scenario.policies).toEqual(['ioredis-default', 'node-redis-default']);
    expect(scenario.expect.map((t) => t.source)).toEqual(['policy ioredis-default: SAFE', 'policy node-redis-default: duplicated == 0']);
  });

  it('reads policies across a cluster timeline\'s failover', () => {
    const scenario = parseScenario(
      yaml(...HEAD, 'topology: {cluster: {primaries: 3, replicas: 1}}', 'policies: [ioredis-default]', 'timeline: [{name: fo, failover: {promote: replica-1-1}}]', 'expect: ["policy ioredis-default: SAFE"]'),
      'x.yaml',
    );
    expect(scenario.policies).toEqual(['ioredis-default']);
    expect(scenario.expect.map((t) => t.source)).toEqual(['policy ioredis-default: SAFE']);
  });

  it('refuses policies without a timeline (a cluster too), and a policy threshold for a policy not listed', () => {
    // Without a timeline a primary with replicas judges policies under faults: on the primary's link.
    expect(lines(failure(yaml(...HEAD, 'topology: {primary: 1, replicas: 1}', 'policies: [ioredis-default]')))[0]).toContain('policies on a topology without a timeline are judged under faults: on the primary’s link');
    const cluster = lines(failure(yaml(...HEAD, 'topology: {cluster: {primaries: 3}}', 'policies: [ioredis-default]')));
    expect(cluster[0]).toContain('policies on a cluster run needs a timeline');
    const unlisted = lines(failure(yaml(...HEAD, 'topology: {primary: 1, replicas: 1}', 'policies: [ioredis-default]', TIMELINE, 'expect: ["policy none: SAFE"]')));
    expect(unlisted[0]).toContain("policy none is not one of the scenario's policies");
    // Without policies a timeline's rows are the lab writer's only.
    expect(lines(failure(yaml(...HEAD, 'topology: {primary: 1, replicas: 1}', TIMELINE, 'expect: ["policy none: SAFE"]')))[0]).toContain("rows are the lab's own writer");
  });
});
