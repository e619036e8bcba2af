// A retry policy judged across a failover, on any topology: the policy's own client (built by its
// connect from what a service would configure: PolicyEndpoint.topology) performs the workload's
// operations into a ledger while the caller's event (a commanded failover, CLUSTER FAILOVER, a
// Sentinel's failover) runs concurrently; once the roles settle, the server's state is read on the
// NEW primary (in a cluster: the new primary of the shard that owns the workload's key) and judged
// by the fault runs' own judge (lost, duplicated, indeterminate, failed-but-applied, retries).
//
// The client reaches every node through a loopback relay per node (in front of the node's client
// proxy), so whatever the library, the lab sees each operation it sends (with tags: re-sends the
// library made on its own) and each MOVED or ASK the servers answered (redirects), and can drop
// the client's connections at the deadline. The NAT map handed to the client points every
// announced address at its node's relay.

import type { Redis } from 'ioredis';
import { keySlot } from '../client/index.ts';
import { LabError, errorMessage, interruptedError } from '../errors/index.ts';
import { startRelay, type Relay } from '../network/index.ts';
import { exitError, guardExit, type LoadedPolicy } from '../policies/index.ts';
import { Ledger } from '../reconcile/index.ts';
import { createLatencyHistogram, summarizeLatency, valueAtPercentileUs, type LatencyHistogram } from '../metrics/index.ts';
import type { Endpoint, StartedNode, StartedRuntime } from '../runtime/index.ts';
import { driveWithLedger, tagKeys, type OperationPlan } from '../workload/index.ts';
import { modeLabel, type Mode, type PolicyEndpoint, type PolicyNatMap, type PolicyTopology, type ReconcileEntry } from '../contracts/index.ts';
import { connectControl } from './control-client.ts';
import { closeClients, connectPolicy, judge, wrappingFor } from './fault-runs.ts';
import { rowRunCounts } from './topology-rows.ts';
import { wireSends } from './wire-sends.ts';

const DEFAULT_DEADLINE_MS = 60_000;
const DEFAULT_SETTLE_MS = 30_000;
const POLL_MS = 50;
/** Relays number their connections from 0; each relay's are offset by this in the wire count. */
const RELAY_CONNECTIONS = 1_000_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));


/** Sentinels a runtime started, as the lab reaches them, and the master name they watch. */
export interface SentinelSet {
  sentinels: readonly Endpoint[];
  masterName: string;
  /** The sentinels' own password (requirepass on the sentinels), when they have one. */
  password?: string;
}

/** What the event gets: the runtime, a direct control connection to every node, and the
 * workload's key with the nodes of its shard (every node outside a cluster). */
export interface FailoverEventContext {
  runtime: StartedRuntime;
  control: ReadonlyMap<string, Redis>;
  key: string;
  shard: readonly StartedNode[];
}

export interface PolicyFailoverInput {
  runtime: StartedRuntime;
  policy: LoadedPolicy;
  plan: OperationPlan;
  /** The event's name in the row (its `fault`), e.g. `failover`. */
  eventName: string;
  /** Fired once `eventAfterOps` operations were issued, while the policy keeps performing; resolves
   * when the event is done from the caller's side (roles may still be settling). */
  event: (context: FailoverEventContext) => Promise<void>;
  /** Default: a quarter of the plan. */
  eventAfterOps?: number;
  /** Operations issued after the event resolved before the run stops issuing; default: the rest of the plan. */
  tailOps?: number;
  /** Default sync. */
  mode?: Mode;
  /** Clients the policy connects, each with its own connection(s); default 1. */
  connections?: number;
  /** `log` (default): each operation inside the lab's tagging script, so every application is
   * seen; `none`: the bare command (duplicates become a lower bound). */
  tags?: 'log' | 'none';
  /** The run's deadline: past it the client's connections are dropped (default 60 s). */
  deadlineMs?: number;
  /** How long the roles get to settle after the run before the state is read anyway (default 30 s). */
  settleMs?: number;
  /** A Sentinel topology: the sentinels the client asks. Absent: replicas or cluster by the runtime's topology. */
  sentinels?: SentinelSet;
  /** A row's histogram over several runs: this run's per-write latency is added to it too. */
  rowLatency?: LatencyHistogram;
  /** The link's added rtt, for the row (default 0). */
  rttMs?: number;
  signal?: AbortSignal;
}

/** A ReconcileEntry for one policy across one event, with where it was read back and the redirects. */
export interface PolicyFailoverRow extends ReconcileEntry {
  /** The node the state was read on: the primary after the event (in a cluster: of the workload's shard). */
  node?: string;
  /** MOVED and ASK replies the servers sent the policy's client, counted on the relays. */
  redirects: { moved: number; ask: number };
  /** What went wrong around the run without stopping it (roles that did not settle in time). */
  problems: string[];
  durationMs: number;
}

// --- what the client is given --------------------------------------------------------------

interface Relays {
  byNode: Map<string, Relay>;
  redirects: { moved: number; ask: number };
  closeAll(): Promise<void>;
  dropAll(): void;
  onClose(listener: () => void): void;
}

// `\r\n-MOVED ` / `\r\n-ASK `: an error reply's first bytes (each connection's stream starts as if after a CRLF).
const redirectCounter = (redirects: { moved: number; ask: number }) => {
  const tails = new Map<number, string>();
  return (connection: number, chunk: Buffer) => {
    const text = (tails.get(connection) ?? '\r\n') + chunk.toString('latin1');
    redirects.moved += text.split('\r\n-MOVED ').length - 1;
    redirects.ask += text.split('\r\n-ASK ').length - 1;
    tails.set(connection, text.slice(-7)); // shorter than either marker: nothing is counted twice
  };
};

const startRelays = async (runtime: StartedRuntime, tap: ((connection: number, chunk: Buffer) => void) | undefined): Promise<Relays> => {
  const redirects = { moved: 0, ask: 0 };
  const byNode = new Map<string, Relay>();
  const counter = redirectCounter(redirects);
  try {
    for (const [index, node] of runtime.nodes.entries()) {
      const offset = index * RELAY_CONNECTIONS;
      byNode.set(
        node.name,
        await startRelay(node.proxied, tap === undefined ? undefined : (c, chunk) => tap(offset + c, chunk), (c, chunk) => counter(offset + c, chunk)),
      );
    }
  } catch (error) {
    await Promise.all([...byNode.values()].map((r) => r.close()));
    throw error;
  }
  return {
    byNode,
    redirects,
    closeAll: async () => void (await Promise.all([...byNode.values()].map((r) => r.close()))),
    dropAll: () => byNode.forEach((r) => r.dropAll()),
    onClose: (listener) => byNode.forEach((r) => r.onClose(listener)),
  };
};

const addressOf = (relay: Relay) => ({ host: relay.endpoint.host, port: relay.endpoint.port });

// Every address a node is known by (announced, and its proxy as the lab reaches it) to its relay.
const natMapOf = (runtime: StartedRuntime, relays: Relays): PolicyNatMap => {
  const map: PolicyNatMap = {};
  for (const node of runtime.nodes) {
    const relay = relays.byNode.get(node.name) as Relay;
    map[node.announced] = addressOf(relay);
    map[`${node.proxied.host}:${node.proxied.port}`] = addressOf(relay);
  }
  return map;
};

/**
 * What a service would configure on this runtime's topology, with every node reached through its
 * relay: the primary's address as host/port, plus PolicyEndpoint.topology (contracts/policy.ts).
 */
export const policyEndpointFor = (
  runtime: StartedRuntime,
  relays: ReadonlyMap<string, Relay>,
  natMap: PolicyNatMap,
  roles: ReadonlyMap<string, 'primary' | 'replica'>,
  sentinels?: SentinelSet,
): PolicyEndpoint => {
  const roleOfNode = (n: StartedNode) => roles.get(n.name) ?? n.role;
  const entry = runtime.nodes.find((n) => roleOfNode(n) === 'primary') ?? runtime.nodes[0];
  const relayOf = (node: StartedNode) => addressOf(relays.get(node.name) as Relay);
  const first = relayOf(entry as StartedNode);
  const topology: PolicyTopology | undefined = sentinels
    ? {
        kind: 'sentinel',
        sentinels: sentinels.sentinels.map((s) => ({ host: s.host, port: s.port })),
        masterName: sentinels.masterName,
        natMap,
        ...(sentinels.password === undefined ? {} : { sentinelPassword: sentinels.password }),
      }
    : runtime.topology.kind === 'cluster'
      ? { kind: 'cluster', seeds: runtime.nodes.map(relayOf), natMap }
      : runtime.topology.kind === 'replicas'
        ? { kind: 'replicas', nodes: runtime.nodes.map((n) => ({ name: n.name, role: roleOfNode(n), ...relayOf(n) })) }
        : undefined;
  return {
    ...first,
    ...(runtime.password === undefined ? {} : { password: runtime.password }),
    ...(topology === undefined ? {} : { topology }),
  };
};

// --- events callers use --------------------------------------------------------------------

/** REPLICAOF through the peer proxy `from->to` (what `from` dials to reach `to`). */
const replicaOf = async (runtime: StartedRuntime, control: ReadonlyMap<string, Redis>, from: string, to: string): Promise<void> => {
  const peer = runtime.peers.find((p) => p.from === from && p.to === to);
  if (peer === undefined) throw new LabError('E_SCENARIO_INVALID', `no peer proxy ${from}->${to}`, { hint: 'a commanded failover needs a primary/replicas topology' });
  await (control.get(from) as Redis).call('REPLICAOF', peer.dial.host, String(peer.dial.port));
};

// The first node of `nodes` that is a replica now.
const aReplica = async (nodes: readonly StartedNode[], control: ReadonlyMap<string, Redis>): Promise<string> => {
  for (const node of nodes) if ((await roleOf(control.get(node.name) as Redis)) === 'slave') return node.name;
  throw new LabError('E_SCENARIO_INVALID', `no replica among ${nodes.map((n) => n.name).join(', ')} to fail over to`, { hint: 'a failover needs a topology with replicas' });
};

/**
 * A commanded failover on a primary with replicas, as an operator does it: REPLICAOF NO ONE on
 * `promote` (default: the first node that is a replica now), then every other node (the old
 * primary included) re-pointed at it through its peer proxy.
 */
export const commandedFailover =
  (promoteNode?: string) =>
  async ({ runtime, control }: FailoverEventContext): Promise<void> => {
    const promote = promoteNode ?? (await aReplica(runtime.nodes, control));
    await (control.get(promote) as Redis).call('REPLICAOF', 'NO', 'ONE');
    for (const node of runtime.nodes) if (node.name !== promote) await replicaOf(runtime, control, node.name, promote);
  };

/** CLUSTER FAILOVER [TAKEOVER] on a cluster replica (default: a replica now of the workload key's shard);
 * resolves once the replica says it is a master. */
export const clusterFailover =
  (replicaNode?: string, timeoutMs = DEFAULT_SETTLE_MS, takeover = false) =>
  async ({ control, shard }: FailoverEventContext): Promise<void> => {
    const replica = replicaNode ?? (await aReplica(shard, control));
    const admin = control.get(replica) as Redis;
    await admin.call('CLUSTER', 'FAILOVER', ...(takeover ? ['TAKEOVER'] : []));
    const deadline = performance.now() + timeoutMs;
    while ((await roleOf(admin)) !== 'master') {
      if (performance.now() > deadline) throw new LabError('E_REDIS', `${replica} did not take over within ${timeoutMs} ms of CLUSTER FAILOVER`, { hint: 'check the cluster logs; raise the timeout on a slow machine' });
      await sleep(POLL_MS);
    }
  };

// --- settling and reading back -------------------------------------------------------------

const roleOf = async (client: Redis): Promise<string | undefined> => {
  try {
    return String(((await client.call('ROLE')) as unknown[])[0]);
  } catch {
    return undefined;
  }
};

const linkUp = async (client: Redis) => /^master_link_status:up/m.test(await client.info('replication').catch(() => ''));

// The nodes whose data the read-back trusts: one shard (every node outside a cluster).
const shardOfKey = (runtime: StartedRuntime, key: string): StartedNode[] => {
  if (runtime.topology.kind !== 'cluster') return runtime.nodes;
  const slot = keySlot(key);
  const owner = runtime.nodes.find((n) => n.slots !== undefined && slot >= n.slots.first && slot <= n.slots.last);
  return runtime.nodes.filter((n) => n.shard === (owner?.shard ?? 1));
};

/** Waits until `nodes` have one master and the others are linked to it (a cluster: every node's
 * cluster_state ok too), then WAITs for the replicas; the master's name, and a problem if it timed out. */
const settle = async (runtime: StartedRuntime, control: ReadonlyMap<string, Redis>, nodes: readonly StartedNode[], timeoutMs: number): Promise<{ primary: string | undefined; problem?: string }> => {
  const deadline = performance.now() + timeoutMs;
  let last = '';
  for (;;) {
    const roles = await Promise.all(nodes.map(async (n) => roleOf(control.get(n.name) as Redis)));
    const masters = nodes.filter((_, i) => roles[i] === 'master');
    const linked = await Promise.all(nodes.filter((_, i) => roles[i] !== 'master').map(async (n) => linkUp(control.get(n.name) as Redis)));
    const clusterOk =
      runtime.topology.kind !== 'cluster' ||
      (await Promise.all(runtime.nodes.map(async (n) => /cluster_state:ok/.test(String(await (control.get(n.name) as Redis).call('CLUSTER', 'INFO').catch(() => '')))))).every(Boolean);
    const master = masters[0];
    if (masters.length === 1 && master !== undefined && linked.every(Boolean) && clusterOk) {
      await (control.get(master.name) as Redis).call('WAIT', String(nodes.length - 1), '5000');
      return { primary: master.name };
    }
    last = `${masters.length} master(s) among ${nodes.map((n) => n.name).join(', ')}, ${linked.filter((up) => !up).length} replica link(s) down${clusterOk ? '' : ', cluster_state not ok everywhere'}`;
    if (performance.now() > deadline) return { primary: master?.name, problem: `the roles had not settled ${timeoutMs / 1000} s after the run (${last}); the state was read anyway` };
    await sleep(POLL_MS);
  }
};

const FLUSH_TRIES = 20;

// Every primary emptied, by the roles read now. A node that was still turning into a replica of a
// freshly started cluster (or being demoted) answers FLUSHALL with READONLY: the roles are read
// again and the flush retried, for about 10 s at most.
const flushPrimaries = async (runtime: StartedRuntime, control: ReadonlyMap<string, Redis>): Promise<Map<string, 'primary' | 'replica'>> => {
  for (let attempt = 1; ; attempt++) {
    const roles = new Map<string, 'primary' | 'replica'>();
    for (const node of runtime.nodes) roles.set(node.name, (await roleOf(control.get(node.name) as Redis)) === 'master' ? 'primary' : 'replica');
    try {
      for (const node of runtime.nodes) if (roles.get(node.name) === 'primary') await (control.get(node.name) as Redis).flushall();
      return roles;
    } catch (error) {
      if (!/READONLY/.test(errorMessage(error)) || attempt >= FLUSH_TRIES) {
        throw new LabError('E_REDIS', `Emptying the primaries before the failover run failed: ${errorMessage(error)}`, { hint: 'the topology had not settled; rerun', cause: error });
      }
      await sleep(500);
    }
  }
};

// The plan's operations must all live in the tag log's slot on a cluster (one EVAL touches both).
const refuseCrossSlot = (runtime: StartedRuntime, plan: OperationPlan, logKey: string): void => {
  if (runtime.topology.kind !== 'cluster') return;
  const slot = keySlot(logKey);
  for (let op = 0; op < plan.size; op++) {
    if (keySlot(plan.keyOf(op)) === slot) continue;
    throw new LabError('E_SCENARIO_INVALID', `On a cluster, every key of the workload must share one hash slot; ${plan.keyOf(op)} and ${plan.keyOf(0)} do not`, {
      hint: 'use one key (e.g. key: counter) or keys with one hash tag',
    });
  }
};

// --- the run -------------------------------------------------------------------------------

/** Runs the policy across the event and judges what the new primary holds. */
export const runPolicyFailover = async (input: PolicyFailoverInput): Promise<PolicyFailoverRow> => {
  const guard = guardExit();
  const exited = () => {
    const call = guard.call();
    return call === undefined ? undefined : exitError(`${input.policy.name} (${input.policy.source})`, 'during a failover run', call);
  };
  try {
    const row = await runGuarded(input, guard.signal);
    const error = exited();
    if (error !== undefined) throw error;
    return row;
  } catch (error) {
    const exit = exited();
    if (exit !== undefined) throw exit;
    if (error instanceof LabError) throw error;
    // A server's answer the run did not expect (not the policy's: its errors are in the ledger).
    throw new LabError('E_REDIS', `The failover run of policy ${input.policy.name} (${input.eventName}) failed: ${errorMessage(error)}`, {
      hint: 'a node answered the lab\'s own control commands unexpectedly; rerun, and check the topology\'s logs',
      cause: error,
    });
  } finally {
    guard.release();
  }
};

const runGuarded = async (input: PolicyFailoverInput, exitSignal: AbortSignal): Promise<PolicyFailoverRow> => {
  const { runtime, policy, plan } = input;
  const mode: Mode = input.mode ?? { kind: 'sync' };
  const connections = input.connections ?? 1;
  const wrapping = wrappingFor(policy, { tags: input.tags ?? 'log' });
  const keys = tagKeys(plan.keyOf(0));
  if (runtime.external !== undefined) {
    throw new LabError('E_SCENARIO_INVALID', 'A failover run needs the lab\'s own runtime (it empties every node and fails one over)', { hint: 'use --runtime local or containers' });
  }
  refuseCrossSlot(runtime, plan, keys.logKey);
  const startMs = performance.now();
  const control = new Map<string, Redis>();
  const problems: string[] = [];
  // Per-write latency as the service sees it: the policy's perform, its retries included.
  let latency: LatencyHistogram | undefined;
  try {
    for (const node of runtime.nodes) control.set(node.name, await connectControl(node.direct, `${node.name} direct (control)`));
    // Roles now (an earlier failover may have swapped them); every primary emptied and its
    // replicas caught up, so nothing of an earlier run is read back.
    const roles = await flushPrimaries(runtime, control);
    const primaries = runtime.nodes.filter((n) => roles.get(n.name) === 'primary');
    for (const node of primaries) {
      const replicas = runtime.topology.kind === 'cluster' ? runtime.nodes.filter((n) => n.shard === node.shard).length - 1 : runtime.nodes.length - 1;
      if (replicas > 0) await (control.get(node.name) as Redis).call('WAIT', String(replicas), '5000');
    }
    const shard = shardOfKey(runtime, plan.keyOf(0));
    const wire = wrapping === 'bare' ? undefined : wireSends(plan.size, keys.logKey);
    const relays = await startRelays(runtime, wire?.tap);
    const endpoint = policyEndpointFor(runtime, relays.byNode, natMapOf(runtime, relays), roles, input.sentinels);
    const clients: unknown[] = [];
    const ledger = new Ledger(plan.size);
    latency = createLatencyHistogram();
    const abort = new AbortController();
    const stopSignals = [exitSignal, runtime.lost, ...(input.signal ? [input.signal] : [])];
    const onStop = () => abort.abort();
    stopSignals.forEach((s) => s.addEventListener('abort', onStop, { once: true }));
    const deadline = setTimeout(() => {
      abort.abort();
      relays.dropAll();
    }, input.deadlineMs ?? DEFAULT_DEADLINE_MS);
    const times = { eventStartMs: null as number | null, eventEndMs: null as number | null, closedMs: null as number | null, endMs: null as number | null, issuedAtEvent: 0, issuedAtEnd: 0 };
    relays.onClose(() => {
      // The first close after the event began and before the run ended (the end drops every connection).
      if (times.eventStartMs !== null && times.endMs === null) times.closedMs ??= performance.now() - startMs;
    });
    // Issuing stops `tailOps` after the event; the ledger holds what was issued.
    let limit = plan.size;
    const limited: OperationPlan = Object.create(plan, { size: { get: () => limit } }) as OperationPlan;
    let eventError: unknown;
    let drive = { unsettled: 0 };
    try {
      for (let c = 0; c < connections; c++) clients.push(await connectPolicy(policy, endpoint, mode.kind === 'auto'));
      const eventAfter = input.eventAfterOps ?? Math.floor(plan.size / 4);
      let driveDone = false;
      const driving = driveWithLedger({ policy: policy.policy, clients, mode, plan: limited, ledger, wrapping, tagKeys: keys, signal: abort.signal, latency }).finally(() => (driveDone = true));
      const eventRun = (async () => {
        while (ledger.size < eventAfter && !driveDone && !abort.signal.aborted) await sleep(1);
        if (driveDone || abort.signal.aborted) return;
        times.eventStartMs = performance.now() - startMs;
        times.issuedAtEvent = ledger.size;
        try {
          await input.event({ runtime, control, key: plan.keyOf(0), shard });
        } catch (error) {
          eventError = error;
        }
        times.eventEndMs = performance.now() - startMs;
        if (input.tailOps !== undefined) limit = Math.min(plan.size, ledger.size + input.tailOps);
      })();
      drive = await driving;
      times.endMs = performance.now() - startMs;
      times.issuedAtEnd = ledger.size;
      await eventRun;
    } finally {
      clearTimeout(deadline);
      stopSignals.forEach((s) => s.removeEventListener('abort', onStop));
      relays.dropAll();
      problems.push(...(await closeClients(policy, clients)));
      await relays.closeAll();
    }
    if (runtime.lost.aborted) throw runtime.lost.reason;
    if (input.signal?.aborted) throw interruptedError();
    if (eventError !== undefined) {
      throw new LabError('E_REDIS', `The failover event ${input.eventName} failed: ${errorMessage(eventError)}`, { hint: 'the event is the caller\'s: check that it names nodes of this topology', cause: eventError });
    }
    const eventFired = times.eventStartMs !== null;
    if (!eventFired) problems.push(`the plan's ${plan.size} operations ran out before ${input.eventAfterOps ?? Math.floor(plan.size / 4)} were issued: the event never fired`);
    else if (times.eventEndMs !== null && times.endMs !== null && times.endMs < times.eventEndMs) problems.push(`the plan's operations ran out ${(times.eventEndMs - times.endMs).toFixed(0)} ms before the event was done: raise commands`);
    input.rowLatency?.add(latency);
    const settled = await settle(runtime, control, shard, input.settleMs ?? DEFAULT_SETTLE_MS);
    if (settled.problem !== undefined) problems.push(settled.problem);
    const readOn = settled.primary ?? (shard.find((n) => roles.get(n.name) === 'primary') ?? (shard[0] as StartedNode)).name;
    const judged = await judge({ control: control.get(readOn) as Redis, plan: limited, mode, connections }, ledger, wrapping, keys.logKey, eventFired);
    const counts = wire === undefined ? judged.counts : { ...judged.counts, resent: wire.resent(ledger) };
    const hung = drive.unsettled === 0 ? [] : [`HUNG: perform had not settled for ${drive.unsettled} operation${drive.unsettled === 1 ? '' : 's'} at the deadline (counted as indeterminate)`];
    const verdict = hung.length > 0 && judged.verdict === 'SAFE' ? 'UNKNOWN' : judged.verdict;
    const eventWords = eventFired
      ? [`${input.eventName} began after ${times.issuedAtEvent} of ${times.issuedAtEnd} operations were issued (${times.eventStartMs?.toFixed(0)} ms) and was done at ${times.eventEndMs?.toFixed(0)} ms; read back on ${readOn}`]
      : [];
    return {
      id: `${input.eventName} / ${modeLabel(mode)} / ${policy.name}`,
      fault: input.eventName,
      mode: modeLabel(mode),
      policy: policy.name,
      client: policy.client,
      rttMs: input.rttMs ?? 0,
      connections,
      faultHits: `every connection the client opened (${connections === 1 ? 'one client' : `${connections} clients`}), to any node`,
      runs: 1,
      consistent: true,
      counts,
      counter: judged.counter,
      prefix: judged.prefix,
      faultObserved: eventFired,
      verdict,
      reasons: [...hung, ...judged.reasons, ...eventWords],
      examples: judged.examples,
      errorsByKind: ledger.errorsByKind(),
      errorMessages: ledger.errorMessages(),
      timelines: [{ faultOnMs: times.eventStartMs, closedMs: times.closedMs, healedMs: times.eventEndMs, endMs: times.endMs }],
      node: readOn,
      redirects: { ...relays.redirects },
      runCounts: [rowRunCounts(counts, relays.redirects.moved + relays.redirects.ask)],
      latencyUs: latency.totalCount === 0 ? null : summarizeLatency(latency),
      runLatencyUs: [latency.totalCount === 0 ? { p50Us: null, p99Us: null } : { p50Us: valueAtPercentileUs(latency, 50), p99Us: valueAtPercentileUs(latency, 99) }],
      problems,
      durationMs: performance.now() - startMs,
    };
  } finally {
    latency?.destroy();
    control.forEach((c) => c.disconnect());
  }
};
