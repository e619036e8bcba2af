// `policies:` (the retry policies compared under each fault) and `reconcile:` (how a fault run
// is judged). Both belong to fault scenarios only; the check that faults exist is in
// fault-rules.ts, so these read the sections on their own.

import { RETRY_POLICIES, type ReconcileOptions, type RetryPolicy } from '../contracts/index.ts';
import { DEFAULTS, KEYS, LIMITS } from './defaults.ts';
import { checkKeys, optionalKey, readInt, readRecord } from './fields.ts';
import { readAxis } from './axis.ts';
import { readMs, type MsRules } from './duration-field.ts';
import { closest } from './suggest.ts';
import { describeValue, type FieldPath, type Problem } from './problems.ts';

export const POLICIES_HINT =
  `policies: ${RETRY_POLICIES.join(', ')} (none: no retry; ioredis-default: ioredis re-sends unreplied commands after reconnecting; ` +
  'app-retry: the caller re-issues a failed operation; idempotent: a script keyed by operation id)';
const TAGS = ['log', 'none'] as const;
const TAGS_HINT = 'tags is log (each operation appends its id to a list, so the checker knows exactly which applied; default) or none (bare commands: bounds only)';
const DEADLINE: MsRules = {
  name: 'deadline',
  range: LIMITS.deadlineMs,
  meaning: 'longest a fault run may take before the lab drops the client',
  wholeWhy: 'the deadline is kept in whole milliseconds',
};
const { min: retriesMin, max: retriesMax } = LIMITS.appRetries;
const RETRIES_HINT = `re-issues per failed operation (app-retry, idempotent), ${retriesMin} to ${retriesMax}; default ${DEFAULTS.reconcile.appRetries}`;

// One policy name, with the closest valid one when misspelt.
const readPolicy = (value: unknown, path: FieldPath, problems: Problem[]): RetryPolicy | undefined => {
  const valid: readonly string[] = RETRY_POLICIES;
  if (typeof value === 'string' && valid.includes(value)) return value as RetryPolicy;
  const guess = typeof value === 'string' ? closest(value, RETRY_POLICIES) : undefined;
  problems.push({
    path,
    message: `unknown policy ${describeValue(value)}${guess === undefined ? '' : `; did you mean ${guess}?`}`,
    hint: POLICIES_HINT,
  });
  return undefined;
};

/** Reads `policies`: one policy or a list of distinct ones; absent means all four. */
export const readPolicies = (value: unknown, path: FieldPath, problems: Problem[]): RetryPolicy[] | undefined =>
  value === undefined
    ? [...DEFAULTS.policies]
    : readAxis(
        value,
        path,
        { readItem: (item, itemPath) => readPolicy(item, itemPath, problems), label: String, what: 'policy', example: 'policies: [none, idempotent]' },
        problems,
      );

// `log` or `none`.
const readTags = (value: unknown, path: FieldPath, problems: Problem[]): ReconcileOptions['tags'] | undefined => {
  const tags = TAGS.find((t) => t === value);
  if (tags !== undefined) return tags;
  problems.push({ path, message: `expected log or none, got ${describeValue(value)}`, hint: TAGS_HINT });
  return undefined;
};

/** Reads `reconcile: {tags, deadline, app-retries}`; each key left out takes its default. */
export const readReconcile = (value: unknown, path: FieldPath, problems: Problem[]): ReconcileOptions | undefined => {
  const defaults = DEFAULTS.reconcile;
  if (value === undefined) return { ...defaults };
  const record = readRecord(value, path, problems, 'reconcile: {tags: log, deadline: 10s, app-retries: 3}');
  if (record === undefined) return undefined;
  const before = problems.length;
  checkKeys(record, KEYS.reconcile, path, problems);
  const tagsValue = optionalKey(record, 'tags');
  const deadlineValue = optionalKey(record, 'deadline');
  const retriesValue = optionalKey(record, 'app-retries');
  const tags = tagsValue === undefined ? defaults.tags : readTags(tagsValue, [...path, 'tags'], problems);
  const deadlineMs = deadlineValue === undefined ? defaults.deadlineMs : readMs(deadlineValue, [...path, 'deadline'], DEADLINE, problems);
  const appRetries = retriesValue === undefined ? defaults.appRetries : readInt(retriesValue, [...path, 'app-retries'], LIMITS.appRetries, problems, RETRIES_HINT);
  if (problems.length > before || tags === undefined || deadlineMs === undefined || appRetries === undefined) return undefined;
  return { tags, deadlineMs, appRetries };
};
