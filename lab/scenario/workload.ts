// The `workload:` section: one mapping, or a list of them (a matrix axis), each saying which
// command, on which keys, how many per run, with which values and command options. Configs and
// thresholds name a workload by its label, so labels must be distinct. Keys that do not apply
// to the command are errors, not silently ignored. What each operation touches and sends
// (keys, values, args, reply) is read in operation.ts.

import { ARGS_COMMANDS, takesValue, WORKLOAD_COMMANDS, type CommandName, type KeyDistribution, type Workload } from '../contracts/index.ts';
import { DEFAULTS, KEYS, LIMITS } from './defaults.ts';
import { checkKeys, hasKey, isRecord, optionalKey, readAxis, readInt, readMs, readRecord, readText, requireKey } from './fields.ts';
import { ARGS_HINT, checkPlaceholders, readArgs, readKeyDistribution, readReply, readValueSizes } from './operation.ts';
import { describeValue, formatPath, type FieldPath, type Problem } from './problems.ts';
import { isRequestRecord, readRequestWorkload } from './request.ts';
import { isTraceRecord, readTraceWorkload } from './trace/trace-workload.ts';
import { readAdvise } from './advise.ts';

const { min, max } = LIMITS.commands;
const COMMANDS_HINT = `commands per run, the same for every mode: a whole number from ${min} to ${max} (or a list of them), e.g. commands: 2048`;
const COMMAND_HINT = `valid values: ${WORKLOAD_COMMANDS.join(', ')}; any other command runs as CUSTOM with args: [ZADD, "{key}", "{i}", "m{i}"]`;
const SCRIPT_HINT = `the Lua body, called with 1 key and ARGV from args, e.g. script: "return redis.call('INCR', KEYS[1])"`;
const LABEL_HINT = 'a label names the workload in ids and thresholds: letters, digits, _ . - (no spaces), e.g. label: set-1kb';
// Words that start a threshold's scope: a label spelt like them would be ambiguous there.
export const RESERVED_LABELS = ['sync', 'pipeline', 'multi', 'auto', 'at', 'policy', 'direct'];
const SHAPE_HINT = 'workload is a mapping such as {command: INCR, commands: 2048}, or a list of them, each with its own label';

/** Where workload `index` is written: `workload` itself, or `workload[index]` in the list form. */
export const workloadPath = (written: unknown, index: number): FieldPath => (Array.isArray(written) ? ['workload', index] : ['workload']);

/** Reads the section; every workload is read even when an earlier one is invalid. */
export const readWorkloads = (value: unknown, path: FieldPath, problems: Problem[]): Workload[] | undefined => {
  if (isRecord(value)) {
    const workload = readWorkload(value, path, problems);
    return workload === undefined ? undefined : [workload];
  }
  if (!Array.isArray(value) || value.length === 0) {
    const got = Array.isArray(value) ? 'an empty list' : describeValue(value);
    problems.push({ path, message: `expected a workload mapping or a list of them, got ${got}`, hint: SHAPE_HINT });
    return undefined;
  }
  const before = problems.length;
  const workloads: Workload[] = [];
  const firstIndex = new Map<string, number>();
  value.forEach((item, index) => {
    const itemPath = [...path, index];
    const workload = readWorkload(item, itemPath, problems);
    if (workload === undefined) return;
    const first = firstIndex.get(workload.label);
    if (first !== undefined) {
      const named = isRecord(item) && Object.prototype.hasOwnProperty.call(item, 'label');
      problems.push({
        path: named ? [...itemPath, 'label'] : itemPath,
        message: `the label ${workload.label} is also the label of ${formatPath([...path, first])}`,
        hint: named ? 'give each workload a distinct label' : `labels default to the command; add a distinct one, e.g. label: ${workload.label}-${index + 1}`,
      });
      return;
    }
    firstIndex.set(workload.label, index);
    workloads.push(workload);
  });
  return problems.length === before ? workloads : undefined;
};

// Which workload keys apply to which command: `by` only means something to INCRBY, `script`
// to EVAL and EVALSHA. A key that does not apply is an error rather than silently ignored.

const SCRIPT_COMMANDS: readonly CommandName[] = ['EVAL', 'EVALSHA'];

/** Workload keys that only some commands take, with those commands. */
export const COMMAND_OPTIONS: Readonly<Record<string, readonly CommandName[]>> = {
  by: ['INCRBY'],
  field: ['HSET'],
  'mget-keys': ['MGET'],
  px: ['SETNX'],
  script: SCRIPT_COMMANDS,
  args: ARGS_COMMANDS,
  reply: ARGS_COMMANDS,
};

// `INCRBY`, `EVAL and EVALSHA`, `EVAL, EVALSHA and CUSTOM`.
const listCommands = (commands: readonly string[]): string =>
  commands.length <= 1 ? (commands[0] ?? '') : `${commands.slice(0, -1).join(', ')} and ${commands[commands.length - 1] ?? ''}`;

// The command, upper case; a lowercase spelling gets told the exact one.
const readCommand = (value: unknown, path: FieldPath, problems: Problem[]): CommandName | undefined => {
  const valid: readonly string[] = WORKLOAD_COMMANDS;
  if (typeof value === 'string' && valid.includes(value)) return value as CommandName;
  const upper = typeof value === 'string' && valid.includes(value.toUpperCase());
  problems.push({
    path,
    message: `unsupported command ${describeValue(value)}`,
    hint: upper ? `commands are upper case: command: ${String(value).toUpperCase()}` : COMMAND_HINT,
  });
  return undefined;
};

// A label usable as one word in ids and thresholds.
const readLabel = (value: unknown, path: FieldPath, problems: Problem[]): string | undefined => {
  const text = readText(value, path, problems, { hint: LABEL_HINT, singleLine: true, nonEmpty: true });
  if (text === undefined) return undefined;
  if (!/^[A-Za-z0-9_][\w.-]*$/.test(text)) {
    problems.push({ path, message: `${JSON.stringify(text)} is not a valid label`, hint: LABEL_HINT });
    return undefined;
  }
  if (RESERVED_LABELS.includes(text)) {
    problems.push({ path, message: `"${text}" is a word thresholds already use`, hint: `${LABEL_HINT}; not ${RESERVED_LABELS.join(', ')}` });
    return undefined;
  }
  return text;
};

// `commands`: one count or a list of distinct counts (a matrix axis).
const readCommandCounts = (value: unknown, path: FieldPath, problems: Problem[]): number[] | undefined =>
  readAxis(
    value,
    path,
    {
      readItem: (item, itemPath) => readInt(item, itemPath, LIMITS.commands, problems, COMMANDS_HINT),
      label: String,
      what: 'commands value',
      example: 'commands: [100, 1000]',
    },
    problems,
  );

// The key pattern: `{i}` is needed whenever operations spread over several keys.
const readKeyPattern = (record: Record<string, unknown>, keys: KeyDistribution | undefined, path: FieldPath, problems: Problem[]): string | undefined => {
  const value = optionalKey(record, 'key');
  const one = keys === undefined || keys.kind === 'one';
  if (value === undefined) return one ? DEFAULTS.key : DEFAULTS.keyPattern;
  const keyPath = [...path, 'key'];
  const key = readText(value, keyPath, problems, { hint: `the Redis key, e.g. key: ${DEFAULTS.key}`, singleLine: true, nonEmpty: true });
  if (key === undefined) return undefined;
  const before = problems.length;
  checkPlaceholders(key, ['i'], keyPath, 'key', problems);
  if (problems.length === before && !one && !key.includes('{i}')) {
    problems.push({
      path: keyPath,
      message: `"${key}" has no {i}, so every operation would touch the same key`,
      hint: `put {i} where the key index goes, e.g. key: "${key}:{i}"; or use keys: one`,
    });
  }
  return problems.length === before ? key : undefined;
};

// Keys that only some commands take: each one given to another command is an error.
const checkOptions = (record: Record<string, unknown>, command: CommandName, path: FieldPath, problems: Problem[]): void => {
  for (const [key, commands] of Object.entries(COMMAND_OPTIONS)) {
    if (!hasKey(record, key) || commands.includes(command)) continue;
    const message = `${key} applies to ${listCommands(commands)} only, not ${command}`;
    problems.push({ path: [...path, key], at: 'key', message, hint: `remove ${key}, or use command: ${commands[0] ?? ''}` });
  }
};

// `value`: only where a value is written or read.
const readValues = (record: Record<string, unknown>, command: CommandName | undefined, args: string[], path: FieldPath, problems: Problem[]) => {
  const value = optionalKey(record, 'value');
  if (value === undefined) return [{ minBytes: DEFAULTS.valueBytes, maxBytes: DEFAULTS.valueBytes }];
  if (command !== undefined && !takesValue({ command, args })) {
    const scripted = command === 'EVAL' || command === 'EVALSHA' || command === 'CUSTOM';
    problems.push({
      path: [...path, 'value'],
      at: 'key',
      message: scripted ? 'value is only used where args contain {value}' : `${command} takes no value`,
      hint: scripted ? 'add "{value}" to args, e.g. args: ["{value}"], or remove value' : 'remove value; values apply to SET, GET, HSET and MGET',
    });
    return undefined;
  }
  return readValueSizes(value, [...path, 'value'], problems);
};

// An option with a default, read only when its command takes it.
const readIntOption = (record: Record<string, unknown>, key: 'by' | 'mget-keys', path: FieldPath, problems: Problem[]): number | undefined => {
  const value = optionalKey(record, key);
  const range = key === 'by' ? LIMITS.incrementBy : LIMITS.mgetKeys;
  const fallback = key === 'by' ? DEFAULTS.incrementBy : DEFAULTS.mgetKeys;
  const what = key === 'by' ? 'the INCRBY increment' : 'keys per MGET';
  const hint = `${what}, ${range.min} to ${range.max}; default ${fallback}`;
  return value === undefined ? fallback : readInt(value, [...path, key], range, problems, hint);
};

type Options = Pick<Workload, 'incrementBy' | 'field' | 'mgetKeys' | 'args' | 'reply' | 'script' | 'leaseMs'>;

const LEASE_RULES = { name: 'px', range: LIMITS.leaseMs, meaning: "SET NX lock's lease (PX), after which Redis releases the lock", wholeWhy: 'PX takes whole milliseconds' };

// The command's own options; a key another command takes is reported by checkOptions and not read.
const readOptions = (
  record: Record<string, unknown>,
  command: CommandName | undefined,
  path: FieldPath,
  problems: Problem[],
  misspelt: ReadonlySet<string>,
): Options | undefined => {
  const before = problems.length;
  const applies = (key: string): boolean => command === undefined || (COMMAND_OPTIONS[key] ?? []).includes(command);
  const scriptValue = command === 'EVAL' || command === 'EVALSHA' ? requireKey(record, 'script', path, problems, SCRIPT_HINT, misspelt) : undefined;
  const script = scriptValue === undefined ? undefined : readText(scriptValue, [...path, 'script'], problems, { hint: SCRIPT_HINT, singleLine: false, nonEmpty: true });
  const argsValue = command === 'CUSTOM' ? requireKey(record, 'args', path, problems, `add ${ARGS_HINT}`, misspelt) : optionalKey(record, 'args');
  const args = argsValue === undefined || !applies('args') ? [] : readArgs(argsValue, [...path, 'args'], command, problems);
  const replyValue = applies('reply') ? optionalKey(record, 'reply') : undefined;
  const reply = replyValue === undefined ? { ...DEFAULTS.reply } : readReply(replyValue, [...path, 'reply'], problems);
  const incrementBy = applies('by') ? readIntOption(record, 'by', path, problems) : DEFAULTS.incrementBy;
  const mgetKeys = applies('mget-keys') ? readIntOption(record, 'mget-keys', path, problems) : DEFAULTS.mgetKeys;
  const fieldValue = applies('field') ? optionalKey(record, 'field') : undefined;
  const fieldHint = { hint: `the HSET field, e.g. field: ${DEFAULTS.field}`, singleLine: true, nonEmpty: true };
  const field = fieldValue === undefined ? DEFAULTS.field : readText(fieldValue, [...path, 'field'], problems, fieldHint);
  const pxValue = applies('px') ? optionalKey(record, 'px') : undefined;
  const leaseMs = pxValue === undefined ? undefined : readMs(pxValue, [...path, 'px'], LEASE_RULES, problems);
  if (problems.length > before || args === undefined || reply === undefined) return undefined;
  if (incrementBy === undefined || mgetKeys === undefined || field === undefined) return undefined;
  return { incrementBy, field, mgetKeys, args, reply, ...(script === undefined ? {} : { script }), ...(leaseMs === undefined ? {} : { leaseMs }) };
};

/** Reads one workload mapping and applies its defaults. */
const readWorkload = (value: unknown, path: FieldPath, problems: Problem[]): Workload | undefined => {
  if (isTraceRecord(value)) return readTraceWorkload(value, path, problems);
  if (isRequestRecord(value)) return readRequestWorkload(value, path, problems, readWorkload);
  const record = readRecord(value, path, problems, 'workload: {command: INCR, commands: 2048}');
  if (record === undefined) return undefined;
  const before = problems.length;
  const misspelt = checkKeys(record, KEYS.workload, path, problems);
  const commandValue = requireKey(record, 'command', path, problems, `add command: ${WORKLOAD_COMMANDS.join(' | ')}`, misspelt);
  const command = commandValue === undefined ? undefined : readCommand(commandValue, [...path, 'command'], problems);
  if (command !== undefined) checkOptions(record, command, path, problems);
  const labelValue = optionalKey(record, 'label');
  const label = labelValue === undefined ? command : readLabel(labelValue, [...path, 'label'], problems);
  const keys = readKeyDistribution(optionalKey(record, 'keys'), [...path, 'keys'], problems);
  const key = readKeyPattern(record, keys, path, problems);
  const countValue = requireKey(record, 'commands', path, problems, `add ${COMMANDS_HINT}`, misspelt);
  const commands = countValue === undefined ? undefined : readCommandCounts(countValue, [...path, 'commands'], problems);
  const options = readOptions(record, command, path, problems, misspelt);
  const writtenArgs = Array.isArray(record.args) ? record.args.map(String) : [];
  const valueBytes = readValues(record, command, options?.args ?? writtenArgs, path, problems);
  const adviseValue = optionalKey(record, 'advise');
  const advise = adviseValue === undefined ? undefined : readAdvise(adviseValue, [...path, 'advise'], problems);
  if (problems.length > before || command === undefined || label === undefined || keys === undefined || key === undefined) return undefined;
  if (commands === undefined || options === undefined || valueBytes === undefined) return undefined;
  return { label, command, key, keys, commands, valueBytes, ...options, ...(advise === undefined ? {} : { advise }) };
};
