// A topology run's timeline: partitions and downs are Toxiproxy `enabled:false` on the right
// proxies (open connections closed, new ones refused) for their `for`; a failover is
// REPLICAOF NO ONE on the replica (over the lab's direct control connection, as an operator or
// Sentinel would), the other replicas re-pointed at it through their peer proxies, and the
// writer told to move. The old primary, if a partition still cuts it off, is demoted with
// REPLICAOF to the new primary when that partition heals; that full resync discards whatever it
// acknowledged alone (the Jepsen scenario).

import type { Redis } from 'ioredis';
import type { ToxiproxyApi } from '../network/index.ts';
import type { StartedRuntime } from '../runtime/index.ts';
import { peerProxyName, type FailoverTimeline, type TopologyAction, type TopologyEvent } from '../contracts/index.ts';
import { LabError } from '../errors/index.ts';

// The proxies an action disables.
export const proxiesCut = (topology: StartedRuntime, action: TopologyAction): string[] => {
  if (action.kind === 'failover') return [];
  const inside = new Set(action.kind === 'down' ? [action.node] : action.nodes);
  const from = action.kind === 'down' ? 'all' : action.from;
  const peers = from === 'clients' ? [] : topology.peers.filter((p) => inside.has(p.from) !== inside.has(p.to) || (action.kind === 'down' && (inside.has(p.from) || inside.has(p.to)))).map((p) => p.name);
  const clients = from === 'peers' ? [] : topology.nodes.filter((n) => inside.has(n.name)).map((n) => n.clientProxy);
  return [...clients, ...peers];
};

export interface TimelineHooks {
  /** The writer must now write to this node. */
  moveWriter(node: string): void;
  /** Something went wrong in the background (a heal that failed): a warning, not a verdict. */
  problem(text: string): void;
}

export interface RunningTimeline {
  /** Resolves once every event ran and every partition and down healed (and the old primary was demoted). */
  done: Promise<void>;
  times: FailoverTimeline;
  /** The node that ends as primary. */
  primary(): string;
  /** Heals whatever is still cut (on an abort); safe to call twice. */
  healAll(): Promise<void>;
}

// The validator gives every event of a primary/replicas timeline its `at`; only a cluster's have none.
const eventAtMs = (event: TopologyEvent): number => {
  if (event.atMs !== null) return event.atMs;
  throw new LabError('E_SCENARIO_INVALID', `timeline ${event.name} has no at`, { hint: 'on a primary/replicas topology every event takes at: 500ms (after the workload starts)' });
};

const sleepUntil = (startMs: number, atMs: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const wait = Math.max(0, startMs + atMs - performance.now());
    const timer = setTimeout(resolve, wait);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** Starts the timeline now (t = 0 is the writer's start). `control` holds a direct client per node. */
export const startTimeline = (input: {
  api: ToxiproxyApi;
  topology: StartedRuntime;
  events: readonly TopologyEvent[];
  control: Map<string, Redis>;
  hooks: TimelineHooks;
  signal: AbortSignal;
}): RunningTimeline => {
  const { api, topology, events, control, hooks, signal } = input;
  const startMs = performance.now();
  const at = () => performance.now() - startMs;
  const times: FailoverTimeline = { partitionMs: null, partitionAppliedMs: null, failoverMs: null, healMs: null, demotedMs: null, endMs: null };
  const cut = new Map<string, number>(); // proxy -> how many active events cut it
  let primary = topology.nodes.find((n) => n.role === 'primary')?.name ?? 'primary';
  let pendingDemotion: string | null = null;
  const active: TopologyEvent[] = [];

  const setEnabled = async (proxies: string[], enabled: boolean) => {
    for (const proxy of proxies) {
      const count = (cut.get(proxy) ?? 0) + (enabled ? -1 : 1);
      cut.set(proxy, Math.max(0, count));
      if ((enabled && count === 0) || (!enabled && count === 1)) await api.setProxyEnabled(proxy, enabled);
    }
  };
  const isolated = (node: string) => active.some(({ action }) => (action.kind === 'down' ? action.node === node : action.kind === 'partition' && action.nodes.includes(node)));
  const replicaOf = async (node: string, of: string) => {
    const peer = topology.peers.find((p) => p.name === peerProxyName(node, of));
    if (peer === undefined) throw new Error(`no peer proxy ${peerProxyName(node, of)}`);
    await (control.get(node) as Redis).call('REPLICAOF', peer.dial.host, String(peer.dial.port));
  };
  const demote = async (old: string) => {
    await replicaOf(old, primary);
    times.demotedMs = at();
    pendingDemotion = null;
  };

  const runEvent = async (event: TopologyEvent): Promise<void> => {
    const atMs = eventAtMs(event);
    await sleepUntil(startMs, atMs, signal);
    if (signal.aborted) return;
    const { action } = event;
    if (action.kind === 'failover') {
      const old = primary;
      await (control.get(action.promote) as Redis).call('REPLICAOF', 'NO', 'ONE');
      primary = action.promote;
      times.failoverMs = at();
      hooks.moveWriter(primary);
      for (const node of topology.nodes) {
        if (node.name === primary || node.name === old) continue;
        await replicaOf(node.name, primary).catch((error: unknown) => hooks.problem(`re-pointing ${node.name} at ${primary}: ${String(error)}`));
      }
      if (isolated(old)) pendingDemotion = old;
      else await demote(old);
      return;
    }
    const proxies = proxiesCut(topology, action);
    active.push(event);
    // The cut begins with the first API call; Toxiproxy takes a while to close a proxy's links
    // (hundreds of ms under load), and writes acknowledged meanwhile may already be cut off.
    if (action.kind === 'partition') times.partitionMs ??= at();
    await setEnabled(proxies, false);
    if (action.kind === 'partition') times.partitionAppliedMs ??= at();
    await sleepUntil(startMs, atMs + (event.forMs ?? 0), signal);
    active.splice(active.indexOf(event), 1);
    await setEnabled(proxies, true);
    times.healMs = at();
    if (pendingDemotion !== null && !isolated(pendingDemotion)) await demote(pendingDemotion);
  };

  const done = Promise.all(events.map((event) => runEvent(event))).then(() => undefined);
  return {
    done,
    times,
    primary: () => primary,
    healAll: async () => {
      for (const [proxy, count] of cut) {
        if (count > 0) await api.setProxyEnabled(proxy, true).catch((error: unknown) => hooks.problem(`re-enabling ${proxy}: ${String(error)}`));
        cut.set(proxy, 0);
      }
    },
  };
};
