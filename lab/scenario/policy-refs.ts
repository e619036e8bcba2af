// `policies:` of a fault scenario: built-in policy names, and the user's own policy modules
// written as `{name: ours, module: ./policies/ours.ts}` (a path relative to the scenario file)
// or, through the library and vitest APIs, `{name: ours, module: policyObject}`. Here the
// entries are only read; the modules are loaded (and a broken one reported) when a run starts.

import { BUILTIN_POLICIES, RETRY_POLICIES, type PolicyModuleRef, type RetryPolicy } from '../contracts/index.ts';
import { DEFAULTS } from './defaults.ts';
import { readAxis } from './fields.ts';
import { closest, describeValue, type FieldPath, type Problem } from './problems.ts';

export const POLICIES_HINT =
  `policies: ${RETRY_POLICIES.join(', ')} (none: no retry; ioredis-default: ioredis re-sends unreplied commands after reconnecting; ` +
  'app-retry: the caller re-issues a failed operation; idempotent: a script keyed by operation id), ' +
  'node-redis-default (node-redis with its defaults), ' +
  'or your own module: {name: ours, module: ./policies/ours.ts}';

export const MODULE_EXTENSIONS = ['.ts', '.mts', '.js', '.mjs', '.cjs'];
const MODULE_HINT = `module is a path to a .ts or .js file relative to the scenario file, e.g. {name: ours, module: ./policies/ours.ts}`;
export const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const FUNCTIONS = ['connect', 'perform', 'close'] as const;

type PolicyItem = { name: RetryPolicy; ref?: PolicyModuleRef };

// `{name, module}`: a user's policy module.
const readModuleRef = (value: Record<string, unknown>, path: FieldPath, problems: Problem[]): PolicyItem | undefined => {
  const before = problems.length;
  for (const key of Object.keys(value)) {
    if (key !== 'name' && key !== 'module') problems.push({ path: [...path, key], message: 'is not a policy field', hint: 'a policy module has name and module' });
  }
  const { name, module } = value;
  if (typeof name !== 'string' || !NAME_PATTERN.test(name)) {
    problems.push({ path: [...path, 'name'], message: `must be a policy name, got ${describeValue(name)}`, hint: 'letters, digits, . _ -, e.g. name: ours' });
  } else if ((BUILTIN_POLICIES as readonly string[]).includes(name)) {
    problems.push({ path: [...path, 'name'], message: `${name} is a built-in policy`, hint: 'give your module a name of its own, e.g. name: ours' });
  }
  if (typeof module === 'string') {
    if (!MODULE_EXTENSIONS.some((ext) => module.endsWith(ext))) {
      problems.push({ path: [...path, 'module'], message: `${describeValue(module)} is not a .ts or .js file`, hint: MODULE_HINT });
    }
  } else if (typeof module === 'object' && module !== null) {
    const missing = FUNCTIONS.filter((f) => typeof (module as Record<string, unknown>)[f] !== 'function');
    if (missing.length > 0) {
      problems.push({ path: [...path, 'module'], message: `the policy object lacks ${missing.join(', ')}`, hint: 'a policy has connect(endpoint), perform(client, op) and close(client) functions' });
    }
  } else {
    problems.push({ path: [...path, 'module'], message: `must be a file path or a policy object, got ${describeValue(module)}`, hint: MODULE_HINT });
  }
  if (problems.length > before) return undefined;
  return { name: name as string, ref: { name: name as string, module: module as PolicyModuleRef['module'] } };
};

// One entry: a built-in name (with the closest one when misspelt) or a module.
const readPolicy = (value: unknown, path: FieldPath, problems: Problem[]): PolicyItem | undefined => {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return readModuleRef(value as Record<string, unknown>, path, problems);
  if (typeof value === 'string' && (BUILTIN_POLICIES as readonly string[]).includes(value)) return { name: value };
  const guess = typeof value === 'string' ? closest(value, BUILTIN_POLICIES) : undefined;
  problems.push({ path, message: `unknown policy ${describeValue(value)}${guess === undefined ? '' : `; did you mean ${guess}?`}`, hint: POLICIES_HINT });
  return undefined;
};

/** Reads `policies`: one policy or a list of distinct ones; absent means the four built-ins. */
export const readPolicies = (value: unknown, path: FieldPath, problems: Problem[]): { names: RetryPolicy[]; modules: PolicyModuleRef[] } | undefined => {
  if (value === undefined) return { names: [...DEFAULTS.policies], modules: [] };
  const items = readAxis(
    value,
    path,
    { readItem: (item, itemPath) => readPolicy(item, itemPath, problems), label: (item) => item.name, what: 'policy', example: 'policies: [none, {name: ours, module: ./ours.ts}]' },
    problems,
  );
  if (items === undefined) return undefined;
  return { names: items.map((i) => i.name), modules: items.flatMap((i) => (i.ref === undefined ? [] : [i.ref])) };
};
