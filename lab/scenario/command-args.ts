// `args:`: ARGV for EVAL / EVALSHA, or the whole command for CUSTOM (name first), with the
// placeholders {i}, {key} and {value}. `reply:` says what each reply must be, since the lab
// checks every reply and cannot guess what a script or a custom command answers.

import type { CommandName, ReplyCheck } from '../contracts/index.ts';
import { KEYS } from './defaults.ts';
import { checkKeys, isRecord, requireKey } from './fields.ts';
import { checkPlaceholders, PLACEHOLDERS } from './placeholders.ts';
import { closest } from './suggest.ts';
import { describeValue, type FieldPath, type Problem } from './problems.ts';

const CUSTOM_EXAMPLE = 'args: [ZADD, "{key}", "{i}", "m{i}"]';
export const ARGS_HINT = `EVAL and EVALSHA: the script's ARGV, e.g. args: ["{value}"]; CUSTOM: the whole command, name first, e.g. ${CUSTOM_EXAMPLE}`;
const REPLY_WORDS = ['any', 'ok', 'integer'] as const;
export const REPLY_HINT = 'reply is any (anything but an error; default), ok, integer, or {equals: "text"} ({i}, {key}, {value} are filled in)';

// Commands a CUSTOM workload cannot issue: they change what the connection is (a subscriber,
// a monitor, another database, closed) or are what the modes already send (MULTI/EXEC).
const CONNECTION_STATE = new Map<string, string>([
  ...['MULTI', 'EXEC', 'DISCARD', 'WATCH', 'UNWATCH'].map((c): [string, string] => [c, 'transactions come from the mode: use multi:B']),
  ...['SUBSCRIBE', 'PSUBSCRIBE', 'SSUBSCRIBE', 'UNSUBSCRIBE', 'PUNSUBSCRIBE', 'SUNSUBSCRIBE', 'MONITOR'].map(
    (c): [string, string] => [c, 'it turns the connection into a subscriber or a monitor, which answers no further commands'],
  ),
  ...['QUIT', 'RESET', 'SELECT', 'AUTH', 'HELLO', 'SHUTDOWN'].map((c): [string, string] => [c, 'it changes or closes the connection the lab measures']),
]);

// One argument: text, or a number written without quotes (kept as its text).
const readArg = (value: unknown, path: FieldPath, problems: Problem[]): string | undefined => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  const scalar = typeof value === 'boolean';
  problems.push({
    path,
    message: `expected an argument (text or a number), got ${describeValue(value)}`,
    hint: scalar ? `quote it: "${String(value)}"` : ARGS_HINT,
  });
  return undefined;
};

// CUSTOM's first argument: a command name the lab can send on a measured connection.
const checkCommandName = (name: string, path: FieldPath, problems: Problem[]): void => {
  if (!/^[A-Za-z][\w.|-]*$/.test(name)) {
    problems.push({
      path,
      message: `${JSON.stringify(name)} is not a command name`,
      hint: `CUSTOM args start with the command's name, e.g. ${CUSTOM_EXAMPLE}`,
    });
    return;
  }
  const why = CONNECTION_STATE.get(name.toUpperCase());
  if (why !== undefined) problems.push({ path, message: `CUSTOM cannot issue ${name.toUpperCase()}`, hint: why });
};

/** Reads `args`; CUSTOM needs at least the command name. */
export const readArgs = (value: unknown, path: FieldPath, command: CommandName | undefined, problems: Problem[]): string[] | undefined => {
  if (!Array.isArray(value)) {
    const hint = typeof value === 'string' ? `write a list: args: [${JSON.stringify(value)}]; ${ARGS_HINT}` : ARGS_HINT;
    problems.push({ path, message: `expected a list of arguments, got ${describeValue(value)}`, hint });
    return undefined;
  }
  if (command === 'CUSTOM' && value.length === 0) {
    problems.push({ path, message: 'CUSTOM needs the command to send', hint: ARGS_HINT });
    return undefined;
  }
  const before = problems.length;
  const args = value.map((item, index) => readArg(item, [...path, index], problems) ?? '');
  args.forEach((arg, index) => checkPlaceholders(arg, PLACEHOLDERS, [...path, index], 'args', problems));
  const [name] = args;
  if (command === 'CUSTOM' && name !== undefined && (typeof value[0] === 'string' || typeof value[0] === 'number')) checkCommandName(name, [...path, 0], problems);
  return problems.length === before ? args : undefined;
};

/** Reads `reply`: a word, or `{equals: text}`. */
export const readReply = (value: unknown, path: FieldPath, problems: Problem[]): ReplyCheck | undefined => {
  if (typeof value === 'string') {
    const word = REPLY_WORDS.find((w) => w === value);
    if (word !== undefined) return { kind: word };
    const guess = closest(value, [...REPLY_WORDS, 'equals']);
    const suggestion = guess === undefined ? '' : guess === 'equals' ? '; did you mean {equals: "…"}?' : `; did you mean ${guess}?`;
    problems.push({ path, message: `unknown reply check ${describeValue(value)}${suggestion}`, hint: REPLY_HINT });
    return undefined;
  }
  if (!isRecord(value)) {
    problems.push({ path, message: `expected a reply check, got ${describeValue(value)}`, hint: REPLY_HINT });
    return undefined;
  }
  const before = problems.length;
  const misspelt = checkKeys(value, KEYS.reply, path, problems);
  const text = requireKey(value, 'equals', path, problems, 'write reply: {equals: "OK"}', misspelt);
  if (text === undefined) return undefined;
  if (typeof text !== 'string' && typeof text !== 'number') {
    problems.push({ path: [...path, 'equals'], message: `expected the reply's text, got ${describeValue(text)}`, hint: REPLY_HINT });
    return undefined;
  }
  checkPlaceholders(String(text), PLACEHOLDERS, [...path, 'equals'], 'reply', problems);
  return problems.length === before ? { kind: 'equals', text: String(text) } : undefined;
};
