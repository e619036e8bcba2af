// `engine:` (issue 13): which client drives the load. `ioredis` (the default) is the lab's own
// engine; `redis-benchmark` runs Debian's C client over the same calibrated link. The C engine
// repeats one fixed command line per config, checks no reply one by one and keeps no ledger, so
// a scenario it runs may only ask for what it can do: the checks here reject everything else
// with the field that asked for it and what would be valid.

import { C_ENGINE_COMMANDS, LOAD_ENGINES, modeLabel, type LoadEngine, type Mode, type Workload } from '../contracts/index.ts';
import { hasKey, isRecord } from './fields.ts';
import { closest, describeValue, type FieldPath, type Problem } from './problems.ts';
import { workloadPath } from './workload.ts';

const ENGINE_HINT = `engine is ${LOAD_ENGINES.join(' (the default) or ')}: the lab's own ioredis client, or Debian's redis-benchmark (a C client) over the same calibrated link`;

/** The largest value the C engine sends: redis-benchmark takes it as a command-line argument. */
const C_ENGINE_MAX_VALUE_BYTES = 64 * 1024;

const KEEP_IOREDIS = 'or remove engine: redis-benchmark (the lab\'s ioredis engine does this)';
const VALID_COMMANDS = `with engine: redis-benchmark the command is one of ${C_ENGINE_COMMANDS.join(', ')}`;

/** `engine: redis-benchmark` → 'redis-benchmark'; absent or `ioredis` → undefined (the default). */
export const readEngine = (value: unknown, path: FieldPath, problems: Problem[]): LoadEngine | undefined => {
  if (value === undefined) return 'ioredis';
  if (typeof value === 'string' && (LOAD_ENGINES as readonly string[]).includes(value)) return value as LoadEngine;
  const guess = typeof value === 'string' ? closest(value, LOAD_ENGINES) : undefined;
  problems.push({ path, message: `unknown engine ${describeValue(value)}${guess === undefined ? '' : `; did you mean ${guess}?`}`, hint: ENGINE_HINT });
  return undefined;
};

interface EngineRuleInput {
  /** The top-level mapping as written (to point at list items and keys). */
  record: Record<string, unknown>;
  engine: LoadEngine | undefined;
  workloads: Workload[] | undefined;
  modes: Mode[] | undefined;
}

// Where a workload key is written, or the workload itself when the key was left out.
const keyPath = (record: Record<string, unknown>, index: number, key: string): FieldPath => {
  const base = workloadPath(record.workload, index);
  const written = Array.isArray(record.workload) ? record.workload[index] : record.workload;
  return isRecord(written) && hasKey(written, key) ? [...base, key] : base;
};

// One workload: a command redis-benchmark can repeat as one command line.
const checkWorkload = (workload: Workload, index: number, record: Record<string, unknown>, problems: Problem[]): void => {
  const at = (key: string) => keyPath(record, index, key);
  if (workload.request !== undefined) {
    problems.push({ path: workloadPath(record.workload, index), message: 'redis-benchmark cannot send a request workload (steps, mixes, arrivals)', hint: `give a command workload, e.g. {command: SET, commands: 100000}, ${KEEP_IOREDIS}` });
    return;
  }
  if (!(C_ENGINE_COMMANDS as readonly string[]).includes(workload.command)) {
    problems.push({ path: at('command'), message: `redis-benchmark cannot send ${workload.command} the way the lab does`, hint: `${VALID_COMMANDS}, ${KEEP_IOREDIS}` });
  }
  const { keys } = workload;
  if (keys.kind === 'sequential' || keys.kind === 'zipfian') {
    problems.push({ path: at('keys'), message: `redis-benchmark cannot pick keys ${keys.kind === 'zipfian' ? 'by a zipfian law' : 'in sequence'}: its -r draws them uniformly at random`, hint: 'use keys: one, or keys: {uniform: N} (redis-benchmark -r N: {i} becomes its 12-digit __rand_int__)' });
  }
  for (const size of workload.valueBytes) {
    if (size.minBytes !== size.maxBytes) {
      problems.push({ path: at('value'), message: `redis-benchmark sends one value for every command, not a range (${size.minBytes}..${size.maxBytes} bytes)`, hint: 'give one size, e.g. value: 3B, or a list of sizes (an axis)' });
    } else if (size.maxBytes > C_ENGINE_MAX_VALUE_BYTES) {
      problems.push({ path: at('value'), message: `${size.maxBytes} bytes is more than redis-benchmark takes here: the value goes on its command line`, hint: `with engine: redis-benchmark a value is at most ${C_ENGINE_MAX_VALUE_BYTES} bytes (64KiB)` });
    }
  }
  if (workload.reply.kind !== 'any') {
    problems.push({ path: at('reply'), message: `redis-benchmark cannot check a reply against ${workload.reply.kind === 'equals' ? 'a text' : workload.reply.kind}`, hint: `it only stops at the first error reply: write reply: any (the default), ${KEEP_IOREDIS}` });
  }
  if (workload.args.some((arg) => arg.includes('{i}'))) {
    problems.push({ path: at('args'), message: 'redis-benchmark repeats one command line, so {i} (the operation index) cannot change per command', hint: 'use {key} (with keys: {uniform: N} it varies per command) or a fixed text' });
  }
};

/** With engine: redis-benchmark, everything the C engine cannot do is a problem. */
export const checkEngineRules = ({ record, engine, workloads, modes }: EngineRuleInput, problems: Problem[]): void => {
  if (engine !== 'redis-benchmark') return;
  for (const key of ['faults', 'policies', 'reconcile']) {
    if (!hasKey(record, key)) continue;
    problems.push({
      path: [key],
      at: 'key',
      message: `redis-benchmark cannot run ${key === 'faults' ? 'faults' : `fault scenarios (${key})`}: it checks no reply and keeps no ledger, so nothing could be reconciled`,
      hint: `remove ${key}, ${KEEP_IOREDIS}`,
    });
  }
  workloads?.forEach((workload, index) => checkWorkload(workload, index, record, problems));
  modes?.forEach((mode, index) => {
    if (mode.kind === 'sync' || (mode.kind === 'pipeline' && mode.batch !== 'all')) return;
    problems.push({
      path: Array.isArray(record.modes) ? ['modes', index] : ['modes'],
      message: `redis-benchmark has no ${modeLabel(mode)} mode`,
      hint: 'with engine: redis-benchmark the modes are sync (-P 1) and pipeline:N (-P N, N commands in flight per connection)',
    });
  });
};
