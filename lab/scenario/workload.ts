// The `workload:` section: which command, on which key, how many per run.

import type { Workload } from './types.ts';
import { DEFAULTS, KEYS, LIMITS, WORKLOAD_COMMANDS } from './defaults.ts';
import { checkKeys, optionalKey, readInt, readRecord, readText, requireKey } from './fields.ts';
import { describeValue, type FieldPath, type Problem } from './problems.ts';

const { min, max } = LIMITS.commands;
const COMMANDS_HINT = `commands per run, the same for every mode: a whole number from ${min} to ${max}, e.g. commands: 2048`;

// Only INCR is implemented; a lowercase `incr` gets told the exact spelling.
const readCommand = (value: unknown, path: FieldPath, problems: Problem[]): Workload['command'] | undefined => {
  const valid: readonly string[] = WORKLOAD_COMMANDS;
  if (typeof value === 'string' && valid.includes(value)) return value as Workload['command'];
  const upper = typeof value === 'string' && valid.includes(value.toUpperCase());
  problems.push({
    path,
    message: `unsupported command ${describeValue(value)}`,
    hint: upper ? `commands are upper case: command: ${value.toString().toUpperCase()}` : `valid values: ${valid.join(', ')}`,
  });
  return undefined;
};

// Validates the section and applies the default key.
export const readWorkload = (value: unknown, path: FieldPath, problems: Problem[]): Workload | undefined => {
  const record = readRecord(value, path, problems, 'workload: {command: INCR, commands: 2048}');
  if (record === undefined) return undefined;
  const misspelt = checkKeys(record, KEYS.workload, path, problems);
  const commandValue = requireKey(record, 'command', path, problems, `add command: ${WORKLOAD_COMMANDS.join(' | ')}`, misspelt);
  const command = commandValue === undefined ? undefined : readCommand(commandValue, [...path, 'command'], problems);
  const keyValue = optionalKey(record, 'key');
  const key =
    keyValue === undefined
      ? DEFAULTS.key
      : readText(keyValue, [...path, 'key'], problems, {
          hint: `the Redis key to INCR, e.g. key: ${DEFAULTS.key}`,
          singleLine: false,
          nonEmpty: true,
        });
  const countValue = requireKey(record, 'commands', path, problems, `add ${COMMANDS_HINT}`, misspelt);
  const commands =
    countValue === undefined ? undefined : readInt(countValue, [...path, 'commands'], LIMITS.commands, problems, COMMANDS_HINT);
  if (command === undefined || key === undefined || commands === undefined) return undefined;
  return { command, key, commands };
};
