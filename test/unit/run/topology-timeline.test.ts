// Which proxies a partition or a down disables: the peer proxies that cross the cut, the client
// proxies of the nodes cut off, or every proxy that touches a node that is down.

import { describe, expect, it } from 'vitest';
import { peerProxyName } from '../../../lab/contracts/index.ts';
import type { StartedRuntime } from '../../../lab/runtime/index.ts';
import { proxiesCut } from '../../../lab/run/topology-timeline.ts';

const names = ['primary', 'replica-1', 'replica-2'];
const endpoint = { host: '127.0.0.1', port: 1 };
const topology = {
  nodes: names.map((name) => ({ name, role: name === 'primary' ? 'primary' : 'replica', replicaOf: null, direct: endpoint, proxied: endpoint, clientProxy: name })),
  peers: names.flatMap((from) => names.filter((to) => to !== from).map((to) => ({ name: peerProxyName(from, to), from, to, listen: endpoint }))),
} as unknown as StartedRuntime;

describe('proxiesCut', () => {
  it('cuts a node off from its peers: every peer proxy across the cut, both ways, and no client proxy', () => {
    expect(proxiesCut(topology, { kind: 'partition', nodes: ['primary'], from: 'peers' }).sort()).toEqual([
      'primary->replica-1',
      'primary->replica-2',
      'replica-1->primary',
      'replica-2->primary',
    ]);
  });

  it('cuts nodes off from the clients: their client proxies only', () => {
    expect(proxiesCut(topology, { kind: 'partition', nodes: ['replica-1', 'replica-2'], from: 'clients' })).toEqual(['replica-1', 'replica-2']);
  });

  it('keeps the links inside a partitioned set and cuts the rest with all', () => {
    const cut = proxiesCut(topology, { kind: 'partition', nodes: ['replica-1', 'replica-2'], from: 'all' });
    expect(cut).not.toContain('replica-1->replica-2');
    expect(cut.sort()).toEqual(['primary->replica-1', 'primary->replica-2', 'replica-1', 'replica-1->primary', 'replica-2', 'replica-2->primary']);
  });

  it('takes a node down: its client proxy and every peer proxy into or out of it', () => {
    expect(proxiesCut(topology, { kind: 'down', node: 'replica-2' }).sort()).toEqual(['primary->replica-2', 'replica-1->replica-2', 'replica-2', 'replica-2->primary', 'replica-2->replica-1']);
  });

  it('disables nothing for a failover', () => {
    expect(proxiesCut(topology, { kind: 'failover', promote: 'replica-1' })).toEqual([]);
  });
});
