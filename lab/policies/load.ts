// Turns a scenario's `policies` into Policy objects before any fault run starts: a built-in by
// name, a user's object as given, or a user's module file, imported relative to the scenario
// file. A module that throws at load, lacks a function or takes too long to load is an
// E_POLICY error naming it (the CLI exits 2), never a hung run.
//
// TypeScript modules: in a checkout (and under vitest) the lab runs through tsx or vite, which
// import .ts files as they are. Under the built package on plain Node, a .ts module is loaded
// by registering tsx's loader when tsx is installed; otherwise the error says to install tsx or
// give a .js / .mjs module.

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LabError, errorMessage, withTimeout } from '../errors/index.ts';
import type { Policy, PolicyModuleRef, RetryPolicy, Scenario } from '../contracts/index.ts';
import { ioredisBuiltin } from './ioredis-builtins.ts';
import { nodeRedisBuiltin } from './node-redis-builtins.ts';

const LOAD_TIMEOUT_MS = 10_000;
const FUNCTIONS = ['connect', 'perform', 'close'] as const;

/** A policy ready for fault runs. */
export interface LoadedPolicy {
  name: RetryPolicy;
  policy: Policy;
  /** Client library and version for the rows, or what the module did not say. */
  client: string;
  /** Where it came from, for error messages: `built-in` or the module's path. */
  source: string;
  /** The built-in idempotent policy gets its operations inside the lab's idempotency script. */
  idempotentScript: boolean;
}

const policyError = (source: string, message: string, hint: string, cause?: unknown) =>
  new LabError('E_POLICY', `Policy module ${source}: ${message}`, { hint, ...(cause === undefined ? {} : { cause }) });

// The Policy a module exports: its default export, or the module's own named exports.
const policyOf = (exported: Record<string, unknown>, source: string): Policy => {
  const candidate = (typeof exported.default === 'object' && exported.default !== null ? exported.default : exported) as Record<string, unknown>;
  const missing = FUNCTIONS.filter((f) => typeof candidate[f] !== 'function');
  if (missing.length > 0) {
    throw policyError(source, `exports no ${missing.join(', ')} function`, 'export default { connect(endpoint), perform(client, op), close(client) } (see scenarios/policies/ for examples)');
  }
  if (candidate.performBatch !== undefined && typeof candidate.performBatch !== 'function') {
    throw policyError(source, 'performBatch is not a function', 'leave performBatch out, or make it a function (client, ops, {transaction}) => replies');
  }
  return candidate as unknown as Policy;
};

const importFile = async (file: string): Promise<Record<string, unknown>> => {
  const url = pathToFileURL(file).href;
  try {
    return (await import(url)) as Record<string, unknown>;
  } catch (error) {
    if (!(/\.m?ts$/.test(file) && (error as { code?: unknown }).code === 'ERR_UNKNOWN_FILE_EXTENSION')) throw error;
    // Plain Node and a .ts module: register tsx's loader when it is installed.
    const tsx = (await import('tsx/esm/api').catch(() => undefined)) as { register?: () => void } | undefined;
    if (tsx?.register === undefined) throw error;
    tsx.register();
    return (await import(`${url}?tsx`)) as Record<string, unknown>; // a new URL: Node caches the failed import
  }
};

const loadFile = async (ref: { name: string; module: string }, scenarioFile: string | undefined): Promise<Policy> => {
  const file = path.resolve(scenarioFile === undefined ? process.cwd() : path.dirname(scenarioFile), ref.module);
  const source = `${ref.module} (policy ${ref.name})`;
  const exported = await withTimeout(`loading ${file}`, LOAD_TIMEOUT_MS, () => importFile(file), () =>
    policyError(source, `did not finish loading within ${LOAD_TIMEOUT_MS / 1000} s`, 'a module must not wait at its top level; connect in connect(endpoint)'),
  ).catch((error: unknown) => {
    if (error instanceof LabError) throw error;
    const code = (error as { code?: unknown }).code;
    const hint =
      code === 'ERR_MODULE_NOT_FOUND' && String(errorMessage(error)).includes(file)
        ? `no file at ${file}: module paths are relative to the scenario file`
        : code === 'ERR_UNKNOWN_FILE_EXTENSION'
          ? 'install tsx (npm install -D tsx) to load TypeScript modules, or give a .js / .mjs module'
          : 'fix the module so that it loads: node --check <file> finds syntax errors';
    throw policyError(source, `failed to load: ${errorMessage(error)}`, hint, error);
  });
  return policyOf(exported, source);
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
      throw policyError(name, 'is neither a built-in policy nor one of the scenario\'s modules', 'list it as {name, module} in policies:');
    } else if (typeof ref.module === 'string') {
      [policy, source] = [await loadFile({ name, module: ref.module }, scenario.file), ref.module];
    } else {
      [policy, source] = [policyOf(ref.module as unknown as Record<string, unknown>, `object (policy ${name})`), 'object'];
    }
    loaded.set(name, { name, policy, client: policy.client ?? 'not stated by the module', source, idempotentScript: name === 'idempotent' });
  }
  return loaded;
};
