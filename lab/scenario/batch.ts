// `batch:` on an open-loop request workload (issue 27): how arriving requests are batched before
// they reach Redis. `none` sends each request on arrival; `auto` issues each request's commands on
// an ioredis client with enableAutoPipelining; `{window: 5ms, size: 64}` holds requests until
// the batch is 5 ms old or holds 64 commands, whichever comes first, then sends it as one
// pipeline. Lists are axes: `{window: [1ms, 5ms], size: [16, 64]}` is four batchers, and
// `batch: [none, auto, {window: 2ms, size: 32}]` three; one config each.

import { batcherLabel, modeLabel, type Batcher, type Mode, type Workload } from '../contracts/index.ts';
import { checkKeys, isRecord, readAxis, readInt, readMs, requireKey } from './fields.ts';
import { describeValue, type FieldPath, type Problem } from './problems.ts';

/** The keys of a window batcher, and its bounds. */
export const BATCH_KEYS = ['window', 'size'] as const;
export const BATCH_WINDOW = { name: 'window', range: { min: 1, max: 10_000 }, meaning: 'how long a batch may wait after its first command', wholeWhy: 'the window is whole milliseconds' };
export const BATCH_SIZE = { min: 1, max: 100_000 };
const BATCH_HINT = 'batch is none (each request sent on arrival), auto (ioredis enableAutoPipelining) or {window: 5ms, size: 64} (sent after 5 ms or at 64 commands, whichever first); lists are axes, e.g. batch: [none, auto, {window: [1ms, 5ms], size: [16, 64]}]';
const SIZE_HINT = `commands that make a batch leave at once, ${BATCH_SIZE.min} to ${BATCH_SIZE.max}, e.g. size: 64 or size: [16, 64]`;

// `{window, size}`: one batcher per window × size (windows outer).
const readWindowBatchers = (record: Record<string, unknown>, path: FieldPath, problems: Problem[]): Batcher[] | undefined => {
  const before = problems.length;
  const misspelt = checkKeys(record, BATCH_KEYS, path, problems);
  const windowValue = requireKey(record, 'window', path, problems, 'add window: 5ms (or a list: window: [1ms, 5ms])', misspelt);
  const sizeValue = requireKey(record, 'size', path, problems, `add ${SIZE_HINT}`, misspelt);
  const windows =
    windowValue === undefined
      ? undefined
      : readAxis(windowValue, [...path, 'window'], { readItem: (v, p) => readMs(v, p, BATCH_WINDOW, problems), label: String, what: 'window', example: 'window: [1ms, 5ms]' }, problems);
  const sizes =
    sizeValue === undefined
      ? undefined
      : readAxis(sizeValue, [...path, 'size'], { readItem: (v, p) => readInt(v, p, BATCH_SIZE, problems, SIZE_HINT), label: String, what: 'size', example: 'size: [16, 64]' }, problems);
  if (problems.length > before || windows === undefined || sizes === undefined) return undefined;
  return windows.flatMap((windowMs) => sizes.map((size): Batcher => ({ kind: 'window', windowMs, size })));
};

const readBatchItem = (value: unknown, path: FieldPath, problems: Problem[]): Batcher[] | undefined => {
  if (value === 'none' || value === 'auto') return [{ kind: value }];
  if (isRecord(value)) return readWindowBatchers(value, path, problems);
  problems.push({ path, message: `expected none, auto or {window: 5ms, size: 64}, got ${describeValue(value)}`, hint: BATCH_HINT });
  return undefined;
};

/** `batch:` as written: one batcher or a list of them, every window × size of a mapping; each listed once. */
export const readBatch = (value: unknown, path: FieldPath, problems: Problem[]): Batcher[] | undefined => {
  const items = Array.isArray(value) ? value.map((item, i) => readBatchItem(item, [...path, i], problems)) : [readBatchItem(value, path, problems)];
  if (Array.isArray(value) && value.length === 0) {
    problems.push({ path, message: 'is an empty list', hint: BATCH_HINT });
    return undefined;
  }
  if (!items.every((item) => item !== undefined)) return undefined;
  const batchers = items.flat();
  const seen = new Set<string>();
  for (const batcher of batchers) {
    const label = batcherLabel(batcher);
    if (seen.has(label)) {
      problems.push({ path, message: `batcher ${label} is listed twice`, hint: 'list each batcher once' });
      return undefined;
    }
    seen.add(label);
  }
  return batchers;
};

/** A batched workload sends each request whole into its batch: its scenario runs `pipeline:all` only. */
export const checkBatchRules = (record: Record<string, unknown>, context: { workloads: Workload[] | undefined; modes: Mode[] | undefined }, problems: Problem[]): void => {
  if (!context.workloads?.some((w) => w.request?.batchers !== undefined)) return;
  context.modes?.forEach((mode, i) => {
    if (mode.kind === 'pipeline' && mode.batch === 'all') return;
    const where = Array.isArray(record.modes) ? ['modes', i] : ['modes'];
    problems.push({
      path: where,
      message: `${modeLabel(mode)}: a batched workload sends each request whole into its batch`,
      hint: 'write modes: [pipeline:all]; the batch: axis (none, auto, {window, size}) says how requests are grouped',
    });
  });
};
