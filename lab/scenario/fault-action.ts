// What a fault does: exactly one of `cut-after` (limit_data: close after N commands or replies
// plus some bytes, in one direction), `reset` (reset_peer), `stall` (timeout: data dropped,
// connection kept), `down` (the proxy disabled; not the cut direction of the same name) and
// `bandwidth` (a cap while the fault lasts).

import type { FaultAction } from '../contracts/index.ts';
import { KEYS, LIMITS } from './defaults.ts';
import { checkKeys, isRecord, optionalKey } from './fields.ts';
import { isUnlimited, readBandwidth } from './bandwidth.ts';
import { isSizeUnit, parseSize } from './sizes.ts';
import { closest } from './suggest.ts';
import { describeValue, type FieldPath, type Problem } from './problems.ts';

export type ActionKey = (typeof KEYS.faultActions)[number];
type Direction = 'up' | 'down';
type Cut = { units: number; plusBytes: number };

const NOUNS: Record<Direction, readonly [string, string]> = { up: ['commands', 'command'], down: ['replies', 'reply'] };
export const ACTION_HINT =
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
export const readAction = (key: ActionKey, value: unknown, path: FieldPath, problems: Problem[]): FaultAction | undefined => {
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
