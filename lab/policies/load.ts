// Turns a scenario's `policies` into Policy objects before anything starts: a built-in by name,
// a user's object as given, or a user's module file, imported relative to the scenario file.
// `validate` and `run` call this before a runtime starts, so a module that is missing, outside
// the scenario's folder, throws or exits at load, lacks a function or takes too long to load is
// an E_POLICY error naming it (the CLI exits 2) and nothing was started. A module file is
// imported once per process (its top-level code runs once), whatever calls load it again.

import { LabError, withTimeout } from '../errors/index.ts';
import type { Policy, PolicyModuleRef, RetryPolicy, Scenario } from '../contracts/index.ts';
import { exitError, guardExit, isExitThrow } from './exit-guard.ts';
import { importModule, loadFailure } from './import-module.ts';
import { ioredisBuiltin } from './ioredis-builtins.ts';
import { moduleBase, resolveModuleFile } from './module-file.ts';
import { nodeRedisBuiltin } from './node-redis-builtins.ts';

const LOAD_TIMEOUT_MS = 10_000;
const FUNCTIONS = ['connect', 'perform', 'close'] as const;

/** A policy ready for fault runs. */
export interface LoadedPolicy {
  name: RetryPolicy;
  policy: Policy;
  /** Client library and version for the rows, or what the module did not say. */
  client: string;
  /** Where it came from, for error messages: `built-in`, `object` or the module's path. */
  source: string;
  /** The built-in idempotent policy gets its operations inside the lab's idempotency script. */
  idempotentScript: boolean;
}

const policyError = (source: string, message: string, hint: string) => new LabError('E_POLICY', `Policy module ${source}: ${message}`, { hint });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

// The Policy a module exports: its default export, or the module's own named exports. A module
// written as ESM but read as CommonJS arrives as { default: module.exports } whose own `default`
// is the policy: that is unwrapped too.
const policyOf = (exported: Record<string, unknown>, source: string): Policy => {
  const first = isRecord(exported.default) ? exported.default : exported;
  const candidate = typeof first.connect !== 'function' && isRecord(first.default) ? first.default : first;
  const missing = FUNCTIONS.filter((f) => typeof candidate[f] !== 'function');
  if (missing.length > 0) {
    throw policyError(source, `exports no ${missing.join(', ')} function`, 'export default { connect(endpoint), perform(client, op), close(client) } (see scenarios/policies/ for examples)');
  }
  if (candidate.performBatch !== undefined && typeof candidate.performBatch !== 'function') {
    throw policyError(source, 'performBatch is not a function', 'leave performBatch out, or make it a function (client, ops, {transaction}) => replies');
  }
  return candidate as unknown as Policy;
};

const imported = new Map<string, Promise<Record<string, unknown>>>();

// Imports the file once, bounded in time, with process.exit guarded while its top level runs.
const importOnce = (file: string, source: string): Promise<Record<string, unknown>> => {
  const known = imported.get(file);
  if (known !== undefined) return known;
  const guard = guardExit();
  const work = withTimeout(`loading ${file}`, LOAD_TIMEOUT_MS, () => importModule(file), () =>
    policyError(source, `did not finish loading within ${LOAD_TIMEOUT_MS / 1000} s`, 'a module must not wait at its top level; connect in connect(endpoint)'),
  )
    .catch(async (error: unknown) => {
      const call = guard.call();
      if (call !== undefined || isExitThrow(error)) throw exitError(`module ${source}`, 'while loading', call ?? { code: undefined });
      throw await loadFailure(error, file, source);
    })
    .finally(() => guard.release());
  imported.set(file, work);
  work.catch(() => imported.delete(file));
  return work;
};

const loadFile = async (name: string, module: string, scenarioFile: string | undefined): Promise<Policy> => {
  const source = `${module} (policy ${name})`;
  const file = await resolveModuleFile(module, moduleBase(scenarioFile), source);
  return policyOf(await importOnce(file, source), source);
};

/** Every policy the scenario lists, in its order; throws E_POLICY for a module that does not load. */
export const loadPolicies = async (scenario: Pick<Scenario, 'policies' | 'policyModules' | 'file' | 'reconcile'>): Promise<Map<RetryPolicy, LoadedPolicy>> => {
  const loaded = new Map<RetryPolicy, LoadedPolicy>();
  const refs = new Map<string, PolicyModuleRef>((scenario.policyModules ?? []).map((ref) => [ref.name, ref]));
  for (const name of scenario.policies) {
    const builtin = (ioredisBuiltin(name, scenario.reconcile.appRetries) as Policy | undefined) ?? (nodeRedisBuiltin(name) as Policy | undefined);
    const ref = refs.get(name);
    let policy: Policy;
    let source: string;
    if (builtin !== undefined) {
      [policy, source] = [builtin, 'built-in'];
    } else if (ref === undefined) {
      throw policyError(name, "is neither a built-in policy nor one of the scenario's modules", 'list it as {name, module} in policies:');
    } else if (typeof ref.module === 'string') {
      [policy, source] = [await loadFile(name, ref.module, scenario.file), ref.module];
    } else {
      [policy, source] = [policyOf(ref.module as unknown as Record<string, unknown>, `object (policy ${name})`), 'object'];
    }
    loaded.set(name, { name, policy, client: policy.client ?? 'not stated by the module', source, idempotentScript: name === 'idempotent' });
  }
  return loaded;
};

