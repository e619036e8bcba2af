// The `faults:` section: named faults, each with one trigger (`after: N commands` or `at: 200ms`),
// one action and an optional duration (`for:`). A scenario with faults is a fault scenario: each
// fault is run under each mode and retry policy, and the outcome reconciled. Whether a fault fits
// the run it is put into is checked in fault-rules.ts.

import type { Fault, FaultAction, FaultTrigger } from '../contracts/index.ts';
import { KEYS, LIMITS } from './defaults.ts';
import { checkKeys, hasKey, isRecord, optionalKey, readMs, readRecord, readText, requireKey, type MsRules } from './fields.ts';
import { readBandwidth } from './network.ts';
import { isSizeUnit, isUnlimited, parseSize } from './quantities.ts';
import { closest, describeValue, formatPath, type FieldPath, type Problem } from './problems.ts';

const FAULT_EXAMPLE = '{name: cut-mid-batch, after: 128 commands, cut-after: {down: "32 replies + 3B"}}';
const NAME_HINT = 'a fault name is lowercase letters, digits and -, e.g. name: cut-mid-batch';
const TRIGGER_HINT = 'a fault starts after: N commands (once N commands were issued) or at: 200ms (after the workload starts)';
const ADD_TRIGGER = 'add after: 128 commands (once that many were issued) or at: 200ms (after the workload starts)';
const SCHEDULE_WHY = 'the lab schedules faults in whole milliseconds';
const AT: MsRules = { name: 'at', range: LIMITS.faultAtMs, meaning: 'time after the workload starts', wholeWhy: SCHEDULE_WHY };
const FOR: MsRules = { name: 'for', range: LIMITS.faultForMs, meaning: 'time the fault lasts (default: until the connection closes)', wholeWhy: SCHEDULE_WHY };

// `128 commands`: the number of commands issued before the fault starts.
export const readAfter = (value: unknown, path: FieldPath, problems: Problem[]): number | undefined => {
  const text = typeof value === 'string' ? value.trim() : undefined;
  const m = text === undefined ? null : /^(\d[\d_]*)\s+(commands|command)$/.exec(text);
  if (m !== null) {
    const after = Number((m[1] ?? '').replaceAll('_', ''));
    if (after <= LIMITS.commands.max) return after;
  }
  const number = typeof value === 'number' ? String(value) : /^\d[\d_]*/.exec(text ?? '')?.[0];
  const isTime = text !== undefined && /^[\d.]+\s*(us|ms|s)$/.test(text);
  const message =
    typeof value === 'number'
      ? `${value} has no unit`
      : isTime
        ? `"${text}" is a time; after counts commands`
        : m !== null
          ? `"${text}" is out of range`
          : `expected "N commands", got ${describeValue(value)}`;
  const hint = isTime ? `write at: ${text} for a time trigger, or after: 128 commands` : `write after: ${number ?? 128} commands; ${TRIGGER_HINT}`;
  problems.push({ path, message, hint });
  return undefined;
};

// Exactly one of after / at.
const readTrigger = (record: Record<string, unknown>, path: FieldPath, problems: Problem[]): FaultTrigger | undefined => {
  const afterValue = optionalKey(record, 'after');
  const atValue = optionalKey(record, 'at');
  if (afterValue !== undefined && atValue !== undefined) {
    problems.push({ path: [...path, 'at'], at: 'key', message: 'a fault has one trigger, but this one has after and at', hint: TRIGGER_HINT });
    return undefined;
  }
  if (afterValue !== undefined) {
    // `N requests`: a request workload's trigger (request-fault-rules.ts refuses it elsewhere).
    const requests = typeof afterValue === 'string' ? /^\s*(\d[\d_]*)\s+requests?\s*$/.exec(afterValue) : null;
    const counted = requests === null ? undefined : Number((requests[1] ?? '').replaceAll('_', ''));
    if (counted !== undefined && counted <= LIMITS.requests.max) return { kind: 'commands', after: counted, counts: 'requests' };
    const after = readAfter(afterValue, [...path, 'after'], problems);
    return after === undefined ? undefined : { kind: 'commands', after };
  }
  if (atValue !== undefined) {
    const atMs = readMs(atValue, [...path, 'at'], AT, problems);
    return atMs === undefined ? undefined : { kind: 'time', atMs };
  }
  problems.push({ path, message: 'has no trigger', hint: ADD_TRIGGER });
  return undefined;
};

// Exactly one action key; each further one is reported at its own line.
export const readFaultAction = (record: Record<string, unknown>, path: FieldPath, problems: Problem[]) => {
  const keys = KEYS.faultActions.filter((key) => hasKey(record, key));
  const [key, ...extra] = keys;
  for (const other of extra) {
    problems.push({
      path: [...path, other],
      at: 'key',
      message: `a fault has one action, but this one has ${key ?? ''} and ${other}`,
      hint: 'split it into two faults, each with its own name and trigger',
    });
  }
  if (key === undefined) {
    problems.push({ path, message: 'has no action', hint: ACTION_HINT });
    return undefined;
  }
  const action = readAction(key, record[key], [...path, key], problems);
  return extra.length === 0 ? action : undefined;
};

// One fault mapping.
const readFault = (value: unknown, path: FieldPath, problems: Problem[]): Fault | undefined => {
  const record = readRecord(value, path, problems, `a fault is a mapping, e.g. ${FAULT_EXAMPLE}`);
  if (record === undefined) return undefined;
  const before = problems.length;
  const misspelt = checkKeys(record, KEYS.fault, path, problems);
  const nameValue = requireKey(record, 'name', path, problems, `add ${NAME_HINT}`, misspelt);
  const name = nameValue === undefined ? undefined : readText(nameValue, [...path, 'name'], problems, { hint: NAME_HINT, singleLine: true, nonEmpty: true });
  if (name !== undefined && !/^[a-z0-9-]+$/.test(name)) {
    const fixed = name.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
    problems.push({
      path: [...path, 'name'],
      message: `${JSON.stringify(name)} is not a valid fault name`,
      hint: `${NAME_HINT}; here perhaps name: ${fixed}`,
    });
  }
  const trigger = readTrigger(record, path, problems);
  const action = readFaultAction(record, path, problems);
  const forValue = optionalKey(record, 'for');
  const forMs = forValue === undefined ? null : readMs(forValue, [...path, 'for'], FOR, problems);
  if (problems.length > before || name === undefined || trigger === undefined || action === undefined || forMs === undefined) return undefined;
  return { name, action, trigger, forMs };
};

/** The faults as read: `all` only when every fault is valid; `each` every fault that is, with its index. */
interface ReadFaults {
  all: Fault[] | undefined;
  each: { fault: Fault; index: number }[];
}

/** Reads `faults`; absent or empty means a performance scenario. */
export const readFaults = (value: unknown, path: FieldPath, problems: Problem[]): ReadFaults => {
  if (value === undefined) return { all: [], each: [] };
  if (!Array.isArray(value)) {
    problems.push({ path, message: `expected a list of faults, got ${describeValue(value)}`, hint: `e.g. faults: [${FAULT_EXAMPLE}]` });
    return { all: undefined, each: [] };
  }
  const before = problems.length;
  const each: ReadFaults['each'] = [];
  const firstIndex = new Map<string, number>();
  value.forEach((item, index) => {
    const fault = readFault(item, [...path, index], problems);
    // Names are compared as written, so a repeat is found even when either fault is invalid.
    const name = isRecord(item) && typeof item.name === 'string' ? item.name : undefined;
    const first = name === undefined ? undefined : firstIndex.get(name);
    if (name !== undefined && first !== undefined) {
      const message = `the name ${name} is also the name of ${formatPath([...path, first])}`;
      problems.push({ path: [...path, index, 'name'], message, hint: 'give each fault a distinct name: ids and thresholds refer to it' });
      return;
    }
    if (name !== undefined) firstIndex.set(name, index);
    if (fault !== undefined) each.push({ fault, index });
  });
  return { all: problems.length === before ? each.map((f) => f.fault) : undefined, each };
};

// --- what a fault does: exactly one of `cut-after` (limit_data: close after N commands or replies
// plus some bytes, in one direction), `reset` (reset_peer), `stall` (timeout: data dropped,
// connection kept), `down` (the proxy disabled; not the cut direction of the same name) and
// `bandwidth` (a cap while the fault lasts).

type ActionKey = (typeof KEYS.faultActions)[number];
type Direction = 'up' | 'down';
type Cut = { units: number; plusBytes: number };

const NOUNS: Record<Direction, readonly [string, string]> = { up: ['commands', 'command'], down: ['replies', 'reply'] };
const ACTION_HINT =
  'a fault has one action: cut-after: {up: "N commands [+ SIZE]"} or {down: "N replies [+ SIZE]"} (or just "NB"), ' +
  'reset: {}, stall: {}, down: {} (proxy disabled), or bandwidth: {up: 1KB/s, down: 1KB/s}';
const cutHint = (direction: Direction): string => {
  const noun = NOUNS[direction][0];
  const side = direction === 'up' ? "counts the client's commands" : "counts the server's replies";
  return `${direction} ${side}: "32 ${noun}", "32 ${noun} + 3B" (a cut inside the next one), or "3B" (raw bytes)`;
};

// `32 replies`: the whole units before the cut, in the noun this direction counts.
const readUnits = (part: string, direction: Direction, text: string): Cut | string => {
  const m = /^(\d[\d_]*)\s*([A-Za-z]+)$/.exec(part);
  const word = m?.[2] ?? '';
  if (m === null || isSizeUnit(word)) return 'size';
  const [plural, singular] = NOUNS[direction];
  if (word === plural || word === singular) {
    const units = Number((m[1] ?? '').replaceAll('_', ''));
    return units <= LIMITS.cutUnits.max ? { units, plusBytes: 0 } : `"${text}": ${units} ${plural} is out of range`;
  }
  const other = NOUNS[direction === 'up' ? 'down' : 'up'];
  if (other.includes(word)) return `"${text}": ${direction} counts ${plural}, not ${other[0]}`;
  const guess = closest(word, [plural, singular]);
  return `"${text}": unknown unit "${word}"${guess === undefined ? '' : `; did you mean ${plural}?`}`;
};

// `3B` after the `+`, or on its own; a bad size keeps the size's own hint.
const readBytes = (part: string, text: string, hint: string): number | { problem: string; hint: string } => {
  const parsed = parseSize(part);
  if (parsed.ok) return parsed.bytes;
  const problem = part === text ? parsed.problem : `"${text}": ${parsed.problem}`;
  return { problem, hint: /has no unit|is not a size/.test(parsed.problem) ? hint : `${parsed.hint}; ${hint}` };
};

// The amount text of one direction: `N units`, `N units + SIZE` or `SIZE`.
const parseCut = (value: unknown, direction: Direction): Cut | { problem: string; hint: string } => {
  const hint = cutHint(direction);
  const noun = NOUNS[direction][0];
  if (typeof value === 'number') return { problem: `${value} has no unit`, hint: `write "${value} ${noun}" (whole ${noun}) or "${value}B" (bytes); ${hint}` };
  if (typeof value !== 'string') return { problem: `expected an amount like "32 ${noun}", got ${describeValue(value)}`, hint };
  const text = value.trim();
  const parts = text.split('+').map((p) => p.trim());
  const [first = '', plus, extra] = parts;
  if (extra !== undefined) return { problem: `"${text}" has more than one +`, hint };
  const units = readUnits(first, direction, text);
  if (typeof units === 'string' && units !== 'size') return { problem: units, hint };
  if (units === 'size') {
    if (plus !== undefined) return { problem: `"${text}": the part before + must be whole ${noun}`, hint };
    const bytes = readBytes(first, text, hint);
    return typeof bytes === 'number' ? { units: 0, plusBytes: bytes } : bytes;
  }
  if (plus === undefined) return units;
  const bytes = readBytes(plus, text, hint);
  return typeof bytes === 'number' ? { units: units.units, plusBytes: bytes } : bytes;
};

// `cut-after: {down: "32 replies + 3B"}`: one direction.
const readCutAfter = (value: unknown, path: FieldPath, problems: Problem[]): FaultAction | undefined => {
  if (!isRecord(value)) {
    problems.push({
      path,
      message: `expected {up: …} or {down: …}, got ${describeValue(value)}`,
      hint: `e.g. cut-after: {down: "32 replies + 3B"}; ${cutHint('down')}`,
    });
    return undefined;
  }
  const before = problems.length;
  checkKeys(value, KEYS.cutAfter, path, problems);
  const directions = KEYS.cutAfter.filter((d) => optionalKey(value, d) !== undefined);
  const [direction, second] = directions;
  if (second !== undefined) {
    problems.push({
      path: [...path, second],
      at: 'key',
      message: 'a cut has one direction, but this one names up and down',
      hint: 'write two faults, one per direction',
    });
  }
  if (direction === undefined) {
    if (problems.length === before) problems.push({
      path,
      message: 'names no direction',
      hint: `write cut-after: {up: "32 commands"} or {down: "32 replies"}`,
    });
    return undefined;
  }
  const cut = parseCut(value[direction], direction);
  if ('problem' in cut) {
    problems.push({ path: [...path, direction], message: cut.problem, hint: cut.hint });
    return undefined;
  }
  return problems.length === before ? { kind: 'cut-after', direction, ...cut } : undefined;
};

/** Reads the action written under `key` (one of KEYS.faultActions). */
const readAction = (key: ActionKey, value: unknown, path: FieldPath, problems: Problem[]): FaultAction | undefined => {
  switch (key) {
    case 'cut-after':
      return readCutAfter(value, path, problems);
    case 'bandwidth': {
      const bandwidth = readBandwidth(value, path, problems);
      if (bandwidth === undefined || !isUnlimited(bandwidth)) return bandwidth === undefined ? undefined : { kind: 'bandwidth', bandwidth };
      problems.push({ path, message: 'a bandwidth fault that caps nothing', hint: 'cap up, down or both, e.g. bandwidth: {up: 1KB/s, down: 1KB/s}' });
      return undefined;
    }
    case 'reset':
    case 'stall':
    case 'down':
      if (value === null || (isRecord(value) && Object.keys(value).length === 0)) return { kind: key };
      problems.push({ path, message: `${key} takes no options, got ${describeValue(value)}`, hint: `write ${key}: {}` });
      return undefined;
  }
};
