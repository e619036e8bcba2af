// A request workload (issue 10): `request:` is an ordered list of steps, each a command mapping
// (the workload grammar without `commands`) or `{parallel: [command, ...]}`; `requests: N` (a
// list is an axis) sets the work; `mix:` lists several request kinds with weights. `{r}` in a
// key or an argument is the request's index among the requests of its kind. Each command is
// read by the workload grammar itself, so every command, key and value option works here.
// `arrival:` and `clients:` (arrival.ts) make the workload open-loop; `batch:` (batch.ts) batches its requests.

import type { RequestKind, RequestShape, RequestStep, StepCommand, Workload } from '../contracts/index.ts';
import { LIMITS } from './defaults.ts';
import { readArrival, readClients } from './arrival.ts';
import { readBatch } from './batch.ts';
import { checkWindowAdvise, readAdvise } from './advise.ts';
import { readSearch } from './slo.ts';
import { checkKeys, hasKey, isRecord, optionalKey, readAxis, readInt, readRecord, readText, requireKey } from './fields.ts';
import { describeValue, type FieldPath, type Problem } from './problems.ts';

/** Reads one workload mapping (workload.ts passes its own reader: no import cycle). */
type ReadWorkload = (value: unknown, path: FieldPath, problems: Problem[]) => Workload | undefined;

/** The keys of a request workload and of one `mix:` kind (the JSON Schema's tables follow them). */
export const REQUEST_KEYS = ['label', 'request', 'mix', 'requests', 'arrival', 'clients', 'batch', 'advise'] as const;
export const KIND_KEYS = ['label', 'weight', 'request'] as const;
const REQUEST_HINT = 'request: [{command: GET, key: "user:{r}"}, {parallel: [{command: GET, key: "a:{r}"}, {command: GET, key: "b:{r}"}]}, {command: INCR, key: hits}]';
const REQUESTS_HINT = `requests per run: a whole number from ${LIMITS.requests.min} to ${LIMITS.requests.max} (or a list), e.g. requests: 200`;
const WEIGHT_HINT = 'a whole number from 1 to 1000: the share of requests of this kind, e.g. weight: 3';
const STEP_HINT = 'a step is a command mapping such as {command: GET, key: "k:{r}"}, or {parallel: [<command>, <command>]}';
export const MAX_WEIGHT = 1000;

/** Whether a workload mapping is a request workload. */
export const isRequestRecord = (value: unknown): value is Record<string, unknown> => isRecord(value) && (hasKey(value, 'request') || hasKey(value, 'mix'));

// `{r}` is the request index: the command's operation index, so `{r}` in a key is a sequential
// key distribution and in an argument the `{i}` placeholder.
const withRequestIndex = (record: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = { ...record, commands: 1 };
  const key = record.key;
  if (typeof key === 'string' && key.includes('{r}')) {
    if (!hasKey(record, 'keys')) out.keys = 'sequential';
    out.key = key.replaceAll('{r}', '{i}');
  }
  if (Array.isArray(record.args)) out.args = record.args.map((a) => (typeof a === 'string' ? a.replaceAll('{r}', '{i}') : a));
  return out;
};

const readCommand = (value: unknown, path: FieldPath, problems: Problem[], readWorkload: ReadWorkload): StepCommand | undefined => {
  const record = readRecord(value, path, problems, '{command: GET, key: "k:{r}"}');
  if (record === undefined) return undefined;
  if (hasKey(record, 'commands')) {
    problems.push({ path: [...path, 'commands'], at: 'key', message: 'a step command sends once per request', hint: 'remove commands; set requests: N on the workload' });
    return undefined;
  }
  if (hasKey(record, 'advise')) {
    problems.push({ path: [...path, 'advise'], at: 'key', message: 'advise: searches the pipeline depth of a command workload, not a step of a request', hint: 'remove advise; write it on a command workload, e.g. {command: HSET, commands: 10000, advise: {request-p99: 20ms}}' });
    return undefined;
  }
  const workload = readWorkload(withRequestIndex(record), path, problems);
  if (workload === undefined) return undefined;
  if (workload.valueBytes.length > 1) {
    problems.push({ path: [...path, 'value'], message: 'a step command takes one value size, not a list', hint: 'e.g. value: 1KB' });
    return undefined;
  }
  const { commands: _ignored, request: _none, advise: _noAdvice, ...command } = workload;
  return command;
};

const readStep = (value: unknown, path: FieldPath, problems: Problem[], readWorkload: ReadWorkload): RequestStep | undefined => {
  if (isRecord(value) && hasKey(value, 'parallel')) {
    checkKeys(value, ['parallel'], path, problems);
    const group = value.parallel;
    if (!Array.isArray(group) || group.length < 2) {
      problems.push({ path: [...path, 'parallel'], message: `expected a list of at least 2 commands, got ${describeValue(group)}`, hint: STEP_HINT });
      return undefined;
    }
    const commands = group.map((item, i) => readCommand(item, [...path, 'parallel', i], problems, readWorkload));
    return commands.every((c) => c !== undefined) ? { commands: commands as StepCommand[] } : undefined;
  }
  const command = readCommand(value, path, problems, readWorkload);
  return command === undefined ? undefined : { commands: [command] };
};

const readSteps = (value: unknown, path: FieldPath, problems: Problem[], readWorkload: ReadWorkload): RequestStep[] | undefined => {
  if (!Array.isArray(value) || value.length === 0) {
    problems.push({ path, message: `expected a non-empty list of steps, got ${describeValue(value)}`, hint: REQUEST_HINT });
    return undefined;
  }
  const steps = value.map((item, i) => readStep(item, [...path, i], problems, readWorkload));
  return steps.every((s) => s !== undefined) ? (steps as RequestStep[]) : undefined;
};

const readKinds = (value: unknown, path: FieldPath, problems: Problem[], readWorkload: ReadWorkload): RequestKind[] | undefined => {
  if (!Array.isArray(value) || value.length === 0) {
    problems.push({ path, message: `expected a list of request kinds, got ${describeValue(value)}`, hint: `mix: [{label: read, weight: 3, ${REQUEST_HINT}}, ...]` });
    return undefined;
  }
  const before = problems.length;
  const kinds: RequestKind[] = [];
  value.forEach((item, i) => {
    const itemPath = [...path, i];
    const record = readRecord(item, itemPath, problems, `{label: read, weight: 3, request: [...]}`);
    if (record === undefined) return;
    const misspelt = checkKeys(record, KIND_KEYS, itemPath, problems);
    const label = readText(record.label ?? `kind-${i + 1}`, [...itemPath, 'label'], problems, { hint: 'e.g. label: read', singleLine: true, nonEmpty: true });
    const weight = record.weight === undefined ? 1 : readInt(record.weight, [...itemPath, 'weight'], { min: 1, max: MAX_WEIGHT }, problems, WEIGHT_HINT);
    const stepsValue = requireKey(record, 'request', itemPath, problems, `add ${REQUEST_HINT}`, misspelt);
    const steps = stepsValue === undefined ? undefined : readSteps(stepsValue, [...itemPath, 'request'], problems, readWorkload);
    if (label !== undefined && weight !== undefined && steps !== undefined) kinds.push({ label, weight, steps });
  });
  return problems.length === before ? kinds : undefined;
};

/** Reads a request workload; `commands` holds its requests per run. */
export const readRequestWorkload = (record: Record<string, unknown>, path: FieldPath, problems: Problem[], readWorkload: ReadWorkload): Workload | undefined => {
  const before = problems.length;
  const misspelt = checkKeys(record, REQUEST_KEYS, path, problems);
  if (hasKey(record, 'request') && hasKey(record, 'mix')) {
    problems.push({ path: [...path, 'mix'], at: 'key', message: 'a workload has request or mix, not both', hint: 'put the request into the mix as one kind' });
  }
  const label = record.label === undefined ? 'request' : readText(record.label, [...path, 'label'], problems, { hint: 'e.g. label: api', singleLine: true, nonEmpty: true });
  const steps = hasKey(record, 'mix') ? undefined : readSteps(record.request, [...path, 'request'], problems, readWorkload);
  const kinds = hasKey(record, 'mix') ? readKinds(record.mix, [...path, 'mix'], problems, readWorkload) : steps && [{ label: label ?? 'request', weight: 1, steps }];
  const arrivalValue = optionalKey(record, 'arrival');
  const read = arrivalValue === undefined ? undefined : readArrival(arrivalValue, [...path, 'arrival'], problems);
  const arrival = read === undefined ? undefined : readSearch(read, arrivalValue, [...path, 'arrival'], problems);
  // An open-loop schedule with `for` sets the request count (rate x for) itself.
  const scheduled = arrival !== undefined && arrival.forMs !== null && !hasKey(record, 'requests');
  const requestsValue = scheduled ? 1 : requireKey(record, 'requests', path, problems, `add ${REQUESTS_HINT}`, misspelt);
  const requests =
    requestsValue === undefined
      ? undefined
      : readAxis(
          requestsValue,
          [...path, 'requests'],
          { readItem: (v, p) => readInt(v, p, LIMITS.requests, problems, REQUESTS_HINT), label: String, what: 'requests value', example: 'requests: [100, 1000]' },
          problems,
        );
  const clientsValue = optionalKey(record, 'clients');
  const clients = readClients(clientsValue, [...path, 'clients'], problems);
  if (clientsValue !== undefined && arrivalValue === undefined) {
    problems.push({ path: [...path, 'clients'], at: 'key', message: 'clients applies to open-loop arrivals only', hint: 'add arrival: {rate: 100/s, for: 3s}, or remove clients' });
  }
  const batchValue = optionalKey(record, 'batch');
  const batchers = batchValue === undefined ? undefined : readBatch(batchValue, [...path, 'batch'], problems);
  if (batchValue !== undefined && arrivalValue === undefined) {
    problems.push({ path: [...path, 'batch'], at: 'key', message: 'batch applies to open-loop arrivals only', hint: 'add arrival: {rate: 500/s, for: 2s}, or remove batch' });
  }
  if (clients?.some((c) => c.kind === 'pool') === true && batchers?.some((b) => b.kind === 'auto') === true) {
    problems.push({
      path: [...path, 'batch'],
      message: 'batch: auto runs on clients: shared (a pool checks out one connection per request, so auto-pipelining has nothing to batch)',
      hint: 'write clients: shared for batch: auto, or batch: {window: 5ms, size: 64} on a pool (each batch checks out a connection)',
    });
  }
  const adviseValue = optionalKey(record, 'advise');
  const advise = adviseValue === undefined ? undefined : readAdvise(adviseValue, [...path, 'advise'], problems);
  if (adviseValue !== undefined) checkWindowAdvise({ arrival, batchers }, [...path, 'advise'], problems);
  const first = kinds?.[0]?.steps[0]?.commands[0];
  if (problems.length > before || kinds === undefined || requests === undefined || label === undefined || first === undefined || clients === undefined) return undefined;
  const request: RequestShape = { kinds, clients, ...(arrival === undefined ? {} : { arrival }), ...(batchers === undefined ? {} : { batchers }) };
  return { ...first, label, commands: requests, request, ...(advise === undefined ? {} : { advise }) };
};
