// Which proxies a partition or a down disables: the peer proxies that cross the cut, the client
// proxies of the nodes cut off, or every proxy that touches a node that is down. And a link fault
// on the timeline: on the named proxy, started when the writer reaches its command, healed after.

import { describe, expect, it } from 'vitest';
import { peerProxyName } from '../../../lab/contracts/index.ts';
import type { StartedRuntime } from '../../../lab/runtime/index.ts';
import type { ToxiproxyApi } from '../../../lab/network/index.ts';
import { proxiesCut, startTimeline } from '../../../lab/run/topology-timeline.ts';

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

describe('link faults on the timeline', () => {
  it('starts a fault after N commands on the named proxy before the writer goes on, and heals it after its for', async () => {
    const calls: string[] = [];
    const api = {
      addToxic: async (proxy: string, toxic: { name: string }) => void calls.push(`add ${proxy} ${toxic.name}`),
      removeToxic: async (proxy: string, name: string) => (calls.push(`remove ${proxy} ${name}`), true),
      setProxyEnabled: async (proxy: string, enabled: boolean) => void calls.push(`${enabled ? 'enable' : 'disable'} ${proxy}`),
    } as unknown as ToxiproxyApi;
    const problems: string[] = [];
    const timeline = startTimeline({
      api,
      topology,
      control: new Map(),
      signal: new AbortController().signal,
      hooks: { moveWriter: () => undefined, problem: (text) => problems.push(text) },
      events: [
        { name: 'reset', atMs: null, afterCommands: 3, forMs: 5, action: { kind: 'link-fault', link: 'replica-1->primary', fault: { kind: 'reset' } } },
        { name: 'off', atMs: 0, forMs: 5, action: { kind: 'link-fault', link: 'replica-2', fault: { kind: 'down' } } },
      ],
    });
    expect(timeline.beforeCommand(0)).toBeUndefined();
    expect(timeline.beforeCommand(2)).toBeUndefined();
    expect(calls.some((c) => c.startsWith('add'))).toBe(false);
    await timeline.beforeCommand(3);
    expect(calls).toContain('add replica-1->primary lab_fault_reset_downstream');
    expect(timeline.beforeCommand(3)).toBeUndefined(); // once
    await timeline.done;
    expect(calls).toEqual(expect.arrayContaining(['disable replica-2', 'enable replica-2', 'remove replica-1->primary lab_fault_reset_downstream']));
    const steps = timeline.times.linkFaults!;
    expect(steps.map((s) => [s.name, s.proxy]).sort()).toEqual([['off', 'replica-2'], ['reset', 'replica-1->primary']]);
    for (const step of steps) expect(step.healedMs).toBeGreaterThanOrEqual(step.startMs!);
    expect(problems).toEqual([]);
  });
});
