// What each operation of a workload touches and sends: its key (`keys:`, the distribution over
// the key pattern's `{i}`), its value size (`value:`), its arguments (`args:`) and what its reply
// must be (`reply:`), with the placeholders {i}, {key} and {value} those may contain.

import { MAX_VALUE_BYTES, DEFAULTS, KEYS, LIMITS } from './defaults.ts';
import type { CommandName, KeyDistribution, ReplyCheck, ValueSize } from '../contracts/index.ts';
import { checkKeys, isRecord, optionalKey, readAxis, readInt, requireKey } from './fields.ts';
import { formatSize, parseSize, SIZE_UNITS_HINT } from './quantities.ts';
import { closest, describeValue, type FieldPath, type Problem } from './problems.ts';

// --- `keys:`: which key each operation touches. `one` (every operation on one key), `sequential`
// (operation i on key i), `{sequential: N}` (i mod N), `{uniform: N}` and `{zipfian: N,
// theta: θ}` (seeded from the scenario's seed).

const { min, max } = LIMITS.keyCount;
const KEYS_HINT =
  `keys is one (default), sequential, {sequential: N}, {uniform: N} or {zipfian: N, theta: ${DEFAULTS.zipfianTheta}}; ` +
  `N is the number of distinct keys, ${min} to ${max}`;
const COUNT_HINT = `the number of distinct keys, a whole number from ${min} to ${max}`;
const THETA_HINT = `theta is the zipfian skew, a number above 0 and below 1 (YCSB uses ${DEFAULTS.zipfianTheta}); for no skew use {uniform: N}`;
const KINDS = ['sequential', 'uniform', 'zipfian'] as const;
type CountedKind = (typeof KINDS)[number];

// θ in (0, 1): YCSB's zipfian generator divides by 1 − θ.
const readTheta = (value: unknown, path: FieldPath, problems: Problem[]): number | undefined => {
  if (typeof value === 'number' && value > 0 && value < 1) return value;
  const quoted = typeof value === 'string' && /^\s*[\d.]+\s*$/.test(value);
  const message = typeof value === 'number' ? `${value} is out of range` : `expected a number, got ${describeValue(value)}`;
  problems.push({ path, message, hint: quoted ? `write the number without quotes; ${THETA_HINT}` : THETA_HINT });
  return undefined;
};

// `{uniform: 1000}` and friends: exactly one kind, and theta only with zipfian.
const readCounted = (record: Record<string, unknown>, path: FieldPath, problems: Problem[]): KeyDistribution | undefined => {
  const before = problems.length;
  checkKeys(record, KEYS.keys, path, problems);
  const kinds = KINDS.filter((k) => Object.prototype.hasOwnProperty.call(record, k));
  const [kind, second] = kinds;
  if (second !== undefined) {
    problems.push({ path: [...path, second], at: 'key', message: `one distribution only, but this also names ${second}`, hint: KEYS_HINT });
  }
  if (kind === undefined) {
    if (problems.length === before) problems.push({ path, message: 'names no distribution', hint: KEYS_HINT });
    return undefined;
  }
  const thetaValue = optionalKey(record, 'theta');
  if (thetaValue !== undefined && kind !== 'zipfian') {
    problems.push({ path: [...path, 'theta'], at: 'key', message: `theta applies to zipfian only, not ${kind}`, hint: THETA_HINT });
  }
  const count = readInt(record[kind], [...path, kind], LIMITS.keyCount, problems, COUNT_HINT);
  const theta = kind === 'zipfian' && thetaValue !== undefined ? readTheta(thetaValue, [...path, 'theta'], problems) : DEFAULTS.zipfianTheta;
  if (count === undefined || theta === undefined || problems.length > before) return undefined;
  return kind === 'zipfian' ? { kind, count, theta } : { kind: kind as Exclude<CountedKind, 'zipfian'>, count };
};

/** Reads `keys`; absent means `one`. */
export const readKeyDistribution = (value: unknown, path: FieldPath, problems: Problem[]): KeyDistribution | undefined => {
  if (value === undefined) return { ...DEFAULTS.keys };
  if (isRecord(value)) return readCounted(value, path, problems);
  if (value === 'one') return { kind: 'one' };
  if (value === 'sequential') return { kind: 'sequential', count: 'commands' };
  if (value === 'uniform' || value === 'zipfian') {
    const example = value === 'uniform' ? '{uniform: 1000}' : `{zipfian: 10000, theta: ${DEFAULTS.zipfianTheta}}`;
    problems.push({ path, message: `${value} needs a key count`, hint: `write keys: ${example}; N is ${COUNT_HINT}` });
    return undefined;
  }
  if (typeof value === 'number') {
    problems.push({
      path,
      message: `expected a distribution, got ${value}`,
      hint: `for ${value} distinct keys write keys: {uniform: ${value}} or {sequential: ${value}}`,
    });
    return undefined;
  }
  const guess = typeof value === 'string' ? closest(value, ['one', ...KINDS]) : undefined;
  const suggestion = guess === undefined ? '' : `; did you mean ${guess}?`;
  problems.push({ path, message: `unknown key distribution ${describeValue(value)}${suggestion}`, hint: KEYS_HINT });
  return undefined;
};

// --- `value:`: the size of each value written or read, with a unit (`16B`, `1KB`, `4KiB`), a range
// drawn uniformly per operation (`16B..1KB`), or a list of those (a matrix axis). Values go up to
// MAX_VALUE_BYTES (256MiB: what one V8 string holds with its command, see defaults.ts).

const VALUE_HINT = `a value size with a unit (16B, 1KB, 4KiB), a range 16B..1KB drawn per operation, or a list of those; ${SIZE_UNITS_HINT}`;

/** `16B`, or `16B..1KB` for a range. */
export const formatValueSize = (v: ValueSize): string =>
  v.minBytes === v.maxBytes ? formatSize(v.minBytes) : `${formatSize(v.minBytes)}..${formatSize(v.maxBytes)}`;

// One end of a size (or the whole of a fixed one), in bytes within Redis's limit.
const readBytes = (text: string | number, whole: string, path: FieldPath, problems: Problem[]): number | undefined => {
  const parsed = parseSize(text);
  const prefix = typeof text === 'string' && whole !== text.trim() ? `"${whole}": ` : '';
  if (!parsed.ok) {
    problems.push({ path, message: `${prefix}${parsed.problem}`, hint: parsed.hint });
    return undefined;
  }
  if (parsed.bytes > MAX_VALUE_BYTES) {
    const message = `${prefix}"${String(text).trim()}" is above ${formatSize(MAX_VALUE_BYTES)}, the largest value the lab can hold`;
    const why = 'a value and its command travel as one JavaScript string, and V8 strings stop just short of 512MiB';
    problems.push({ path, message, hint: `value sizes go up to ${formatSize(MAX_VALUE_BYTES)}: ${why}` });
    return undefined;
  }
  return parsed.bytes;
};

// One size or one range.
const readValueSize = (value: unknown, path: FieldPath, problems: Problem[]): ValueSize | undefined => {
  if (typeof value === 'number') {
    const bytes = readBytes(value, String(value), path, problems);
    return bytes === undefined ? undefined : { minBytes: bytes, maxBytes: bytes };
  }
  if (typeof value !== 'string') {
    problems.push({ path, message: `expected a value size like 16B, got ${describeValue(value)}`, hint: VALUE_HINT });
    return undefined;
  }
  const whole = value.trim();
  const dots = whole.indexOf('..');
  if (dots < 0) {
    const bytes = readBytes(value, whole, path, problems);
    return bytes === undefined ? undefined : { minBytes: bytes, maxBytes: bytes };
  }
  const before = problems.length;
  const minBytes = readBytes(whole.slice(0, dots), whole, path, problems);
  const maxBytes = readBytes(whole.slice(dots + 2), whole, path, problems);
  if (minBytes === undefined || maxBytes === undefined || problems.length > before) return undefined;
  if (minBytes > maxBytes) {
    const fixed = `${whole.slice(dots + 2).trim()}..${whole.slice(0, dots).trim()}`;
    problems.push({ path, message: `"${whole}": the smaller size comes first`, hint: `write ${fixed}` });
    return undefined;
  }
  return { minBytes, maxBytes };
};

/** Reads `value`: one size or range, or a list of distinct ones. */
export const readValueSizes = (value: unknown, path: FieldPath, problems: Problem[]): ValueSize[] | undefined =>
  readAxis(
    value,
    path,
    { readItem: (item, itemPath) => readValueSize(item, itemPath, problems), label: formatValueSize, what: 'value size', example: 'value: [16B, 1KB, 16B..4KiB]' },
    problems,
  );

// --- `args:`: ARGV for EVAL / EVALSHA, or the whole command for CUSTOM (name first), with the
// placeholders {i}, {key} and {value}. `reply:` says what each reply must be, since the lab
// checks every reply and cannot guess what a script or a custom command answers.

const CUSTOM_EXAMPLE = 'args: [ZADD, "{key}", "{i}", "m{i}"]';
export const ARGS_HINT = `EVAL and EVALSHA: the script's ARGV, e.g. args: ["{value}"]; CUSTOM: the whole command, name first, e.g. ${CUSTOM_EXAMPLE}`;
export const REPLY_WORDS = ['any', 'ok', 'integer'] as const;
const REPLY_HINT = 'reply is any (anything but an error; default), ok, integer, or {equals: "text"} ({i}, {key}, {value} are filled in)';

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

// --- placeholders in keys, args and expected replies: `{i}` (the operation's key index or, in
// args, its index), `{key}` and `{value}`. Other braces are kept as written (Redis hash tags
// such as `{user1}`), so only a near miss (`{idx}`, `{I}`, `{val}`) is reported as a typo.

const PLACEHOLDERS = ['i', 'key', 'value'] as const;
type Placeholder = (typeof PLACEHOLDERS)[number];

const MEANINGS: Record<Placeholder, string> = { i: 'the index', key: "the operation's key", value: "the operation's value" };
const TOKEN = /\{([A-Za-z_][\w-]*)\}/g;

const listed = (names: readonly Placeholder[]): string => names.map((n) => `{${n}} (${MEANINGS[n]})`).join(', ');

/** Reports placeholders that are misspelt, or valid elsewhere but not in this field. */
export const checkPlaceholders = (
  text: string,
  allowed: readonly Placeholder[],
  path: FieldPath,
  where: string,
  problems: Problem[],
): void => {
  const all: readonly string[] = PLACEHOLDERS;
  for (const match of text.matchAll(TOKEN)) {
    const name = match[1] ?? '';
    const span = { index: match.index, text: match[0] };
    if ((allowed as readonly string[]).includes(name)) continue;
    if (all.includes(name)) {
      problems.push({ path, span, message: `{${name}} cannot be used in ${where}`, hint: `${where} may use ${listed(allowed)}` });
      continue;
    }
    const guess = closest(name, allowed);
    if (guess === undefined) continue;
    const hint = `placeholders in ${where}: ${listed(allowed)}; other braces are kept as written (Redis hash tags)`;
    problems.push({ path, span, message: `unknown placeholder {${name}}; did you mean {${guess}}?`, hint });
  }
};
