// `bystander: {rate: 200/s, command: GET, process: same | other | both}` (issue 27): a light
// second client measured while each config's runs run and alone (docs/bystander.md). One rate,
// never an axis: the bystander is the yardstick, not the thing measured.

import { BYSTANDER_COMMANDS, BYSTANDER_PROCESSES, type BystanderOptions, type BystanderProcess } from '../contracts/index.ts';
import { RATE_PATTERN } from './arrival.ts';
import { KEYS } from './defaults.ts';
import { checkKeys, hasKey, optionalKey, readRecord, requireKey } from './fields.ts';
import { closest, describeValue, type FieldPath, type Problem } from './problems.ts';

/** A bystander is light: at most this many commands per second. */
export const MAX_BYSTANDER_RATE = 10_000;
export const DEFAULT_BYSTANDER = { command: 'GET', process: 'same' } as const;
const EXAMPLE = 'bystander: {rate: 200/s, command: GET, process: same}';
const RATE_HINT = `commands per second, one rate, e.g. rate: 200/s; from 1/s to ${MAX_BYSTANDER_RATE}/s`;
const PROCESS_HINT = 'process is same (in the lab\'s process: event-loop and server blocking), other (a child Node process: server blocking only) or both';
const COMMAND_HINT = `the bystander sends ${BYSTANDER_COMMANDS.join(', ')}, one at a time on its own connection`;

// `200/s` or a bare number: one rate (a ramp or a list is not a bystander's).
const readRate = (value: unknown, path: FieldPath, problems: Problem[]): number | undefined => {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const match = RATE_PATTERN.exec(text);
  const rate = match === null ? Number.NaN : Number(match[1]);
  if (rate >= 1 && rate <= MAX_BYSTANDER_RATE) return rate;
  problems.push({ path, message: `expected one rate like 200/s, got ${describeValue(value)}`, hint: RATE_HINT });
  return undefined;
};

// One of `allowed`, with a did-you-mean where a typo is likely (not for a command: SET is not a misspelt GET).
const readChoice = <T extends string>(value: unknown, allowed: readonly T[], path: FieldPath, problems: Problem[], hint: string, guessing = true): T | undefined => {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  const guess = typeof value === 'string' && guessing ? closest(value, allowed) : undefined;
  problems.push({ path, message: `unknown ${path[path.length - 1]} ${describeValue(value)}${guess === undefined ? '' : `; did you mean ${guess}?`}`, hint });
  return undefined;
};

/** The section as the scenario means it; undefined when absent or wrong (problems say which). */
export const readBystander = (value: unknown, path: FieldPath, problems: Problem[]): BystanderOptions | undefined => {
  if (value === undefined) return undefined;
  const record = readRecord(value, path, problems, EXAMPLE);
  if (record === undefined) return undefined;
  const before = problems.length;
  const misspelt = checkKeys(record, KEYS.bystander, path, problems);
  const rateValue = requireKey(record, 'rate', path, problems, `add ${RATE_HINT}`, misspelt);
  const ratePerSec = rateValue === undefined ? undefined : readRate(rateValue, [...path, 'rate'], problems);
  const command = readChoice(optionalKey(record, 'command') ?? DEFAULT_BYSTANDER.command, BYSTANDER_COMMANDS, [...path, 'command'], problems, COMMAND_HINT, false);
  const process = readChoice<BystanderProcess>(optionalKey(record, 'process') ?? DEFAULT_BYSTANDER.process, BYSTANDER_PROCESSES, [...path, 'process'], problems, PROCESS_HINT);
  if (problems.length > before || ratePerSec === undefined || command === undefined || process === undefined) return undefined;
  return { ratePerSec, command, process };
};

interface BystanderRuleInput {
  record: Record<string, unknown>;
  bystander: BystanderOptions | undefined;
  /** Where the scenario runs: the single-node path (one node, a primary with replicas without a
   * timeline, a cluster's request workloads), the timeline runner, or the cluster lab (a
   * cluster's command workloads). */
  runner: 'single' | 'timeline' | 'cluster-lab';
}

const WHY = 'the bystander runs beside the measured runs of the single-node path: one node, a primary with replicas without a timeline, or a cluster\'s request workloads';

/** What a bystander can stand beside: the lab's own engine's measured runs on the single-node path, no faults. */
export const checkBystanderRules = ({ record, bystander, runner }: BystanderRuleInput, problems: Problem[]): void => {
  if (bystander === undefined) return;
  const refuse = (what: string, hint: string) => problems.push({ path: ['bystander'], at: 'key', message: `bystander: ${what}`, hint: `${hint}; ${WHY}` });
  if (hasKey(record, 'faults')) refuse('not with faults (a fault run is judged, not timed)', 'remove faults, or the bystander');
  if (record.engine === 'redis-benchmark') refuse('not with engine: redis-benchmark (the C engine runs as its own tool)', 'remove engine: redis-benchmark');
  if (runner === 'timeline') refuse('not with a timeline (its runs are judged event by event, not timed)', 'remove the timeline, or the bystander');
  if (runner === 'cluster-lab') {
    refuse('not beside command workloads on a cluster yet', 'use a request workload, e.g. {requests: 1000, request: [{command: INCR, key: "{hot}:n:{r}"}]}: a cluster\'s request workloads run the single-node path, bystander included');
  }
};
