// A scenario on a shared target: every key pattern gets the lab's prefix, so plans, prefill,
// read-backs, reconcile logs and checkers all address the lab's own keys; and what cannot be
// confined to them is refused before anything runs. Commands the lab builds itself (INCR, SET,
// GET, HSET, MGET, LPUSH, ...) take only the operation's key. EVAL / EVALSHA get it as
// KEYS[1], and a script can name other keys itself; CUSTOM can name any key or none.

import type { Scenario, StepCommand, Workload } from '../contracts/index.ts';

const scopeStep = (step: StepCommand, prefix: string): StepCommand => ({ ...step, key: prefix + step.key });

const scopeWorkload = (workload: Workload, prefix: string): Workload => ({
  ...workload,
  key: prefix + workload.key,
  ...(workload.request
    ? {
        request: {
          ...workload.request,
          kinds: workload.request.kinds.map((kind) => ({
            ...kind,
            steps: kind.steps.map((step) => ({ commands: step.commands.map((command) => scopeStep(command, prefix)) })),
          })),
        },
      }
    : {}),
});

/** The scenario with `prefix` in front of every key pattern (unchanged for ''). */
export const scopeScenario = (scenario: Scenario, prefix: string): Scenario =>
  prefix === '' ? scenario : { ...scenario, workloads: scenario.workloads.map((w) => scopeWorkload(w, prefix)) };

// Commands that act on the whole database (or another one) rather than on keys.
const WHOLE_DATABASE = new Set(['FLUSHDB', 'FLUSHALL', 'SWAPDB', 'SELECT', 'MOVE', 'KEYS', 'SCAN', 'RANDOMKEY']);

// redis.call('NAME', 'literal' ...) or redis.pcall: the command name and whether its first
// argument is a string literal (a key named in the script, not derived from KEYS[1]).
const CALL = /redis\.p?call\s*\(\s*(['"])([A-Za-z|]+)\1\s*(,\s*['"])?/g;

/**
 * Why a Lua script cannot be confined to the lab's keys, or undefined. A heuristic on the
 * script's text: it catches literal key names and whole-database commands written as
 * `redis.call('NAME', ...)`, not keys built from ARGV or commands named through variables.
 */
export const scriptProblem = (script: string): string | undefined => {
  for (const match of script.matchAll(CALL)) {
    const name = (match[2] ?? '').toUpperCase();
    if (WHOLE_DATABASE.has(name)) return `its script calls ${name}, which acts on the whole database, not on the lab's keys`;
    if (match[3] !== undefined) return `its script calls ${name} on a key written as a literal (${match[0]}…), outside the lab's prefix: use KEYS[1] (the operation's key, which carries the prefix)`;
  }
  return undefined;
};

/** What Redis says about one CUSTOM command (COMMAND INFO and COMMAND GETKEYS). */
export interface CommandFacts {
  /** As sent, e.g. `SETEX` or `CONFIG SET`. */
  name: string;
  /** ACL categories, e.g. ['@write', '@string', '@slow']. */
  categories: readonly string[];
  flags: readonly string[];
  /** The key arguments of one operation, as COMMAND GETKEYS found them. */
  keys: readonly string[];
}

/** Why a CUSTOM command cannot run on a shared target under `prefix`, or undefined. */
export const customCommandProblem = (facts: CommandFacts, prefix: string): string | undefined => {
  const risky = facts.categories.filter((c) => c === '@dangerous' || c === '@admin');
  if (risky.length > 0) return `CUSTOM ${facts.name} is in Redis's ${risky.join(' and ')} ACL categor${risky.length === 1 ? 'y' : 'ies'}: it can act beyond the lab's own keys`;
  if (WHOLE_DATABASE.has(facts.name.toUpperCase())) return `CUSTOM ${facts.name} acts on the whole database, not on the lab's keys`;
  if (facts.keys.length === 0 && facts.flags.includes('write')) return `CUSTOM ${facts.name} writes without naming a key: it would act beyond the lab's own keys`;
  const outside = facts.keys.find((key) => !key.startsWith(prefix));
  if (outside !== undefined) return `CUSTOM ${facts.name} names the key "${outside}", outside the lab's prefix ${prefix}: write it as {key} (the operation's key, which carries the prefix)`;
  return undefined;
};
