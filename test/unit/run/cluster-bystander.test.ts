// Where the bystander stands on a cluster (run/cluster/cluster-bystander.ts): on the node of the
// workload's one slot, its key under the same hash tag, or else on the node of its own key.

import { describe, expect, it } from 'vitest';
import { keySlot } from '../../../lab/client/index.ts';
import { clusterBystanderPlace } from '../../../lab/run/cluster/cluster-bystander.ts';
import type { StartedNode } from '../../../lab/runtime/index.ts';
import { parseScenario } from '../../../lab/scenario/index.ts';

const primary = (i: number, first: number, last: number): StartedNode => ({
  name: `primary-${i}`,
  role: 'primary',
  shard: i,
  replicaOf: null,
  direct: { host: '127.0.0.1', port: 7000 + i },
  proxied: { host: '127.0.0.1', port: 8000 + i },
  announced: `127.0.0.1:${8000 + i}`,
  clientProxy: `primary-${i}`,
  listedAs: null,
  slots: { first, last },
});
const replica: StartedNode = { ...primary(9, 0, 16383), name: 'replica-3-1', role: 'replica', replicaOf: 'primary-3', slots: undefined } as unknown as StartedNode;
const NODES = [replica, primary(1, 0, 5460), primary(2, 5461, 10922), primary(3, 10923, 16383)];

const workloadsOf = (...lines: string[]) =>
  parseScenario(['name: t', 'topology: {cluster: {primaries: 3, replicas: 0}}', 'modes: [sync]', ...lines, ''].join('\n'), 'x.yaml').workloads;
const ownerOf = (slot: number) => NODES.find((n) => n.role === 'primary' && n.slots !== undefined && slot >= n.slots.first && slot <= n.slots.last)?.name;

describe('clusterBystanderPlace', () => {
  it('one fixed hash tag: the bystander key carries it, on that slot’s primary (head-of-line blocking)', () => {
    const tag = Array.from({ length: 200 }, (_, i) => `hot${i}`).find((t) => keySlot(t) >= 10923)!;
    const place = clusterBystanderPlace(NODES, workloadsOf(`workload: {requests: 5, request: [{command: INCR, key: "{${tag}}:n:{r}"}, {command: GET, key: "{${tag}}:m:{r}"}]}`), '');
    expect(place.node).toEqual({ name: 'primary-3', chosen: 'workload-slot' });
    expect(place.endpoint).toEqual({ host: '127.0.0.1', port: 8003 });
    expect(keySlot(place.key)).toBe(keySlot(tag));
    expect(place.note).toMatch(/went to primary-3 alone/);
  });

  it('one key without a tag is one slot too; a shared target’s prefix leads the key', () => {
    const place = clusterBystanderPlace(NODES, workloadsOf('workload: {requests: 5, request: [{command: INCR, key: counter}]}'), 'rfl:abc:');
    expect(place.key.startsWith('rfl:abc:')).toBe(true);
    expect(keySlot(place.key)).toBe(keySlot('counter'));
    expect(place.node?.chosen).toBe('workload-slot');
  });

  it('keys spread over the slots, or several tags: the node of its own key', () => {
    const spread = clusterBystanderPlace(NODES, workloadsOf('workload: {requests: 5, request: [{command: INCR, key: "n:{r}"}]}'), '');
    expect(spread.key).toBe('bystander:get');
    expect(spread.node).toEqual({ name: ownerOf(keySlot('bystander:get')), chosen: 'own-key' });
    expect(spread.note).toMatch(/spread over the primaries/);
    const twoTags = workloadsOf('workload:', '  - {label: a, requests: 5, request: [{command: INCR, key: "{alpha}:{r}"}]}', '  - {label: b, requests: 5, request: [{command: INCR, key: "{beta}:{r}"}]}');
    expect(clusterBystanderPlace(NODES, twoTags, '').node?.chosen).toBe('own-key');
    const perRequest = clusterBystanderPlace(NODES, workloadsOf('workload: {requests: 5, request: [{command: INCR, key: "user:{{r}}"}]}'), '');
    expect(perRequest.node?.chosen).toBe('own-key');
  });
});
