// The cluster round-trip model: a wait costs its farthest node, a redirect one round trip more.

import { describe, expect, it } from 'vitest';
import { clusterLinkCostMs } from '../../../lab/run/cluster/cluster-model.ts';

const added = new Map([
  ['a', 1],
  ['b', 1],
  ['far', 15],
]);

describe('clusterLinkCostMs', () => {
  it('charges each wait its farthest node', () => {
    expect(clusterLinkCostMs([['a'], ['far'], ['a', 'b'], ['a', 'far']], [], added)).toBe(1 + 15 + 1 + 15);
  });
  it('adds one round trip to the redirecting node per redirect', () => {
    expect(clusterLinkCostMs([['a']], ['far', 'b'], added)).toBe(1 + 15 + 1);
  });
  it('gives no figure when a node has no calibration', () => {
    expect(clusterLinkCostMs([['unknown']], [], added)).toBeUndefined();
    expect(clusterLinkCostMs([['a']], [undefined], added)).toBeUndefined();
  });
});
