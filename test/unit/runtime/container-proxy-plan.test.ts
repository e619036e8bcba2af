// The containers topology fixes every proxy's listen port before Toxiproxy starts (they are
// exposed and published when the container is created): one client proxy per node, then one
// peer proxy per ordered pair, on consecutive ports from 8666, each port used once.

import { describe, expect, it } from 'vitest';
import { topologyNodes } from '../../../lab/contracts/index.ts';
import { containerProxyPlan } from '../../../lab/runtime/containers.ts';

describe('containerProxyPlan', () => {
  it('gives each node a client proxy and each ordered pair a peer proxy, on distinct consecutive ports', () => {
    const plan = containerProxyPlan(topologyNodes({ kind: 'replicas', replicas: 1 }));
    expect(plan).toEqual([
      { name: 'primary', from: null, to: 'primary', port: 8666 },
      { name: 'replica-1', from: null, to: 'replica-1', port: 8667 },
      { name: 'primary->replica-1', from: 'primary', to: 'replica-1', port: 8668 },
      { name: 'replica-1->primary', from: 'replica-1', to: 'primary', port: 8669 },
    ]);
  });

  it('scales as nodes + nodes × (nodes − 1) with no port reused', () => {
    const plan = containerProxyPlan(topologyNodes({ kind: 'replicas', replicas: 5 }));
    expect(plan).toHaveLength(6 + 6 * 5);
    expect(new Set(plan.map((p) => p.port)).size).toBe(plan.length);
    expect(new Set(plan.map((p) => p.name)).size).toBe(plan.length);
    expect(plan.filter((p) => p.to === 'primary' && p.from !== null).map((p) => p.from)).toEqual(['replica-1', 'replica-2', 'replica-3', 'replica-4', 'replica-5']);
  });

  it('puts the sentinels\' client proxies after the pairs, so the nodes\' ports stay where they were', () => {
    const plan = containerProxyPlan(topologyNodes({ kind: 'replicas', replicas: 1 }), ['sentinel-1', 'sentinel-2', 'sentinel-3']);
    expect(plan.slice(0, 4)).toEqual(containerProxyPlan(topologyNodes({ kind: 'replicas', replicas: 1 })));
    expect(plan.slice(4)).toEqual([
      { name: 'sentinel-1', from: null, to: 'sentinel-1', port: 8670 },
      { name: 'sentinel-2', from: null, to: 'sentinel-2', port: 8671 },
      { name: 'sentinel-3', from: null, to: 'sentinel-3', port: 8672 },
    ]);
  });
});
