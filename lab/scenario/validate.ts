// From the plain data of a parsed file to a Scenario with its defaults, or the full list of
// what is wrong with it. Sections are read independently (each in its own module; the top-level
// scalars, modes and connections here), then checked against each other, so one pass finds
// every problem.

import { asksReplication, clusterOnSinglePath, modeLabel, needsTimelineRunner, type Mode, type Scenario, type WaitOption, type Workload } from '../contracts/index.ts';
import { DEFAULTS, KEYS, LIMITS } from './defaults.ts';
import { checkKeys, hasKey, isRecord, optionalKey, readAxis, readInt, readRecord, readText, requireKey } from './fields.ts';
import { readModes } from './modes.ts';
import { readWorkloads } from './workload.ts';
import { readNetwork } from './network.ts';
import { readFaults } from './faults.ts';
import { checkFaultRules, readReconcile } from './fault-rules.ts';
import { readPolicies } from './policy-refs.ts';
import { readExpect } from './thresholds/threshold.ts';
import { checkRequestRules } from './arrival.ts';
import { checkBatchRules } from './batch.ts';
import { checkAdviseRules } from './advise.ts';
import { checkTimelineReach, checkTopologyRules, readReplication, readSentinel, readTimeline, readTopology } from './topology.ts';
import { checkEngineRules, readEngine } from './engine.ts';
import { type Problem } from './problems.ts';
import { checkBystanderRules, readBystander } from './bystander.ts';
import { checkWork } from './work.ts';
import { checkServerRules, readServer } from './server.ts';
import { checkClusterRequests } from './cluster-requests.ts';

const NAME_HINT = 'a short single-line name, e.g. name: cross-dc-incr';
const WORKLOAD_HINT = 'add workload: {command: INCR, commands: 2048}';
const MODES_HINT = 'add modes: [sync, pipeline:8] (sync, pipeline:B, multi:B or auto:C)';
const WARMUP_HINT = `untimed runs per config before measuring, ${LIMITS.warmup.min} to ${LIMITS.warmup.max}; default ${DEFAULTS.warmup}`;
const REPEAT_HINT = `measured runs per config, ${LIMITS.repeat.min} to ${LIMITS.repeat.max}; default ${DEFAULTS.repeat}`;
const SEED_HINT = `the seed of every random choice (keys, value sizes), a whole number from ${LIMITS.seed.min} to ${LIMITS.seed.max}; default ${DEFAULTS.seed}`;
const { min: connectionsMin, max: connectionsMax } = LIMITS.connections;
const CONNECTIONS_HINT = `parallel client connections sharing the run's commands, ${connectionsMin} to ${connectionsMax}, or a list; default ${DEFAULTS.connections[0]}`;

// An optional whole number with a default.
const readOptionalInt = (record: Record<string, unknown>, key: 'warmup' | 'repeat' | 'seed', problems: Problem[], hint: string): number | undefined => {
  const value = optionalKey(record, key);
  return value === undefined ? DEFAULTS[key] : readInt(value, [key], LIMITS[key], problems, hint);
};

// `calibration: {pings: N}`: PING samples per rtt before measuring.
const readCalibration = (value: unknown, problems: Problem[]): number | undefined => {
  if (value === undefined) return DEFAULTS.calibrationPings;
  const record = readRecord(value, ['calibration'], problems, `calibration: {pings: ${DEFAULTS.calibrationPings}}`);
  if (record === undefined) return undefined;
  checkKeys(record, KEYS.calibration, ['calibration'], problems);
  const pings = optionalKey(record, 'pings');
  const { min, max } = LIMITS.calibrationPings;
  const hint = `PING samples per rtt, ${min} to ${max}; default ${DEFAULTS.calibrationPings}`;
  return pings === undefined ? DEFAULTS.calibrationPings : readInt(pings, ['calibration', 'pings'], LIMITS.calibrationPings, problems, hint);
};

// `connections: 50` or `connections: [1, 50]`.
const readConnections = (value: unknown, problems: Problem[]): number[] | undefined =>
  value === undefined
    ? [...DEFAULTS.connections]
    : readAxis(
        value,
        ['connections'],
        {
          readItem: (item, path) => readInt(item, path, LIMITS.connections, problems, CONNECTIONS_HINT),
          label: String,
          what: 'connection count',
          example: 'connections: [1, 50]',
        },
        problems,
      );

// Every section read without a problem: the object is a Scenario.
type ScenarioParts = { [K in keyof Omit<Scenario, 'file'>]: Scenario[K] | undefined };
const isComplete = (parts: ScenarioParts): parts is Omit<Scenario, 'file'> => Object.values(parts).every((part) => part !== undefined);

// Checks a top-level mapping, then the work it asks for (work.ts: the number of configs, an
// open-loop schedule); returns the Scenario only when nothing was wrong.
export const validateScenario = (record: Record<string, unknown>, problems: Problem[]): Scenario | undefined => {
  const before = problems.length;
  const scenario = readScenario(record, problems);
  if (scenario !== undefined) checkWork(scenario, record, problems);
  return problems.length === before ? scenario : undefined;
};

const readScenario = (record: Record<string, unknown>, problems: Problem[]): Scenario | undefined => {
  const before = problems.length;
  const misspelt = checkKeys(record, KEYS.top, [], problems);
  const nameValue = requireKey(record, 'name', [], problems, `add ${NAME_HINT}`, misspelt);
  const name = nameValue === undefined ? undefined : readText(nameValue, ['name'], problems, { hint: NAME_HINT, singleLine: true, nonEmpty: true });
  const descriptionValue = optionalKey(record, 'description');
  const description =
    descriptionValue === undefined
      ? DEFAULTS.description
      : readText(descriptionValue, ['description'], problems, { hint: 'free text', singleLine: false, nonEmpty: false });
  const seed = readOptionalInt(record, 'seed', problems, SEED_HINT);
  const workloadValue = requireKey(record, 'workload', [], problems, WORKLOAD_HINT, misspelt);
  const workloads = workloadValue === undefined ? undefined : readWorkloads(workloadValue, ['workload'], problems);
  const modesValue = requireKey(record, 'modes', [], problems, MODES_HINT, misspelt);
  const modes = modesValue === undefined ? undefined : readModes(modesValue, ['modes'], problems);
  const connections = readConnections(optionalKey(record, 'connections'), problems);
  const network = readNetwork(optionalKey(record, 'network'), ['network'], problems);
  const warmup = readOptionalInt(record, 'warmup', problems, WARMUP_HINT);
  const repeat = readOptionalInt(record, 'repeat', problems, REPEAT_HINT);
  const calibrationPings = readCalibration(optionalKey(record, 'calibration'), problems);
  const faultsRead = readFaults(optionalKey(record, 'faults'), ['faults'], problems);
  const faults = faultsRead.all;
  const policiesRead = readPolicies(optionalKey(record, 'policies'), ['policies'], problems);
  const reconcile = readReconcile(optionalKey(record, 'reconcile'), ['reconcile'], problems);
  checkAxisRules({ record, workloads, modes, connections }, problems);
  // A trace replays each command alone (docs/trace-replay.md): only the sync mode means that.
  if (workloads?.some((w) => w.trace !== undefined) === true && modes?.some((m) => m.kind !== 'sync') === true) {
    problems.push({ path: ['modes'], message: 'a trace workload runs in the sync mode only: each traced command is sent alone and awaited', hint: 'modes: [sync]' });
  }
  checkFaultRules({ record, workloads, modes, connections, network, faults: faultsRead.each, reconcile }, problems);
  // Read before expect: node=, wait= and policy= selectors are checked against them.
  const topology = readSentinel(optionalKey(record, 'sentinel'), readTopology(optionalKey(record, 'topology'), ['topology'], problems), ['sentinel'], problems);
  const replication = readReplication(optionalKey(record, 'replication'), ['replication'], problems);
  // Policies run under faults, or across a topology's timeline when written (issue 23 item 4).
  const acrossTimeline = topology !== undefined && (topology.kind === 'replicas' || topology.kind === 'cluster') && hasKey(record, 'policies') && hasKey(record, 'timeline');
  const policies = faults?.length === 0 && !acrossTimeline ? [] : policiesRead?.names;
  const policyModules = faults?.length === 0 && !acrossTimeline ? [] : policiesRead?.modules;
  const expect = readExpect(optionalKey(record, 'expect'), ['expect'], { workloads, modes, connections, network, faults, policies, topology, replication, ...replicaThresholdTerms(record) }, problems);
  const parts: ScenarioParts = {
    name,
    description,
    workloads,
    modes,
    connections,
    network,
    warmup,
    repeat,
    calibrationPings,
    seed,
    expect,
    faults,
    policies,
    reconcile,
  };
  checkRequestRules(record, { workloads, modes }, problems);
  checkBatchRules(record, { workloads, modes }, problems);
  // A cluster's timeline runs in order, without `at` (see readTimeline); known from the text, so a
  // mistake elsewhere in `topology` does not turn into a second complaint about every event.
  const topologyValue = optionalKey(record, 'topology');
  const clusterWritten = isRecord(topologyValue) && hasKey(topologyValue, 'cluster');
  const timeline = readTimeline(optionalKey(record, 'timeline'), ['timeline'], problems, clusterWritten);
  // A cluster whose workloads are all request workloads, without a timeline, runs on the single-node path with Cluster clients.
  const clusterRequests = topology?.kind === 'cluster' && clusterOnSinglePath(workloads, timeline);
  checkTopologyRules({ record, topology, nodeLinks: network?.nodes, replication, timeline, modes, jitterMs: network?.jitterMs, clusterRequests }, problems);
  // Without a timeline the single-node path runs any workload on the primary (WAIT and read-from: command workloads).
  const onPrimary = topology?.kind === 'replicas' && !needsTimelineRunner(timeline);
  if (clusterRequests && workloads !== undefined) checkClusterRequests(record, workloads, modes, problems);
  else if (topology !== undefined && topology.kind !== 'single' && !onPrimary) checkTopologyWorkloads(workloads, topology.kind === 'cluster', problems);
  if (onPrimary && asksReplication(replication)) checkReplicationWorkloads(workloads, problems);
  checkAdviseRules(record, { workloads, modes, onPrimary: onPrimary && !asksReplication(replication), ...(topology?.kind === 'cluster' ? { cluster: { onSinglePath: clusterRequests } } : {}) }, problems);
  if (topology !== undefined && topology.kind === 'replicas') checkTimelineReach(timeline, workloads?.flatMap((w) => w.commands), problems);
  const engine = readEngine(optionalKey(record, 'engine'), ['engine'], problems);
  checkEngineRules({ record, engine, workloads, modes }, problems);
  if (engine === 'redis-benchmark' && topology !== undefined && topology.kind !== 'single' && (!onPrimary || asksReplication(replication))) {
    problems.push({
      path: ['engine'],
      message: 'redis-benchmark runs against one Redis behind one proxy: the primary of a primary with replicas without a timeline, WAIT or read-from, not a cluster or a timeline run',
      hint: "remove engine: redis-benchmark (the lab's ioredis engine runs every topology), or the cluster / timeline / WAIT / read-from",
    });
  }
  const server = readServer(optionalKey(record, 'server'), ['server'], problems);
  // The limit is set on the primary (every primary of a cluster): reads sent to a replica would not meet it.
  const serverMeasured = topology === undefined || topology.kind === 'single' || (onPrimary && (replication?.readFrom ?? 'primary') === 'primary') || clusterRequests;
  checkServerRules(record, serverMeasured ? 'measured' : topology.kind === 'cluster' ? 'cluster-commands' : 'elsewhere', problems);
  const bystander = readBystander(optionalKey(record, 'bystander'), ['bystander'], problems);
  const timelineRun = topology !== undefined && topology.kind !== 'single' && needsTimelineRunner(timeline);
  checkBystanderRules({ record, bystander, runner: timelineRun ? 'timeline' : topology?.kind === 'cluster' && !clusterRequests ? 'cluster-lab' : 'single' }, problems);
  if (problems.length !== before || !isComplete(parts)) return undefined;
  const withEngine = { ...(engine === 'redis-benchmark' ? { ...parts, engine } : parts), ...(server === undefined ? {} : { server }), ...(bystander === undefined ? {} : { bystander }) };
  const withModules = policyModules === undefined || policyModules.length === 0 ? withEngine : { ...withEngine, policyModules };
  // A single-node scenario stays exactly what it was; the topology fields appear only past one node.
  if (topology === undefined || topology.kind === 'single' || replication === undefined || timeline === undefined) return withModules;
  return { ...withModules, topology, replication, ...(timeline.length > 0 ? { timeline } : {}) };
};

// WAIT after the writes and reads from a replica run in the closed-loop driver: command workloads.
const checkReplicationWorkloads = (workloads: Workload[] | undefined, problems: Problem[]): void => {
  workloads?.forEach((workload, index) => {
    if (workload.request === undefined) return;
    problems.push({
      path: workloads.length > 1 ? ['workload', index] : ['workload'],
      message: `a request workload (steps, arrivals${workload.trace === undefined ? '' : ' or a trace'}) does not run with WAIT or read-from a replica yet`,
      hint: 'give a command workload (any command, any mode: e.g. {command: SET, commands: 2000}), or leave wait and read-from out (replication: {wait: none, read-from: primary}) to run it on the primary',
    });
  });
};

// A timeline run writes INCR/INCRBY/SET/LPUSH, one commands value each.
// A cluster run writes SET or INCR, one workload, to one key or sequential keys, one value size.
const TOPOLOGY_WRITES = ['INCR', 'INCRBY', 'SET'];
const CLUSTER_WRITES = ['SET', 'INCR'];
const checkTopologyWorkloads = (workloads: Workload[] | undefined, cluster: boolean, problems: Problem[]): void => {
  if (cluster && workloads !== undefined && workloads.length > 1) problems.push({ path: ['workload'], message: `is a list of ${workloads.length}; a cluster run drives one workload`, hint: 'keep one workload' });
  workloads?.forEach((workload, index) => {
    const path = workloads.length > 1 ? ['workload', index] : ['workload'];
    const allowed = cluster ? CLUSTER_WRITES : [...TOPOLOGY_WRITES, 'LPUSH'];
    if (cluster && workload.keys.kind !== 'one' && workload.keys.kind !== 'sequential') {
      problems.push({ path: [...path, 'keys'], message: `${workload.keys.kind} keys are not supported on a cluster yet`, hint: 'write keys: one or keys: sequential (or {sequential: N})' });
    }
    const sizes = workload.valueBytes;
    if (cluster && (sizes.length > 1 || sizes.some((size) => size.minBytes !== size.maxBytes))) {
      problems.push({ path: [...path, 'value'], message: 'is a list or a range; a cluster run writes one value size', hint: 'write one size, e.g. value: 32B' });
    }
    if (workload.request !== undefined) {
      problems.push({
        path,
        message: `a request workload (steps, arrivals${workload.trace === undefined ? '' : ' or a trace'}) does not run ${cluster ? 'on a cluster under a timeline or beside a command workload' : 'under a timeline'} yet`,
        hint: `give a command workload, e.g. {command: INCR, commands: 2000} (${allowed.join(', ')}), or ${cluster ? 'remove the timeline and any command workload: then the single-node path runs the requests with ioredis Cluster clients' : 'remove the timeline: then the single-node path runs it on the primary'}`,
      });
    } else if (!allowed.includes(workload.command)) {
      problems.push({ path: [...path, 'command'], message: `${workload.command} is not supported on a topology run yet`, hint: `use ${allowed.join(', ')}${cluster ? '' : ' (without a timeline the single-node path runs any command on the primary)'}` });
    }
    if (workload.commands.length > 1) problems.push({ path: [...path, 'commands'], message: 'is a list; a topology run has one commands value', hint: 'write one number' });
  });
};

// --- rules across sections of a performance scenario: a batch or a connection count that the
// commands per run cannot fill would measure something other than its name says.

interface AxisRuleInput {
  /** The top-level mapping as written (to point at list items). */
  record: Record<string, unknown>;
  workloads: Workload[] | undefined;
  modes: Mode[] | undefined;
  connections: number[] | undefined;
}

// Where item `index` of a top-level axis is written: the item in the list form, else the key.
const axisPath = (written: unknown, key: string, index: number) => (Array.isArray(written) ? [key, index] : [key]);

/** Every batch must fit the largest commands value; so must every connection count. */
const checkAxisRules = (input: AxisRuleInput, problems: Problem[]): void => {
  const { record, workloads, modes, connections } = input;
  if (workloads === undefined) return;
  const counts = workloads.flatMap((w) => w.commands);
  const largest = Math.max(...counts);
  const which = counts.length > 1 ? `the largest commands value is ${largest}` : `the run has ${largest} commands`;
  modes?.forEach((mode, index) => {
    if ((mode.kind !== 'pipeline' && mode.kind !== 'multi') || mode.batch === 'all' || mode.batch <= largest) return;
    problems.push({
      path: axisPath(record.modes, 'modes', index),
      message: `${modeLabel(mode)} would be one batch of ${largest}: ${which}`,
      hint: `write ${mode.kind}:all for one batch of the whole run, or a batch of at most ${largest}`,
    });
  });
  connections?.forEach((count, index) => {
    if (count <= largest) return;
    problems.push({
      path: axisPath(record.connections, 'connections', index),
      message: `${count} connections would leave ${count - largest} with no command: ${which}`,
      hint: `use at most ${largest} connections, or more commands`,
    });
  });
};

// A primary with replicas: the WAIT settings a threshold may select, and whether a timeline makes
// its results reconcile rows. Read again here (their problems are reported where they are read).
const replicaThresholdTerms = (record: Record<string, unknown>): { waits?: (WaitOption | null)[]; timeline?: boolean } => {
  const topology = readTopology(optionalKey(record, 'topology'), ['topology'], []);
  // A cluster's timeline rows take policy thresholds when the scenario judges policies across it.
  if (topology?.kind === 'cluster') return hasKey(record, 'policies') && hasKey(record, 'timeline') ? { timeline: true } : {};
  if (topology?.kind !== 'replicas') return {};
  const replication = readReplication(optionalKey(record, 'replication'), ['replication'], []);
  const timeline = optionalKey(record, 'timeline');
  return { ...(replication === undefined ? {} : { waits: replication.wait }), timeline: Array.isArray(timeline) && timeline.length > 0 };
};
