// The `modes:` list of a scenario, and one mode on its own (a cluster failover's `mode:`).

import { modeLabel, type Batch, type Mode } from '../contracts/index.ts';
import { KEYS, LIMITS } from './defaults.ts';
import { checkKeys, isRecord, readInt } from './fields.ts';
import { closest, describeValue, formatPath, type FieldPath, type Problem } from './problems.ts';

// --- the `modes:` list: `sync`, `pipeline:B`, `multi:B` (B a whole number or `all`) and `auto:C`,
// each also written as a mapping (`{pipeline: 8}`), each listed at most once.

type BatchKind = 'pipeline' | 'multi';
type OptionKind = BatchKind | 'auto';

const BATCH_HINT = `B is the number of commands per batch, a whole number from ${LIMITS.batch.min} to ${LIMITS.batch.max}, or all (one batch of the whole run)`;
const CALLERS_HINT = `C is the number of concurrent callers sharing auto-pipelining, a whole number from ${LIMITS.callers.min} to ${LIMITS.callers.max}`;
const MODE_HINT = `a mode is sync, pipeline:B, multi:B or auto:C (or {pipeline: B}); ${BATCH_HINT}; ${CALLERS_HINT}`;
const OPTION_TEXT = /^(pipeline|multi|auto)\s*:\s*(.*)$/;
const SPELLINGS: Record<string, string> = { sync: 'sync', pipeline: 'pipeline:B', multi: 'multi:B', auto: 'auto:C' };

const hintOf = (kind: OptionKind): string =>
  kind === 'auto' ? `write auto:32 or {auto: 32}; ${CALLERS_HINT}` : `write ${kind}:8, ${kind}:all or {${kind}: 8}; ${BATCH_HINT}`;

const modeOf = (kind: OptionKind, size: number | 'all'): Mode =>
  kind === 'auto' ? { kind, callers: size as number } : { kind, batch: size as Batch };

// `pipeline:8` written as one string: the size is text, so it is checked here.
const readOptionText = (text: string, kind: OptionKind, sizeText: string, path: FieldPath, problems: Problem[]): Mode | undefined => {
  const range = kind === 'auto' ? LIMITS.callers : LIMITS.batch;
  const digits = sizeText.replaceAll('_', '');
  if (kind !== 'auto' && sizeText === 'all') return modeOf(kind, 'all');
  if (/^\d+$/.test(digits) && Number(digits) >= range.min && Number(digits) <= range.max) return modeOf(kind, Number(digits));
  const what = kind === 'auto' ? 'callers' : 'batch';
  const message =
    sizeText === ''
      ? `"${text}" needs ${kind === 'auto' ? 'a number of callers' : 'a batch size'}`
      : /^-?\d+$/.test(digits)
        ? `"${text}": ${what} ${sizeText} is out of range`
        : kind === 'auto'
          ? `"${text}": the callers must be a whole number`
          : `"${text}": the batch must be a whole number or all`;
  problems.push({ path, message, hint: hintOf(kind) });
  return undefined;
};

// `{pipeline: 8}`, `{multi: all}`, `{auto: 32}`; `{sync: …}` gets told that sync is a plain word.
const readOptionMap = (record: Record<string, unknown>, path: FieldPath, problems: Problem[]): Mode | undefined => {
  if (Object.prototype.hasOwnProperty.call(record, 'sync')) {
    problems.push({ path: [...path, 'sync'], at: 'key', message: 'sync takes no options', hint: 'write sync as a plain list item: - sync' });
    return undefined;
  }
  const before = problems.length;
  checkKeys(record, KEYS.mode, path, problems);
  const kinds = KEYS.mode.filter((kind) => Object.prototype.hasOwnProperty.call(record, kind));
  const [kind, second] = kinds;
  if (second !== undefined) {
    const message = `one mode per list item, but this one also names ${second}`;
    problems.push({ path: [...path, second], at: 'key', message, hint: `write each mode as its own item, e.g. modes: [${kind}:8, ${second}:8]` });
  }
  if (kind === undefined) {
    if (problems.length === before) problems.push({ path, message: 'names no mode', hint: MODE_HINT });
    return undefined;
  }
  const value = record[kind];
  if (kind !== 'auto' && value === 'all') return problems.length === before ? modeOf(kind, 'all') : undefined;
  const range = kind === 'auto' ? LIMITS.callers : LIMITS.batch;
  const size = readInt(value, [...path, kind], range, problems, kind === 'auto' ? CALLERS_HINT : BATCH_HINT);
  return size === undefined || problems.length > before ? undefined : modeOf(kind, size);
};

// One list item, in any of its accepted spellings.
export const readMode = (value: unknown, path: FieldPath, problems: Problem[]): Mode | undefined => {
  if (isRecord(value)) return readOptionMap(value, path, problems);
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === 'sync') return { kind: 'sync' };
    const option = OPTION_TEXT.exec(text);
    if (option !== null) return readOptionText(text, option[1] as OptionKind, option[2] ?? '', path, problems);
    if (text === 'pipeline' || text === 'multi' || text === 'auto') return readOptionText(text, text, '', path, problems);
    const guess = closest(text.replace(/:.*$/, ''), Object.keys(SPELLINGS));
    const suggestion = guess === undefined ? '' : `; did you mean ${SPELLINGS[guess]}?`;
    problems.push({ path, message: `unknown mode ${describeValue(value)}${suggestion}`, hint: MODE_HINT });
    return undefined;
  }
  problems.push({ path, message: `expected a mode, got ${describeValue(value)}`, hint: MODE_HINT });
  return undefined;
};

// Validates the list (or one mode on its own); a mode listed twice would measure the same config twice under one id.
export const readModes = (value: unknown, path: FieldPath, problems: Problem[]): Mode[] | undefined => {
  if (typeof value === 'string' || isRecord(value)) {
    const mode = readMode(value, path, problems);
    return mode === undefined ? undefined : [mode];
  }
  if (!Array.isArray(value) || value.length === 0) {
    const got = Array.isArray(value) ? 'an empty list' : describeValue(value);
    const hint = `for example modes: [sync, pipeline:8, multi:all, auto:32]; ${MODE_HINT}`;
    problems.push({ path, message: `expected a non-empty list of modes, got ${got}`, hint });
    return undefined;
  }
  const before = problems.length;
  const modes: Mode[] = [];
  const seen = new Map<string, number>();
  value.forEach((item, index) => {
    const itemPath = [...path, index];
    const mode = readMode(item, itemPath, problems);
    if (mode === undefined) return;
    const label = modeLabel(mode);
    const first = seen.get(label);
    if (first !== undefined) {
      problems.push({ path: itemPath, message: `${label} is listed twice (also ${formatPath([...path, first])})`, hint: 'list each mode once' });
      return;
    }
    seen.set(label, index);
    modes.push(mode);
  });
  return problems.length === before ? modes : undefined;
};
