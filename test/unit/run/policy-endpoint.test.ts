// What a policy's connect is given on each topology (contracts/policy.ts PolicyTopology), and how
// node-redis's cluster client routes the lab's tagged commands.

import { describe, expect, it } from 'vitest';
import type { Relay } from '../../../lab/network/index.ts';
import { routingKey } from '../../../lab/policies/node-redis-builtins.ts';
import { policyEndpointFor, type SentinelSet } from '../../../lab/run/policy-failover.ts';
import type { StartedNode, StartedRuntime } from '../../../lab/runtime/index.ts';
import type { Topology } from '../../../lab/contracts/index.ts';

const node = (name: string, role: 'primary' | 'replica', port: number, shard = 1): StartedNode => ({
  name,
  role,
  shard,
  replicaOf: role === 'primary' ? null : 'primary',
  direct: { host: '127.0.0.1', port, password: 'pw' },
  proxied: { host: '127.0.0.1', port: port + 100, password: 'pw' },
  announced: `10.0.0.1:${port + 100}`,
  clientProxy: name,
  listedAs: null,
});

const runtimeOf = (topology: Topology, nodes: StartedNode[]) => ({ topology, nodes, password: 'pw' }) as unknown as StartedRuntime;

// A relay per node at port + 1000.
const relaysOf = (nodes: StartedNode[]) => new Map(nodes.map((n) => [n.name, { endpoint: { host: '127.0.0.1', port: n.direct.port + 1000 } } as Relay]));

const natMapOf = (nodes: StartedNode[]) => Object.fromEntries(nodes.map((n) => [n.announced, { host: '127.0.0.1', port: n.direct.port + 1000 }]));

describe('policyEndpointFor', () => {
  const single = [node('primary', 'primary', 7000)];
  const replicas = [node('primary', 'primary', 7000), node('replica-1', 'replica', 7001)];
  const cluster = [node('primary-1', 'primary', 7000, 1), node('primary-2', 'primary', 7001, 2), node('replica-1-1', 'replica', 7002, 1)];

  it('gives a single node its host, port and password and no topology (modules written for one node keep working)', () => {
    const endpoint = policyEndpointFor(runtimeOf({ kind: 'single' }, single), relaysOf(single), natMapOf(single), new Map());
    expect(endpoint).toEqual({ host: '127.0.0.1', port: 8000, password: 'pw' });
  });

  it('gives a primary with replicas every node with its role now, and the primary now as host/port', () => {
    // After a failover replica-1 is the primary: the endpoint follows the roles given, not the start roles.
    const roles = new Map<string, 'primary' | 'replica'>([
      ['primary', 'replica'],
      ['replica-1', 'primary'],
    ]);
    const endpoint = policyEndpointFor(runtimeOf({ kind: 'replicas', replicas: 1 }, replicas), relaysOf(replicas), natMapOf(replicas), roles);
    expect(endpoint).toMatchObject({ host: '127.0.0.1', port: 8001, password: 'pw' });
    expect(endpoint.topology).toEqual({
      kind: 'replicas',
      nodes: [
        { name: 'primary', role: 'replica', host: '127.0.0.1', port: 8000 },
        { name: 'replica-1', role: 'primary', host: '127.0.0.1', port: 8001 },
      ],
    });
  });

  it('gives a cluster every node as a seed and the NAT map from announced addresses to the relays', () => {
    const endpoint = policyEndpointFor(runtimeOf({ kind: 'cluster', primaries: 2, replicasPerPrimary: 1 }, cluster), relaysOf(cluster), natMapOf(cluster), new Map());
    expect(endpoint.topology).toEqual({
      kind: 'cluster',
      seeds: [
        { host: '127.0.0.1', port: 8000 },
        { host: '127.0.0.1', port: 8001 },
        { host: '127.0.0.1', port: 8002 },
      ],
      natMap: { '10.0.0.1:7100': { host: '127.0.0.1', port: 8000 }, '10.0.0.1:7101': { host: '127.0.0.1', port: 8001 }, '10.0.0.1:7102': { host: '127.0.0.1', port: 8002 } },
    });
    expect(endpoint).toMatchObject({ host: '127.0.0.1', port: 8000 });
  });

  it('gives Sentinel the sentinels, the master name, their password and the NAT map, from the list the caller passes', () => {
    const sentinels: SentinelSet = { sentinels: [{ host: '127.0.0.1', port: 26379 }, { host: '127.0.0.1', port: 26380, password: 'ignored' }], masterName: 'lab', password: 'spw' };
    const endpoint = policyEndpointFor(runtimeOf({ kind: 'replicas', replicas: 1 }, replicas), relaysOf(replicas), natMapOf(replicas), new Map(), sentinels);
    expect(endpoint.topology).toEqual({
      kind: 'sentinel',
      sentinels: [
        { host: '127.0.0.1', port: 26379 },
        { host: '127.0.0.1', port: 26380 },
      ],
      masterName: 'lab',
      natMap: natMapOf(replicas),
      sentinelPassword: 'spw',
    });
    expect(endpoint).toMatchObject({ host: '127.0.0.1', port: 8000, password: 'pw' });
  });
});

describe('routingKey (node-redis cluster routing)', () => {
  it('routes an EVAL by its first key, a plain command by its first argument, a keyless EVAL nowhere', () => {
    expect(routingKey('eval', ['return 1', '1', 'lab:log:{counter}', '0', 'INCR', 'counter'])).toBe('lab:log:{counter}');
    expect(routingKey('EVALSHA', ['abc', '2', 'k1', 'k2'])).toBe('k1');
    expect(routingKey('eval', ['return 1', '0'])).toBeUndefined();
    expect(routingKey('INCR', ['counter'])).toBe('counter');
  });
});
