// From the plain data of a parsed file to a Scenario with its defaults, or the full list of
// what is wrong with it. Sections are read independently, then checked against each other,
// so one pass finds every problem.

import type { Scenario } from '../contracts/index.ts';
import { DEFAULTS, KEYS, LIMITS } from './defaults.ts';
import { checkKeys, optionalKey, readInt, readRecord, readText, requireKey } from './fields.ts';
import { readAxis } from './axis.ts';
import { readWorkloads } from './workloads.ts';
import { readModes } from './modes.ts';
import { readNetwork } from './network.ts';
import { readFaults } from './faults.ts';
import { readPolicies, readReconcile } from './reconcile-options.ts';
import { checkAxisRules } from './rules.ts';
import { checkFaultRules } from './fault-rules.ts';
import { readExpect } from './expect.ts';
import type { Problem } from './problems.ts';

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
  const policies = faults?.length === 0 ? [] : policiesRead;
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
  return problems.length === before && isComplete(parts) ? parts : undefined;
};
