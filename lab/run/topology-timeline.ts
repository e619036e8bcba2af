// A topology run's timeline: partitions and downs are Toxiproxy `enabled:false` on the right
// proxies (open connections closed, new ones refused) for their `for`; a failover is
// REPLICAOF NO ONE on the replica (over the lab's direct control connection, as an operator or
// Sentinel would), the other replicas re-pointed at it through their peer proxies, and the
// writer told to move. The old primary, if a partition still cuts it off, is demoted with
// REPLICAOF to the new primary when that partition heals; that full resync discards whatever it
// acknowledged alone (the Jepsen scenario).

//
// A link fault (`node: replica-1, reset: {}`) is the single-node fault grammar on one proxy: the
// node's client proxy, or a peer proxy `replica-1->primary`; startFault adds its toxics (a
// `down` goes through the same counted disable as partitions, so a partition over the same proxy
// keeps it down), and it is healed after its `for`. An event with `after: N commands` starts when
// the writer is about to issue command N: the writer waits (beforeCommand) until it is in place.

import type { Redis } from 'ioredis';
import { startFault, type FaultHandle, type ToxiproxyApi } from '../network/index.ts';
import type { StartedRuntime } from '../runtime/index.ts';
import { sleepMs } from '../workload/index.ts';
import { isRoleSelector, peerProxyName, type FailoverTimeline, type FaultAction, type LinkFaultStep, type TopologyAction, type TopologyEvent } from '../contracts/index.ts';
import { errorMessage, LabError } from '../errors/index.ts';
import { currentPrimary } from './role-resolve.ts';

/** The proxy a link fault acts on: the node's client proxy, or the peer proxy of that name. */
const linkProxy = (topology: StartedRuntime, link: string): string => {
  const node = topology.nodes.find((n) => n.name === link);
  if (node !== undefined) return node.clientProxy;
  const peer = topology.peers.find((p) => p.name === link);
  if (peer !== undefined) return peer.name;
  const sentinel = topology.sentinels.find((s) => s.name === link);
  if (sentinel !== undefined) return sentinel.clientProxy;
  throw new LabError('E_SCENARIO_INVALID', `no link ${link} in this topology`, {
    hint: `links: ${[...topology.nodes.map((n) => n.name), ...topology.peers.map((p) => p.name), ...topology.sentinels.map((s) => s.name)].join(', ')}`,
  });
};

// The proxies an action disables.
export const proxiesCut = (topology: StartedRuntime, action: TopologyAction): string[] => {
  if (action.kind === 'failover' || action.kind === 'link-fault') return [];
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
  /** The byte count of a cut-after that starts now (sized on the writer's next commands). */
  cutBytes?(fault: Extract<FaultAction, { kind: 'cut-after' }>): number;
}

export interface RunningTimeline {
  /** Resolves once every event ran and every partition and down healed (and the old primary was demoted). */
  done: Promise<void>;
  times: FailoverTimeline;
  /** The node that ends as primary. */
  primary(): string;
  /** Heals whatever is still cut (on an abort); safe to call twice. */
  healAll(): Promise<void>;
  /** The writer calls it before issuing command `op` (0-based): when an event starts `after: op
   * commands`, it resolves once that event is in place; else undefined. */
  beforeCommand(op: number): Promise<void> | undefined;
}

// The validator gives every event of a primary/replicas timeline its `at` or its `after`; only a cluster's have neither.
const checkTime = (event: TopologyEvent): void => {
  if (event.atMs !== null || event.afterCommands !== undefined) return;
  throw new LabError('E_SCENARIO_INVALID', `timeline ${event.name} has no at`, { hint: 'on a primary/replicas timeline every event takes at: 500ms (after the workload starts) or after: 200 commands' });
};

interface Gate {
  open(): void;
  applied: Promise<void>;
}

// Waits until `atMs` after `startMs` (performance.now() time), or until the signal aborts.
const sleepUntil = (startMs: number, atMs: number, signal: AbortSignal): Promise<void> => sleepMs(startMs + atMs - performance.now(), signal);

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

  // REPLICAOF NO ONE on `promote`, the writer moved (then `applied`), the other replicas re-pointed,
  // the old primary demoted now or when the partition that isolates it heals.
  const failover = async (promote: string, applied: () => void) => {
    const old = primary;
    try {
      await (control.get(promote) as Redis).call('REPLICAOF', 'NO', 'ONE');
      primary = promote;
      times.failoverMs = at();
      hooks.moveWriter(primary);
    } finally {
      applied();
    }
    for (const node of topology.nodes) {
      if (node.name === primary || node.name === old) continue;
      await replicaOf(node.name, primary).catch((error: unknown) => hooks.problem(`re-pointing ${node.name} at ${primary}: ${String(error)}`));
    }
    if (isolated(old)) pendingDemotion = old;
    else await demote(old);
  };

  // Events that start after N commands: registered now, opened by the writer's beforeCommand.
  const gates = new Map<number, Gate[]>();
  const gateOf = new Map<TopologyEvent, { opened: Promise<void>; markApplied: () => void }>();
  for (const event of events) {
    checkTime(event);
    if (event.afterCommands === undefined) continue;
    let open = () => undefined as void;
    let markApplied = () => undefined as void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const applied = new Promise<void>((resolve) => (markApplied = resolve));
    signal.addEventListener('abort', () => (open(), markApplied()), { once: true });
    gates.set(event.afterCommands, [...(gates.get(event.afterCommands) ?? []), { open, applied }]);
    gateOf.set(event, { opened, markApplied });
  }
  // A role selector (`current-primary`) as the node it names now; each resolution is in times.selections.
  const selections: NonNullable<FailoverTimeline['selections']> = [];
  times.selections = selections;
  const resolve = async (event: TopologyEvent, name: string): Promise<string> => {
    if (!isRoleSelector(name)) return name;
    const node = await currentPrimary(topology, primary);
    selections.push({ name: event.name, selector: name, node, atMs: at() });
    return node;
  };
  const resolved = async (event: TopologyEvent): Promise<TopologyEvent> => {
    const { action } = event;
    if (action.kind === 'link-fault') return { ...event, action: { ...action, link: await resolve(event, action.link) } };
    if (action.kind === 'partition') {
      const nodes: string[] = [];
      for (const node of action.nodes) nodes.push(await resolve(event, node));
      return { ...event, action: { ...action, nodes } };
    }
    return event;
  };
  const linkFaults: LinkFaultStep[] = [];
  const faultHandles = new Set<FaultHandle>();
  times.linkFaults = linkFaults;

  // A link fault from now until `untilMs` (timeline time); `applied` is called once it stands.
  const runLinkFault = async (event: TopologyEvent, action: Extract<TopologyAction, { kind: 'link-fault' }>, untilMs: () => number, applied: () => void) => {
    const proxy = linkProxy(topology, action.link);
    const step: LinkFaultStep = { name: event.name, link: action.link, fault: action.fault.kind, proxy, startMs: null, healedMs: null };
    linkFaults.push(step);
    const { fault } = action;
    let handle: FaultHandle | undefined;
    try {
      if (fault.kind === 'down') await setEnabled([proxy], false);
      else {
        const bytes = fault.kind === 'cut-after' ? (hooks.cutBytes?.(fault) ?? fault.plusBytes) : undefined;
        handle = await startFault(api, proxy, fault, bytes);
        faultHandles.add(handle);
      }
      step.startMs = at();
    } finally {
      applied();
    }
    await sleepUntil(startMs, untilMs(), signal);
    try {
      if (handle === undefined) await setEnabled([proxy], true);
      else {
        await handle.heal();
        faultHandles.delete(handle);
      }
      step.healedMs = at();
    } catch (error) {
      hooks.problem(`healing ${fault.kind} on ${action.link} (${proxy}): ${errorMessage(error)}`);
    }
  };

  const runEvent = async (written: TopologyEvent): Promise<void> => {
    const gate = gateOf.get(written);
    if (gate === undefined) await sleepUntil(startMs, written.atMs ?? 0, signal);
    else await gate.opened;
    if (signal.aborted) return gate?.markApplied();
    let event: TopologyEvent;
    try {
      event = await resolved(written);
    } catch (error) {
      gate?.markApplied();
      throw error;
    }
    const beganMs = at();
    const untilMs = () => (event.atMs ?? beganMs) + (event.forMs ?? 0);
    const { action } = event;
    if (action.kind === 'link-fault') return runLinkFault(event, action, untilMs, () => gate?.markApplied());
    if (action.kind === 'failover') return failover(action.promote, () => gate?.markApplied());
    const proxies = proxiesCut(topology, action);
    active.push(event);
    // The cut begins with the first API call; Toxiproxy takes a while to close a proxy's links
    // (hundreds of ms under load), and writes acknowledged meanwhile may already be cut off.
    if (action.kind === 'partition') times.partitionMs ??= at();
    try {
      await setEnabled(proxies, false);
    } finally {
      gate?.markApplied();
    }
    if (action.kind === 'partition') times.partitionAppliedMs ??= at();
    await sleepUntil(startMs, untilMs(), signal);
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
    beforeCommand: (op) => {
      const opening = gates.get(op);
      if (opening === undefined) return undefined;
      gates.delete(op);
      for (const g of opening) g.open();
      return Promise.all(opening.map((g) => g.applied)).then(() => undefined);
    },
    healAll: async () => {
      for (const handle of faultHandles) {
        await handle.heal().catch((error: unknown) => hooks.problem(`healing ${handle.action.kind} on ${handle.proxyName}: ${errorMessage(error)}`));
        faultHandles.delete(handle);
      }
      for (const [proxy, count] of cut) {
        if (count > 0) await api.setProxyEnabled(proxy, true).catch((error: unknown) => hooks.problem(`re-enabling ${proxy}: ${String(error)}`));
        cut.set(proxy, 0);
      }
    },
  };
};
