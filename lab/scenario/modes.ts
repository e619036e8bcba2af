// The `modes:` list: `sync`, `{pipeline: B}` or `pipeline:B`, each at most once.

import { modeLabel, type Mode } from './types.ts';
import { KEYS, LIMITS } from './defaults.ts';
import { checkKeys, isRecord, readInt, requireKey } from './fields.ts';
import { closest } from './suggest.ts';
import { describeValue, formatPath, type FieldPath, type Problem } from './problems.ts';

const BATCH_HINT = `B is the number of commands per pipeline, a whole number from ${LIMITS.batch.min} to ${LIMITS.batch.max}`;
const MODE_HINT = `a mode is sync, pipeline:B or {pipeline: B}; ${BATCH_HINT}`;
const PIPELINE_TEXT = /^pipeline\s*:\s*(.*)$/;

// `pipeline:8` written as one string: the batch is text, so it is checked here.
const readPipelineText = (text: string, batchText: string, path: FieldPath, problems: Problem[]): Mode | undefined => {
  const batch = Number(batchText);
  if (/^\d+$/.test(batchText) && batch >= LIMITS.batch.min && batch <= LIMITS.batch.max) return { kind: 'pipeline', batch };
  const message =
    batchText === ''
      ? `"${text}" needs a batch size`
      : /^-?\d+$/.test(batchText)
        ? `"${text}": batch ${batchText} is out of range`
        : `"${text}": the batch must be a whole number`;
  problems.push({ path, message, hint: `write pipeline:8 or {pipeline: 8}; ${BATCH_HINT}` });
  return undefined;
};

// `{pipeline: 8}`; `{sync: …}` gets told that sync is a plain word.
const readPipelineMap = (record: Record<string, unknown>, path: FieldPath, problems: Problem[]): Mode | undefined => {
  if (Object.prototype.hasOwnProperty.call(record, 'sync')) {
    problems.push({ path: [...path, 'sync'], at: 'key', message: 'sync takes no options', hint: 'write sync as a plain list item: - sync' });
    return undefined;
  }
  const misspelt = checkKeys(record, KEYS.mode, path, problems);
  const value = requireKey(record, 'pipeline', path, problems, `write {pipeline: 8}; ${BATCH_HINT}`, misspelt);
  if (value === undefined) return undefined;
  const batch = readInt(value, [...path, 'pipeline'], LIMITS.batch, problems, BATCH_HINT);
  return batch === undefined ? undefined : { kind: 'pipeline', batch };
};

// One list item, in any of its accepted spellings.
const readMode = (value: unknown, path: FieldPath, problems: Problem[]): Mode | undefined => {
  if (isRecord(value)) return readPipelineMap(value, path, problems);
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === 'sync') return { kind: 'sync' };
    const pipeline = PIPELINE_TEXT.exec(text);
    if (pipeline !== null) return readPipelineText(text, pipeline[1] ?? '', path, problems);
    if (text === 'pipeline') return readPipelineText(text, '', path, problems);
    const guess = closest(text.replace(/:.*$/, ''), ['sync', 'pipeline']);
    const suggestion = guess === undefined ? '' : `; did you mean ${guess === 'sync' ? 'sync' : 'pipeline:B'}?`;
    problems.push({ path, message: `unknown mode ${describeValue(value)}${suggestion}`, hint: MODE_HINT });
    return undefined;
  }
  problems.push({ path, message: `expected a mode, got ${describeValue(value)}`, hint: MODE_HINT });
  return undefined;
};

// Validates the list; a mode listed twice would measure the same config twice under one id.
export const readModes = (value: unknown, path: FieldPath, problems: Problem[]): Mode[] | undefined => {
  if (!Array.isArray(value) || value.length === 0) {
    const got = Array.isArray(value) ? 'an empty list' : describeValue(value);
    const hint = `for example modes: [sync, {pipeline: 8}]; ${MODE_HINT}`;
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
