// The topology sections of a scenario (issue 13): `topology:` (single, a primary with replicas,
// or a cluster), per-node links under `network.nodes`, `replication:` (WAIT after each write,
// where reads go, lag markers) and `timeline:` (partitions, downs and a failover in one run).
// Node names follow lab/contracts/topology.ts (NODE NAMING).

import {
  isRoleSelector,
  roleSelectors,
  selectorRefusal,
  faultLinkNames,
  asksReplication,
  needsTimelineRunner,
  modeLabel,
  topologyLabel,
  topologyNodes,
  type Mode,
  type NodeLink,
  type PartitionFrom,
  type ReplicationOptions,
  type Topology,
  type TopologyAction,
  type TopologyEvent,
  type WaitOption,
} from '../contracts/index.ts';
import { DEFAULTS, KEYS, LIMITS } from './defaults.ts';
import { checkKeys, hasKey, isRecord, optionalKey, readInt, readMs, readRecord, readText, type MsRules } from './fields.ts';
import { readMode } from './modes.ts';
import { readAfter, readFaultAction } from './faults.ts';
import { closest, describeValue, type FieldPath, type Problem } from './problems.ts';

const TOPOLOGY_HINT = 'topology is single, {primary: 1, replicas: N}, {primary: 1, replicas: N, sentinels: S} or {cluster: {primaries: P, replicas: R}}';
const LATENCY_WHY = 'Toxiproxy latency is set in whole milliseconds per direction';
const NODE_RTT: MsRules = { name: 'rtt', range: LIMITS.rttMs, meaning: "round-trip time of every link that touches this node", wholeWhy: LATENCY_WHY };
const NODE_JITTER: MsRules = { name: 'jitter', range: LIMITS.jitterMs, meaning: 'latency jitter per direction of this node’s links', wholeWhy: LATENCY_WHY };
const WAIT_TIMEOUT: MsRules = { name: 'timeout', range: LIMITS.waitTimeoutMs, meaning: "WAIT's timeout (Redis takes whole milliseconds; 0 would block forever)", wholeWhy: 'WAIT takes whole milliseconds' };
const AT: MsRules = { name: 'at', range: LIMITS.eventAtMs, meaning: 'time after the workload starts', wholeWhy: 'the timeline runs in whole milliseconds' };
const NODE_TIMEOUT: MsRules = { name: 'node-timeout', range: LIMITS.nodeTimeoutMs, meaning: 'cluster-node-timeout: how long a node may be unreachable before it is failed', wholeWhy: 'Redis takes whole milliseconds' };
const DOWN_AFTER: MsRules = { name: 'down-after', range: LIMITS.sentinelDownAfterMs, meaning: 'sentinel down-after-milliseconds: how long the primary may be unreachable before a sentinel calls it down', wholeWhy: 'Sentinel takes whole milliseconds' };
const FAILOVER_TIMEOUT: MsRules = { name: 'failover-timeout', range: LIMITS.sentinelFailoverTimeoutMs, meaning: 'sentinel failover-timeout: how long a failover may take before another is tried', wholeWhy: 'Sentinel takes whole milliseconds' };
const FOR: MsRules = { name: 'for', range: LIMITS.eventForMs, meaning: 'how long a partition or down lasts', wholeWhy: 'the timeline runs in whole milliseconds' };

/** `topology:`; absent means single. */
export const readTopology = (value: unknown, path: FieldPath, problems: Problem[]): Topology | undefined => {
  if (value === undefined || value === 'single') return { kind: 'single' };
  if (!isRecord(value)) {
    problems.push({ path, message: `expected single or a mapping, got ${describeValue(value)}`, hint: TOPOLOGY_HINT });
    return undefined;
  }
  const before = problems.length;
  checkKeys(value, KEYS.topology, path, problems);
  if (hasKey(value, 'cluster')) {
    if (hasKey(value, 'primary') || hasKey(value, 'replicas') || hasKey(value, 'sentinels')) {
      problems.push({ path, message: 'a cluster is written on its own: {cluster: {primaries: 3, replicas: 1}}', hint: TOPOLOGY_HINT });
      return undefined;
    }
    const cluster = readRecord(value.cluster, [...path, 'cluster'], problems, '{cluster: {primaries: 3, replicas: 1}}');
    if (cluster === undefined) return undefined;
    checkKeys(cluster, KEYS.cluster, [...path, 'cluster'], problems);
    const { min, max } = LIMITS.clusterPrimaries;
    const primaries = readInt(cluster.primaries, [...path, 'cluster', 'primaries'], LIMITS.clusterPrimaries, problems, `primaries: ${min} to ${max} (Redis Cluster needs a majority of 3 or more)`);
    const replicasValue = optionalKey(cluster, 'replicas');
    const replicas = replicasValue === undefined ? 0 : readInt(replicasValue, [...path, 'cluster', 'replicas'], LIMITS.clusterReplicas, problems, `replicas per primary: ${LIMITS.clusterReplicas.min} to ${LIMITS.clusterReplicas.max}; default 0`);
    const timeoutValue = optionalKey(cluster, 'node-timeout');
    const nodeTimeoutMs = timeoutValue === undefined ? undefined : readMs(timeoutValue, [...path, 'cluster', 'node-timeout'], NODE_TIMEOUT, problems);
    if (primaries === undefined || replicas === undefined || problems.length > before) return undefined;
    return { kind: 'cluster', primaries, replicasPerPrimary: replicas, ...(nodeTimeoutMs === undefined ? {} : { nodeTimeoutMs }) };
  }
  const primary = readInt(value.primary, [...path, 'primary'], { min: 1, max: 1 }, problems, 'a replicated topology has one primary: {primary: 1, replicas: N}; for several primaries use {cluster: {...}}');
  const replicas = readInt(value.replicas, [...path, 'replicas'], LIMITS.replicas, problems, `replicas: ${LIMITS.replicas.min} to ${LIMITS.replicas.max}`);
  const sentinelsValue = optionalKey(value, 'sentinels');
  const { min, max } = LIMITS.sentinels;
  const sentinels = sentinelsValue === undefined ? undefined : readInt(sentinelsValue, [...path, 'sentinels'], LIMITS.sentinels, problems, `sentinels: ${min} to ${max} (an odd number, e.g. 3, so a majority can agree)`);
  if (primary === undefined || replicas === undefined || problems.length > before) return undefined;
  if (sentinels === undefined) return { kind: 'replicas', replicas };
  const sentinel = { sentinels, quorum: Math.floor(sentinels / 2) + 1, downAfterMs: DEFAULTS.sentinelDownAfterMs, failoverTimeoutMs: DEFAULTS.sentinelFailoverTimeoutMs };
  return { kind: 'replicas', replicas, sentinel };
};

const SENTINEL_HINT = 'sentinel: {down-after: 1000ms, failover-timeout: 5000ms, quorum: 2} with topology: {primary: 1, replicas: 1, sentinels: 3}';

/** `sentinel:` (top level): the sentinels' settings, put into a topology that has sentinels. */
export const readSentinel = (value: unknown, topology: Topology | undefined, path: FieldPath, problems: Problem[]): Topology | undefined => {
  if (value === undefined || topology === undefined) return topology;
  if (topology.kind !== 'replicas' || topology.sentinel === undefined) {
    problems.push({ path, at: 'key', message: 'sentinel settings need sentinels in the topology', hint: 'write topology: {primary: 1, replicas: 1, sentinels: 3}' });
    return undefined;
  }
  const record = readRecord(value, path, problems, SENTINEL_HINT);
  if (record === undefined) return undefined;
  const before = problems.length;
  checkKeys(record, KEYS.sentinel, path, problems);
  const { sentinels } = topology.sentinel;
  const downValue = optionalKey(record, 'down-after');
  const timeoutValue = optionalKey(record, 'failover-timeout');
  const quorumValue = optionalKey(record, 'quorum');
  const downAfterMs = downValue === undefined ? topology.sentinel.downAfterMs : readMs(downValue, [...path, 'down-after'], DOWN_AFTER, problems);
  const failoverTimeoutMs = timeoutValue === undefined ? topology.sentinel.failoverTimeoutMs : readMs(timeoutValue, [...path, 'failover-timeout'], FAILOVER_TIMEOUT, problems);
  const quorum =
    quorumValue === undefined
      ? topology.sentinel.quorum
      : readInt(quorumValue, [...path, 'quorum'], { min: 1, max: sentinels }, problems, `quorum: sentinels that must agree the primary is down, 1 to ${sentinels} (the topology's sentinels); default a majority, ${topology.sentinel.quorum}`);
  if (downAfterMs === undefined || failoverTimeoutMs === undefined || quorum === undefined || problems.length > before) return undefined;
  return { ...topology, sentinel: { sentinels, quorum, downAfterMs, failoverTimeoutMs } };
};

/** `network.nodes`: `{replica-1: {rtt: 10ms, jitter: 0ms}}`; node names are checked against the topology later. */
export const readNodeLinks = (value: unknown, path: FieldPath, problems: Problem[]): Record<string, NodeLink> | undefined => {
  const record = readRecord(value, path, problems, 'nodes: {replica-1: {rtt: 10ms}}');
  if (record === undefined) return undefined;
  const before = problems.length;
  const links: Record<string, NodeLink> = {};
  for (const [name, link] of Object.entries(record)) {
    const linkRecord = readRecord(link, [...path, name], problems, `${name}: {rtt: 10ms, jitter: 0ms}`);
    if (linkRecord === undefined) continue;
    checkKeys(linkRecord, KEYS.nodeLink, [...path, name], problems);
    const rttValue = optionalKey(linkRecord, 'rtt');
    const jitterValue = optionalKey(linkRecord, 'jitter');
    if (rttValue === undefined) {
      problems.push({ path: [...path, name], message: 'names no rtt', hint: `give the node's rtt, e.g. ${name}: {rtt: 10ms}` });
      continue;
    }
    const rttMs = readMs(rttValue, [...path, name, 'rtt'], NODE_RTT, problems);
    const jitterMs = jitterValue === undefined ? 0 : readMs(jitterValue, [...path, name, 'jitter'], NODE_JITTER, problems);
    if (rttMs !== undefined && jitterMs !== undefined) links[name] = { rttMs, jitterMs };
  }
  return problems.length > before ? undefined : links;
};

const WAIT_HINT = `wait is none or {replicas: N, timeout: 100ms} (WAIT N 100 after each write); a list is an axis`;

const readWait = (value: unknown, path: FieldPath, problems: Problem[]): WaitOption | null | undefined => {
  if (value === 'none' || value === null) return null;
  const record = readRecord(value, path, problems, WAIT_HINT);
  if (record === undefined) return undefined;
  const before = problems.length;
  checkKeys(record, KEYS.wait, path, problems);
  const replicas = readInt(record.replicas, [...path, 'replicas'], LIMITS.waitReplicas, problems, `replicas WAIT must reach: ${LIMITS.waitReplicas.min} to ${LIMITS.waitReplicas.max}`);
  const timeoutValue = optionalKey(record, 'timeout');
  if (timeoutValue === undefined) {
    problems.push({ path, message: 'names no timeout', hint: 'WAIT 0 blocks forever, so the lab asks for one: {replicas: 1, timeout: 100ms}' });
    return undefined;
  }
  const timeoutMs = readMs(timeoutValue, [...path, 'timeout'], WAIT_TIMEOUT, problems);
  if (replicas === undefined || timeoutMs === undefined || problems.length > before) return undefined;
  return { replicas, timeoutMs };
};

/** `replication:`; absent: no WAIT, reads from the primary. */
export const readReplication = (value: unknown, path: FieldPath, problems: Problem[]): ReplicationOptions | undefined => {
  const defaults: ReplicationOptions = { wait: [null], readFrom: DEFAULTS.readFrom, markersPerSec: DEFAULTS.markersPerSec };
  if (value === undefined) return defaults;
  const record = readRecord(value, path, problems, 'replication: {wait: [none, {replicas: 1, timeout: 100ms}], read-from: primary}');
  if (record === undefined) return undefined;
  const before = problems.length;
  checkKeys(record, KEYS.replication, path, problems);
  const waitValue = optionalKey(record, 'wait');
  let wait: (WaitOption | null)[] | undefined = defaults.wait;
  if (waitValue !== undefined) {
    const items = Array.isArray(waitValue) ? waitValue : [waitValue];
    if (items.length === 0) problems.push({ path: [...path, 'wait'], message: 'is an empty list', hint: WAIT_HINT });
    const read = items.map((item, index) => readWait(item, Array.isArray(waitValue) ? [...path, 'wait', index] : [...path, 'wait'], problems));
    wait = read.every((w) => w !== undefined) ? (read as (WaitOption | null)[]) : undefined;
  }
  const fromValue = optionalKey(record, 'read-from');
  const readFrom = fromValue === undefined ? defaults.readFrom : readText(fromValue, [...path, 'read-from'], problems, { hint: 'a node name: primary or replica-N', singleLine: true, nonEmpty: true });
  const markersValue = optionalKey(record, 'markers');
  const markersPerSec =
    markersValue === undefined
      ? defaults.markersPerSec
      : readInt(markersValue, [...path, 'markers'], LIMITS.markersPerSec, problems, `marker keys written per second to time replication lag, ${LIMITS.markersPerSec.min} to ${LIMITS.markersPerSec.max}; default ${DEFAULTS.markersPerSec}`);
  if (wait === undefined || readFrom === undefined || markersPerSec === undefined || problems.length > before) return undefined;
  return { wait, readFrom, markersPerSec };
};

const PARTITION_FROM: readonly PartitionFrom[] = ['peers', 'clients', 'all'];
const EVENT_HINT =
  'an event is {name, at: 500ms, for: 2s, partition: {nodes: [primary], from: peers}} | {..., down: replica-1} | {name, at, failover: {promote: replica-1}}; on a cluster the same without at, and failover: {promote: replica-1-1, takeover: true, mode: pipeline:16}';
const CLUSTER_MODE_HINT = 'a cluster runs sync or pipeline:B (B a whole number: each batch split into one pipeline per owning primary)';

/** The cluster runner's modes: sync and pipeline:B with a number; anything else is a problem at `path`. */
const clusterModeOf = (mode: Mode, path: FieldPath, problems: Problem[]): Mode | undefined => {
  if (mode.kind === 'sync' || (mode.kind === 'pipeline' && typeof mode.batch === 'number')) return mode;
  problems.push({ path, message: `${modeLabel(mode)} is not supported on a cluster`, hint: CLUSTER_MODE_HINT });
  return undefined;
};

const readNodeList = (value: unknown, path: FieldPath, problems: Problem[]): string[] | undefined => {
  const items = typeof value === 'string' ? [value] : Array.isArray(value) ? value : undefined;
  if (items === undefined || items.length === 0 || !items.every((item) => typeof item === 'string')) {
    problems.push({ path, message: `expected a node name or a non-empty list of them, got ${describeValue(value)}`, hint: 'e.g. nodes: [primary] or nodes: primary' });
    return undefined;
  }
  return items as string[];
};

const LINK_HINT = 'a fault on a link: {name, at: 500ms (or after: 200 commands), for: 1s, node: primary, reset: {}}; also cut-after: {down: "8 replies"}, stall: {}, down: {}, bandwidth: {down: 1KB/s}; node names a node (its client proxy), a peer link such as replica-1->primary, or a sentinel (its client proxy, e.g. sentinel-1); node: current-primary is the node that is primary when the event fires (a cluster of several shards: current-primary@shard-2)';
const FAULT_ONLY = ['cut-after', 'reset', 'stall', 'bandwidth'] as const;

// `{node: replica-1, reset: {}}`: the single-node fault grammar on one link.
const readLinkFault = (record: Record<string, unknown>, path: FieldPath, problems: Problem[]): TopologyAction | undefined => {
  const before = problems.length;
  for (const key of ['partition', 'failover'] as const) {
    if (hasKey(record, key)) problems.push({ path: [...path, key], at: 'key', message: `an event with node: is a fault on that link and takes no ${key}`, hint: `split it into two events; ${LINK_HINT}` });
  }
  const link = record.node;
  if (typeof link !== 'string' || link.trim() === '') {
    problems.push({ path: [...path, 'node'], message: `expected a node or link name, got ${describeValue(link)}`, hint: LINK_HINT });
  }
  const fault = readFaultAction(record, path, problems);
  if (problems.length > before || fault === undefined || typeof link !== 'string') return undefined;
  return { kind: 'link-fault', link, fault };
};

const readAction = (record: Record<string, unknown>, path: FieldPath, problems: Problem[]): TopologyAction | undefined => {
  if (hasKey(record, 'node')) return readLinkFault(record, path, problems);
  const faultOnly = FAULT_ONLY.filter((key) => hasKey(record, key));
  if (faultOnly.length > 0) {
    problems.push({ path: [...path, faultOnly[0]!], at: 'key', message: `${faultOnly[0]!} acts on one link, but this event names none`, hint: `add node: primary (or another node, or a peer link such as replica-1->primary); ${LINK_HINT}` });
    return undefined;
  }
  const actions = KEYS.eventActions.filter((key) => hasKey(record, key));
  if (actions.length !== 1) {
    problems.push({ path, message: actions.length === 0 ? 'names no action' : `names ${actions.length} actions (${actions.join(', ')}); one per event`, hint: EVENT_HINT });
    return undefined;
  }
  const kind = actions[0] as (typeof KEYS.eventActions)[number];
  const value = record[kind];
  if (kind === 'down') {
    if (typeof value !== 'string') {
      problems.push({ path: [...path, 'down'], message: `expected a node name, got ${describeValue(value)}`, hint: 'e.g. down: replica-1' });
      return undefined;
    }
    return { kind: 'down', node: value };
  }
  if (kind === 'failover') {
    const failover = readRecord(value, [...path, 'failover'], problems, 'failover: {promote: replica-1}');
    if (failover === undefined) return undefined;
    const before = problems.length;
    checkKeys(failover, KEYS.failover, [...path, 'failover'], problems);
    if (typeof failover.promote !== 'string') {
      problems.push({ path: [...path, 'failover', 'promote'], message: `expected a replica's name, got ${describeValue(failover.promote)}`, hint: 'e.g. failover: {promote: replica-1}' });
      return undefined;
    }
    const takeover = optionalKey(failover, 'takeover');
    if (takeover !== undefined && typeof takeover !== 'boolean') {
      problems.push({ path: [...path, 'failover', 'takeover'], message: `expected true or false, got ${describeValue(takeover)}`, hint: 'takeover: true sends CLUSTER FAILOVER TAKEOVER (no agreement, no catch-up); default false' });
    }
    const modeValue = optionalKey(failover, 'mode');
    const mode = modeValue === undefined ? undefined : readMode(modeValue, [...path, 'failover', 'mode'], problems);
    const clusterMode = mode === undefined ? undefined : clusterModeOf(mode, [...path, 'failover', 'mode'], problems);
    if (problems.length > before) return undefined;
    return { kind: 'failover', promote: failover.promote, ...(typeof takeover === 'boolean' ? { takeover } : {}), ...(clusterMode === undefined ? {} : { mode: clusterMode }) };
  }
  const partition = readRecord(value, [...path, 'partition'], problems, 'partition: {nodes: [primary], from: peers}');
  if (partition === undefined) return undefined;
  checkKeys(partition, KEYS.partition, [...path, 'partition'], problems);
  const nodes = readNodeList(partition.nodes, [...path, 'partition', 'nodes'], problems);
  const fromValue = optionalKey(partition, 'from') ?? 'all';
  if (typeof fromValue !== 'string' || !(PARTITION_FROM as readonly string[]).includes(fromValue)) {
    const guess = typeof fromValue === 'string' ? closest(fromValue, PARTITION_FROM) : undefined;
    problems.push({
      path: [...path, 'partition', 'from'],
      message: `unknown side ${describeValue(fromValue)}${guess ? `; did you mean ${guess}?` : ''}`,
      hint: 'from: peers (the other nodes: replication), clients (the clients), or all (default)',
    });
    return undefined;
  }
  return nodes === undefined ? undefined : { kind: 'partition', nodes, from: fromValue as PartitionFrom };
};

/** `timeline:`: events in time order; on a cluster (`cluster`), events in the order they run,
 * without `at`: the cluster runner runs them one after another after the measured configs, each
 * with its own writes, and has no clock to place them on. */
export const readTimeline = (value: unknown, path: FieldPath, problems: Problem[], cluster = false): TopologyEvent[] | undefined => {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problems.push({ path, message: `expected a list of events, got ${describeValue(value)}`, hint: EVENT_HINT });
    return undefined;
  }
  const before = problems.length;
  const events: TopologyEvent[] = [];
  const names = new Set<string>();
  value.forEach((item, index) => {
    const itemPath = [...path, index];
    const record = readRecord(item, itemPath, problems, EVENT_HINT);
    if (record === undefined) return;
    checkKeys(record, KEYS.event, itemPath, problems);
    const name = readText(record.name, [...itemPath, 'name'], problems, { hint: 'a short name, e.g. name: isolate-primary', singleLine: true, nonEmpty: true });
    if (name !== undefined && names.has(name)) problems.push({ path: [...itemPath, 'name'], message: `"${name}" is used twice`, hint: 'give each event its own name' });
    if (name !== undefined) names.add(name);
    const hasAt = hasKey(record, 'at');
    const hasAfter = hasKey(record, 'after');
    if (!cluster && !hasAt && !hasAfter) problems.push({ path: itemPath, message: 'names no time', hint: "add at: 500ms (after the workload starts) or after: 200 commands (once the lab's writer issued that many)" });
    if (!cluster && hasAt && hasAfter) problems.push({ path: [...itemPath, 'after'], at: 'key', message: 'an event has one time, but this one has at and after', hint: 'keep at: (a time) or after: (a command count)' });
    for (const key of cluster ? (['at', 'after'] as const) : []) {
      if (!hasKey(record, key)) continue;
      problems.push({
        path: [...itemPath, key],
        at: 'key',
        message: `a cluster's events take no ${key}: the cluster runner runs them in the order listed, after the measured configs, each with its own writes`,
        hint: `remove ${key}; list the events in the order they should run`,
      });
    }
    const afterCommands = !cluster && hasAfter && !hasAt ? readAfter(record.after, [...itemPath, 'after'], problems) : undefined;
    const atMs = cluster || hasAfter ? null : hasAt ? readMs(record.at, [...itemPath, 'at'], AT, problems) : undefined;
    const forValue = optionalKey(record, 'for');
    const forMs = forValue === undefined ? null : readMs(forValue, [...itemPath, 'for'], FOR, problems);
    const action = readAction(record, itemPath, problems);
    if (action?.kind === 'failover' && forMs !== null) {
      problems.push({ path: [...itemPath, 'for'], at: 'key', message: 'a failover is not healed, so it takes no for', hint: 'the partition it follows heals; the old primary is then demoted' });
    }
    if (action !== undefined && action.kind !== 'failover' && forMs === null) {
      const what = action.kind === 'link-fault' ? `${action.fault.kind} on a link` : action.kind;
      const why = action.kind === 'link-fault' ? "; a timeline heals each fault at its time, not when a connection closes" : '';
      problems.push({ path: itemPath, message: `a ${what} needs a for`, hint: `add for: 2s (how long it lasts)${why}` });
    }
    if (name === undefined || atMs === undefined || forMs === undefined || action === undefined || (hasAfter && !cluster && afterCommands === undefined)) return;
    events.push({ name, atMs, forMs, action, ...(afterCommands === undefined ? {} : { afterCommands }) });
  });
  // Events with at are listed in time order; one with after (a command count) may stand anywhere.
  const timed = events.map((event, index) => ({ event, index })).filter(({ event }) => event.atMs !== null);
  for (let i = 1; i < timed.length; i++) {
    if (!cluster && (timed[i]?.event.atMs ?? 0) < (timed[i - 1]?.event.atMs ?? 0)) {
      problems.push({ path: [...path, timed[i]!.index, 'at'], message: 'is earlier than the event before it', hint: 'list events in time order' });
    }
  }
  return problems.length > before ? undefined : events;
};

// A fault on one link: a link the topology has, and a cut the lab can size there.
const checkLinkFault = (input: { action: Extract<TopologyAction, { kind: 'link-fault' }>; path: FieldPath; topology: Topology; replication: ReplicationOptions | undefined; problems: Problem[] }): void => {
  const { action, path, topology, replication, problems } = input;
  if (topology.kind === 'single') return;
  const links = faultLinkNames(topology);
  if (isRoleSelector(action.link)) {
    const refusal = selectorRefusal(action.link, topology);
    if (refusal !== undefined) {
      problems.push({ path: [...path, 'node'], message: refusal, hint: `role selectors here: ${roleSelectors(topology).join(', ') || 'none'}; or name a link: ${links.join(', ')}` });
      return;
    }
  } else if (!links.includes(action.link)) {
    const guess = closest(action.link, links);
    problems.push({ path: [...path, 'node'], message: `no link "${action.link}" in ${topologyLabel(topology)}${guess ? `; did you mean ${guess}?` : ''}`, hint: `links: ${links.join(', ')}` });
    return;
  }
  const { fault } = action;
  if (fault.kind !== 'cut-after' || fault.units === 0) return;
  const noun = fault.direction === 'down' ? 'replies' : 'commands';
  if (topology.kind === 'cluster') {
    problems.push({
      path: [...path, 'cut-after', fault.direction],
      message: `a cluster's writer spreads its ${noun} over every primary, so "${fault.units} ${noun}" cannot be sized on one node's link`,
      hint: `cut raw bytes, e.g. {${fault.direction}: 2000B}`,
    });
  } else if (action.link.startsWith('sentinel-')) {
    problems.push({
      path: [...path, 'cut-after', fault.direction],
      message: `a sentinel's link carries the client's sentinel queries, not the writer's ${noun}, so "${fault.units} ${noun}" cannot be sized there`,
      hint: `cut raw bytes, e.g. {${fault.direction}: 200B}, or use stall: {}, reset: {} or down: {}`,
    });
  } else if (action.link.includes('->')) {
    problems.push({
      path: [...path, 'cut-after', fault.direction],
      message: `a peer link carries the replication stream, not the writer's ${noun}, so "${fault.units} ${noun}" cannot be sized there`,
      hint: `cut raw bytes, e.g. {${fault.direction}: 2000B}, or name a node (its client proxy)`,
    });
  } else if (replication?.wait.some((wait) => wait !== null) === true) {
    problems.push({
      path: [...path, 'cut-after', fault.direction],
      message: `WAIT's ${fault.direction === 'down' ? 'replies' : 'commands'} cross the link too, and WAIT's reply depends on the replicas, so "${fault.units} ${noun}" cannot be sized with wait`,
      hint: 'cut raw bytes, e.g. {down: 200B}, or leave replication.wait at none',
    });
  }
};

/** `after: N commands` on a timeline event: the lab's writer must issue more than N commands. */
export const checkTimelineReach = (timeline: readonly TopologyEvent[] | undefined, commands: number[] | undefined, problems: Problem[]): void => {
  const most = commands === undefined || commands.length === 0 ? undefined : Math.max(...commands);
  timeline?.forEach((event, index) => {
    if (event.afterCommands === undefined || most === undefined || event.afterCommands < most) return;
    problems.push({
      path: ['timeline', index, 'after'],
      message: `after ${event.afterCommands} commands is never reached: the writer issues ${most} commands, so the event could not start`,
      hint: `start it before the last command, e.g. after: ${Math.floor(most / 2)} commands, or raise workload.commands`,
    });
  });
};

// The single-node path on the primary's client proxy: its own rules hold; what a topology adds is
// that network.nodes may give the primary its link, which is then the one link shape.
// `read-from` names a node; WAIT asks at most the replicas there are.
const checkReplicaSettings = (
  input: { record: Record<string, unknown>; replication: ReplicationOptions; topology: Extract<Topology, { kind: 'replicas' }>; known: (name: string, path: FieldPath) => boolean },
  problems: Problem[],
): void => {
  const { record, replication, topology } = input;
  input.known(replication.readFrom, ['replication', 'read-from']);
  replication.wait.forEach((wait, index) => {
    if (wait !== null && wait.replicas > topology.replicas) {
      const path = Array.isArray((record.replication as Record<string, unknown>).wait) ? ['replication', 'wait', index, 'replicas'] : ['replication', 'wait', 'replicas'];
      problems.push({ path, message: `asks ${wait.replicas} replicas, but ${topologyLabel(topology)} has ${topology.replicas}`, hint: `at most ${topology.replicas}` });
    }
  });
};

const checkOnPrimaryRules = (record: Record<string, unknown>, nodeLinks: Record<string, NodeLink> | undefined, replication: ReplicationOptions | undefined, problems: Problem[]): void => {
  const network = isRecord(record.network) ? record.network : {};
  // A fault run reconciles what its writes left; it sends no WAIT and reads nothing from a replica.
  if (asksReplication(replication) && hasKey(record, 'faults')) {
    problems.push({
      path: ['faults'],
      at: 'key',
      message: 'faults do not run with WAIT or read-from a replica yet: a fault run sends its writes to the primary alone',
      hint: 'leave wait and read-from out (replication: {wait: none, read-from: primary}) to run the faults on the primary, or remove faults to measure WAIT and read-from',
    });
  }
  if (hasKey(record, 'policies') && !hasKey(record, 'faults')) {
    problems.push({ path: ['policies'], at: 'key', message: 'policies on a topology without a timeline are judged under faults: on the primary’s link', hint: 'add faults: [{name: cut, after: 100 commands, reset: {}}], or a timeline, or leave policies out' });
  }
  for (const key of ['rtt', 'jitter'] as const) {
    const written = network[key];
    if (nodeLinks?.primary !== undefined && Array.isArray(written) && written.length > 1) {
      problems.push({ path: ['network', key], message: `is a list, and network.nodes.primary gives the primary's client link its ${key} too`, hint: `keep the list and drop primary from network.nodes (the list shapes the primary's client link in turn), or write one value` });
    }
  }
};

interface TopologyRuleInput {
  record: Record<string, unknown>;
  topology: Topology | undefined;
  nodeLinks: Record<string, NodeLink> | undefined;
  replication: ReplicationOptions | undefined;
  timeline: TopologyEvent[] | undefined;
  modes: Mode[] | undefined;
  /** `network.jitter`, read. */
  jitterMs: number[] | undefined;
  /** A cluster whose request workloads run on the single-node path (clusterOnSinglePath). */
  clusterRequests?: boolean;
}

const CLUSTER_READS = ['primary', 'replica', 'all'];

/** What a topology scenario may combine: node names that exist, a replica to promote, one link per axis. */
export const checkTopologyRules = (input: TopologyRuleInput, problems: Problem[]): void => {
  const { record, topology, nodeLinks, replication, timeline, modes, jitterMs, clusterRequests = false } = input;
  if (topology === undefined) return;
  const network = isRecord(record.network) ? record.network : {};
  if (topology.kind === 'single') {
    for (const key of ['replication', 'timeline'] as const) {
      if (hasKey(record, key)) problems.push({ path: [key], at: 'key', message: `${key} needs a topology past one node`, hint: 'add topology: {primary: 1, replicas: 1}' });
    }
    if (hasKey(network, 'nodes')) problems.push({ path: ['network', 'nodes'], at: 'key', message: 'per-node links need a topology past one node', hint: 'add topology: {primary: 1, replicas: 1}' });
    return;
  }
  const nodes = topologyNodes(topology);
  const names = nodes.map((n) => n.name);
  const label = topologyLabel(topology);
  const known = (name: string, path: FieldPath, at: 'key' | 'value' = 'value') => {
    if (names.includes(name)) return true;
    const guess = closest(name, names);
    problems.push({ path, at, message: `no node "${name}" in ${label}${guess ? `; did you mean ${guess}?` : ''}`, hint: `nodes: ${names.join(', ')}` });
    return false;
  };
  // A partition may name a node by its role when the event fires (role-selector.ts).
  const knownOrSelector = (name: string, path: FieldPath): boolean => {
    if (!isRoleSelector(name)) return known(name, path);
    const refusal = selectorRefusal(name, topology);
    if (refusal === undefined) return true;
    problems.push({ path, message: refusal, hint: `role selectors: ${roleSelectors(topology).join(', ')}; nodes: ${names.join(', ')}` });
    return false;
  };
  for (const name of Object.keys(nodeLinks ?? {})) known(name, ['network', 'nodes', name], 'key');
  const cluster = topology.kind === 'cluster';
  if (topology.kind === 'replicas' && replication !== undefined) checkReplicaSettings({ record, replication, topology, known }, problems);
  // Without a timeline a primary with replicas runs the single-node measuring path on the
  // primary's client proxy: every mode, axis, workload and faults there, WAIT an axis of configs.
  if (!cluster && !needsTimelineRunner(timeline)) {
    checkOnPrimaryRules(record, nodeLinks, replication, problems);
    return;
  }
  const why = cluster ? 'a cluster run' : 'a timeline run';
  const instead = cluster ? '' : '; without a timeline a primary with replicas runs the single-node path on the primary';
  for (const key of ['rtt', 'jitter', 'bandwidth'] as const) {
    const written = network[key];
    // Request workloads on a cluster (the single-node path) take an rtt axis: each config shapes every node network.nodes does not name.
    if (key === 'rtt' && clusterRequests) continue;
    if (Array.isArray(written) && written.length > 1) problems.push({ path: ['network', key], message: `is a list; ${why} has one link shape per node`, hint: `write one value; per-node links go in network.nodes${instead}` });
  }
  const entry = nodes.find((n) => n.role === 'primary')?.name;
  if (clusterRequests && Array.isArray(network.rtt) && network.rtt.length > 1 && entry !== undefined && nodeLinks?.[entry] !== undefined) {
    problems.push({ path: ['network', 'rtt'], message: `is a list, and network.nodes.${entry} gives ${entry}'s client link its rtt too`, hint: `keep the list and drop ${entry} from network.nodes (the list shapes every node network.nodes does not name, in turn), or write one value` });
  }
  if (network.bandwidth !== undefined && network.bandwidth !== 'unlimited') problems.push({ path: ['network', 'bandwidth'], message: `bandwidth caps are not supported on ${why} yet`, hint: `leave bandwidth out${instead}` });
  if (network.direct === true) problems.push({ path: ['network', 'direct'], message: `direct is not supported on ${why}`, hint: `leave direct out${instead}` });
  // Every topology takes thresholds (issue 23): its results are configs and reconcile rows.
  if (hasKey(record, 'faults')) problems.push({ path: ['faults'], at: 'key', message: `faults is not supported on ${why} yet`, hint: `use timeline: link faults, partitions, downs and a failover${instead}` });
  // Policies are judged across a topology's timeline: its failover, partition or down (issue 23 item 4).
  if (hasKey(record, 'policies') && !hasKey(record, 'timeline')) {
    problems.push({
      path: ['policies'],
      at: 'key',
      message: `policies on ${why} needs a timeline (they are judged across its events)`,
      hint: cluster ? 'add timeline: e.g. a failover of a replica, or leave policies out' : `add timeline: e.g. a partition of the primary, or leave policies out${instead} (with faults:)`,
    });
  }
  if (cluster) {
    // Request workloads take the request modes (sync, auto:C, pipeline:all, multi:all; cluster-requests.ts says which keys).
    if (!clusterRequests) modes?.forEach((mode, index) => clusterModeOf(mode, Array.isArray(record.modes) ? ['modes', index] : ['modes'], problems));
    const jitters = [...(jitterMs ?? []), ...Object.values(nodeLinks ?? {}).map((link) => link.jitterMs)];
    if (jitters.some((j) => j !== 0)) problems.push({ path: ['network'], message: 'jitter is not supported on a cluster yet', hint: 'leave jitter out (or 0ms) in network and network.nodes' });
  } else {
    const written = Array.isArray(record.modes) ? record.modes : [record.modes];
    if (written.some((mode) => mode !== 'sync')) problems.push({ path: ['modes'], message: `${why} issues one command per round trip`, hint: `write modes: [sync] (a cluster also runs pipeline:B)${instead}` });
  }
  // Request workloads on a cluster: each connection is an ioredis Cluster client.
  if (!clusterRequests && record.connections !== undefined && record.connections !== 1) problems.push({ path: ['connections'], message: `${why} uses one client connection`, hint: `leave connections out${instead}` });
  if (replication !== undefined && isRecord(record.replication)) {
    const written = record.replication;
    if (cluster) {
      if (clusterRequests && replication.readFrom !== 'primary') {
        problems.push({ path: ['replication', 'read-from'], message: 'request workloads on a cluster read from the primaries: a replica may not hold what the run just wrote, and the run checks every reply', hint: 'leave read-from out (or primary)' });
      } else if (!CLUSTER_READS.includes(replication.readFrom)) {
        problems.push({ path: ['replication', 'read-from'], message: `${describeValue(replication.readFrom)} is not a cluster read target`, hint: 'on a cluster read-from is primary (default), replica or all (ioredis scaleReads master, slave, all)' });
      }
      if (replication.wait.some((wait) => wait !== null)) problems.push({ path: ['replication', 'wait'], message: 'WAIT is not run on a cluster yet', hint: 'leave wait out (or none)' });
      if (hasKey(written, 'markers')) problems.push({ path: ['replication', 'markers'], at: 'key', message: 'replication lag markers are not run on a cluster', hint: 'leave markers out' });
    }
  }
  timeline?.forEach((event, index) => {
    const path = ['timeline', index];
    const { action } = event;
    if (action.kind === 'partition') for (const node of action.nodes) knownOrSelector(node, [...path, 'partition', 'nodes']);
    if (action.kind === 'down') known(action.node, [...path, 'down']);
    if (action.kind === 'failover' && known(action.promote, [...path, 'failover', 'promote']) && nodes.find((n) => n.name === action.promote)?.role !== 'replica') {
      problems.push({ path: [...path, 'failover', 'promote'], message: `${action.promote} is not a replica`, hint: `promote one of: ${nodes.filter((n) => n.role === 'replica').map((n) => n.name).join(', ')}` });
    }
    if (action.kind === 'failover' && !cluster) {
      for (const key of ['takeover', 'mode'] as const) {
        if (action[key] !== undefined) problems.push({ path: [...path, 'failover', key], at: 'key', message: `${key} is for a cluster failover (CLUSTER FAILOVER)`, hint: 'on a primary/replicas topology write failover: {promote: replica-1}' });
      }
    }
    if (action.kind === 'link-fault') checkLinkFault({ action, path, topology, replication, problems });
    if (action.kind === 'partition' && cluster) {
      const primaries = nodes.filter((n) => n.role === 'primary').map((n) => n.name);
      const cut = action.nodes[0]!;
      if (action.nodes.length !== 1 || !(primaries.includes(cut) || (isRoleSelector(cut) && selectorRefusal(cut, topology) === undefined))) {
        problems.push({ path: [...path, 'partition', 'nodes'], message: `the cluster runner cuts off one primary, got ${action.nodes.join(', ')}`, hint: `name one of: ${[...primaries, ...roleSelectors(topology)].join(', ')}` });
      }
      if (action.from !== 'all') problems.push({ path: [...path, 'partition', 'from'], message: `the cluster runner cuts a primary off from all (the other nodes and the clients), got ${action.from}`, hint: 'write from: all, or leave from out' });
    }
  });
  if (topology.kind === 'replicas' && topology.sentinel !== undefined) {
    timeline?.forEach((event, index) => {
      if (event.action.kind === 'failover') {
        problems.push({
          path: ['timeline', index, 'failover'],
          at: 'key',
          message: 'sentinels decide the failover; remove the failover step',
          hint: 'partition the primary instead ({partition: {nodes: [primary], from: all}, for: 5s}): the sentinels see it down and promote a replica themselves',
        });
      }
    });
  }
  const failovers = timeline?.filter((e) => e.action.kind === 'failover') ?? [];
  if (!cluster && failovers.length > 1) problems.push({ path: ['timeline'], message: `has ${failovers.length} failovers; one per run for now`, hint: 'keep one failover (a cluster runs several, in order)' });
};
