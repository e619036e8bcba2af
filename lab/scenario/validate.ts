// From the plain data of a parsed file to a Scenario with its defaults, or the full list of
// what is wrong with it. Sections are read independently (each in its own module; the top-level
// scalars, modes and connections here), then checked against each other, so one pass finds
// every problem.

import { modeLabel, type Batch, type Mode, type Scenario, type Workload } from '../contracts/index.ts';
import { DEFAULTS, KEYS, LIMITS } from './defaults.ts';
import { checkKeys, isRecord, optionalKey, readAxis, readInt, readRecord, readText, requireKey } from './fields.ts';
import { readWorkloads } from './workload.ts';
import { readNetwork } from './network.ts';
import { readFaults } from './faults.ts';
import { checkFaultRules, readReconcile } from './fault-rules.ts';
import { readPolicies } from './policy-refs.ts';
import { readExpect } from './thresholds/threshold.ts';
import { checkRequestRules } from './arrival.ts';
import { checkTopologyRules, readReplication, readTimeline, readTopology } from './topology.ts';
import { checkEngineRules, readEngine } from './engine.ts';
import { closest, describeValue, formatPath, type FieldPath, type Problem } from './problems.ts';

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

// Checks a top-level mapping; returns the Scenario only when nothing was wrong.
export const validateScenario = (record: Record<string, unknown>, problems: Problem[]): Scenario | undefined => {
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
  const policies = faults?.length === 0 ? [] : policiesRead?.names;
  const policyModules = faults?.length === 0 ? [] : policiesRead?.modules;
  const reconcile = readReconcile(optionalKey(record, 'reconcile'), ['reconcile'], problems);
  checkAxisRules({ record, workloads, modes, connections }, problems);
  checkFaultRules({ record, workloads, modes, connections, network, faults: faultsRead.each, reconcile }, problems);
  const expect = readExpect(optionalKey(record, 'expect'), ['expect'], { workloads, modes, connections, network, faults, policies }, problems);
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
  checkRequestRules(record, { workloads, modes, faults }, problems);
  const topology = readTopology(optionalKey(record, 'topology'), ['topology'], problems);
  const replication = readReplication(optionalKey(record, 'replication'), ['replication'], problems);
  const timeline = readTimeline(optionalKey(record, 'timeline'), ['timeline'], problems);
  checkTopologyRules({ record, topology, nodeLinks: network?.nodes, replication, timeline }, problems);
  if (topology !== undefined && topology.kind !== 'single') checkTopologyWorkloads(workloads, timeline, problems);
  const engine = readEngine(optionalKey(record, 'engine'), ['engine'], problems);
  checkEngineRules({ record, engine, workloads, modes }, problems);
  if (engine === 'redis-benchmark' && topology !== undefined && topology.kind !== 'single') {
    problems.push({ path: ['engine'], message: 'redis-benchmark runs against one Redis behind one proxy, not a topology', hint: 'remove engine: redis-benchmark (the lab\'s ioredis engine runs topologies), or the topology' });
  }
  if (problems.length !== before || !isComplete(parts)) return undefined;
  const withEngine = engine === 'redis-benchmark' ? { ...parts, engine } : parts;
  const withModules = policyModules === undefined || policyModules.length === 0 ? withEngine : { ...withEngine, policyModules };
  // A single-node scenario stays exactly what it was; the topology fields appear only past one node.
  if (topology === undefined || topology.kind === 'single' || replication === undefined || timeline === undefined) return withModules;
  return { ...withModules, topology, replication, ...(timeline.length > 0 ? { timeline } : {}) };
};

// A topology run writes INCR/INCRBY/SET (or reads GET without a timeline), one commands value each.
const TOPOLOGY_WRITES = ['INCR', 'INCRBY', 'SET'];
const checkTopologyWorkloads = (workloads: Workload[] | undefined, timeline: unknown[] | undefined, problems: Problem[]): void => {
  workloads?.forEach((workload, index) => {
    const path = workloads.length > 1 ? ['workload', index] : ['workload'];
    const allowed = timeline !== undefined && timeline.length > 0 ? TOPOLOGY_WRITES : [...TOPOLOGY_WRITES, 'GET'];
    if (!allowed.includes(workload.command) || workload.request !== undefined) {
      problems.push({ path: [...path, 'command'], message: `${workload.command} is not supported on a topology run yet`, hint: `use ${allowed.join(', ')}` });
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

// --- the `modes:` list: `sync`, `pipeline:B`, `multi:B` (B a whole number or `all`) and `auto:C`,
// each also written as a mapping (`{pipeline: 8}`), each listed at most once.

type BatchKind = 'pipeline' | 'multi';
type OptionKind = BatchKind | 'auto';

const BATCH_HINT = `B is the number of commands per batch, a whole number from ${LIMITS.batch.min} to ${LIMITS.batch.max}, or all (one batch of the whole run)`;
const CALLERS_HINT = `C is the number of concurrent callers sharing auto-pipelining, a whole number from ${LIMITS.callers.min} to ${LIMITS.callers.max}`;
const MODE_HINT = `a mode is sync, pipeline:B, multi:B or auto:C (or {pipeline: B}); ${BATCH_HINT}; ${CALLERS_HINT}`;
const OPTION_TEXT = /^(pipeline|multi|auto)\s*:\s*(.*)$/;
const SPELLINGS: Record<string, string> = { sync: 'sync', pipeline: 'pipeline:B', multi: 'multi:B', auto: 'auto:C' };

const hintOf = (kind: OptionKind): string =>
  kind === 'auto' ? `write auto:32 or {auto: 32}; ${CALLERS_HINT}` : `write ${kind}:8, ${kind}:all or {${kind}: 8}; ${BATCH_HINT}`;

const modeOf = (kind: OptionKind, size: number | 'all'): Mode =>
  kind === 'auto' ? { kind, callers: size as number } : { kind, batch: size as Batch };

// `pipeline:8` written as one string: the size is text, so it is checked here.
const readOptionText = (text: string, kind: OptionKind, sizeText: string, path: FieldPath, problems: Problem[]): Mode | undefined => {
  const range = kind === 'auto' ? LIMITS.callers : LIMITS.batch;
  const digits = sizeText.replaceAll('_', '');
  if (kind !== 'auto' && sizeText === 'all') return modeOf(kind, 'all');
  if (/^\d+$/.test(digits) && Number(digits) >= range.min && Number(digits) <= range.max) return modeOf(kind, Number(digits));
  const what = kind === 'auto' ? 'callers' : 'batch';
  const message =
    sizeText === ''
      ? `"${text}" needs ${kind === 'auto' ? 'a number of callers' : 'a batch size'}`
      : /^-?\d+$/.test(digits)
        ? `"${text}": ${what} ${sizeText} is out of range`
        : kind === 'auto'
          ? `"${text}": the callers must be a whole number`
          : `"${text}": the batch must be a whole number or all`;
  problems.push({ path, message, hint: hintOf(kind) });
  return undefined;
};

// `{pipeline: 8}`, `{multi: all}`, `{auto: 32}`; `{sync: …}` gets told that sync is a plain word.
const readOptionMap = (record: Record<string, unknown>, path: FieldPath, problems: Problem[]): Mode | undefined => {
  if (Object.prototype.hasOwnProperty.call(record, 'sync')) {
    problems.push({ path: [...path, 'sync'], at: 'key', message: 'sync takes no options', hint: 'write sync as a plain list item: - sync' });
    return undefined;
  }
  const before = problems.length;
  checkKeys(record, KEYS.mode, path, problems);
  const kinds = KEYS.mode.filter((kind) => Object.prototype.hasOwnProperty.call(record, kind));
  const [kind, second] = kinds;
  if (second !== undefined) {
    const message = `one mode per list item, but this one also names ${second}`;
    problems.push({ path: [...path, second], at: 'key', message, hint: `write each mode as its own item, e.g. modes: [${kind}:8, ${second}:8]` });
  }
  if (kind === undefined) {
    if (problems.length === before) problems.push({ path, message: 'names no mode', hint: MODE_HINT });
    return undefined;
  }
  const value = record[kind];
  if (kind !== 'auto' && value === 'all') return problems.length === before ? modeOf(kind, 'all') : undefined;
  const range = kind === 'auto' ? LIMITS.callers : LIMITS.batch;
  const size = readInt(value, [...path, kind], range, problems, kind === 'auto' ? CALLERS_HINT : BATCH_HINT);
  return size === undefined || problems.length > before ? undefined : modeOf(kind, size);
};

// One list item, in any of its accepted spellings.
const readMode = (value: unknown, path: FieldPath, problems: Problem[]): Mode | undefined => {
  if (isRecord(value)) return readOptionMap(value, path, problems);
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === 'sync') return { kind: 'sync' };
    const option = OPTION_TEXT.exec(text);
    if (option !== null) return readOptionText(text, option[1] as OptionKind, option[2] ?? '', path, problems);
    if (text === 'pipeline' || text === 'multi' || text === 'auto') return readOptionText(text, text, '', path, problems);
    const guess = closest(text.replace(/:.*$/, ''), Object.keys(SPELLINGS));
    const suggestion = guess === undefined ? '' : `; did you mean ${SPELLINGS[guess]}?`;
    problems.push({ path, message: `unknown mode ${describeValue(value)}${suggestion}`, hint: MODE_HINT });
    return undefined;
  }
  problems.push({ path, message: `expected a mode, got ${describeValue(value)}`, hint: MODE_HINT });
  return undefined;
};

// Validates the list (or one mode on its own); a mode listed twice would measure the same config twice under one id.
const readModes = (value: unknown, path: FieldPath, problems: Problem[]): Mode[] | undefined => {
  if (typeof value === 'string' || isRecord(value)) {
    const mode = readMode(value, path, problems);
    return mode === undefined ? undefined : [mode];
  }
  if (!Array.isArray(value) || value.length === 0) {
    const got = Array.isArray(value) ? 'an empty list' : describeValue(value);
    const hint = `for example modes: [sync, pipeline:8, multi:all, auto:32]; ${MODE_HINT}`;
    problems.push({ path, message: `expected a non-empty list of modes, got ${got}`, hint });
    return undefined;
  }
  const before = problems.length;
  const modes: Mode[] = [];
  const seen = new Map<string, number>();
  value.forEach((item, index) => {
    const itemPath = [...path, index];
    const mode = readMode(item, itemPath, problems);
    if (mode === undefined) return;
    const label = modeLabel(mode);
    const first = seen.get(label);
    if (first !== undefined) {
      problems.push({ path: itemPath, message: `${label} is listed twice (also ${formatPath([...path, first])})`, hint: 'list each mode once' });
      return;
    }
    seen.set(label, index);
    modes.push(mode);
  });
  return problems.length === before ? modes : undefined;
};
