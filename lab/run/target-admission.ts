// Before a scenario runs on a shared target (an external Redis not declared disposable): every
// command it would send must stay within the lab's prefix. The commands the lab builds take
// only the operation's (prefixed) key; EVAL / EVALSHA scripts are read for literal keys and
// whole-database commands; a CUSTOM command is put to Redis itself (COMMAND INFO for its ACL
// categories and flags, COMMAND GETKEYS for the keys its first operation names). Anything that
// could reach past the prefix stops the run before it touches the target.

import type { Redis } from 'ioredis';
import { LabError, errorMessage } from '../errors/index.ts';
import { customCommandProblem, scriptProblem, type Keyspace } from '../keyspace/index.ts';
import type { Scenario, StepCommand } from '../contracts/index.ts';
import { buildPlan } from '../workload/index.ts';

// Every command a workload sends: the workload itself, or each command of each request step.
const commandsOf = (scenario: Scenario): StepCommand[] =>
  scenario.workloads.flatMap((w) => (w.request ? w.request.kinds.flatMap((k) => k.steps.flatMap((s) => s.commands)) : [w]));

type InfoEntry = [string, number, string[], number, number, number, string[]?, unknown?, unknown?, unknown[]?] | null;

// COMMAND INFO of `name` (a subcommand as `name|sub`): its flags and ACL categories, or undefined.
const commandInfo = async (control: Redis, name: string): Promise<{ flags: string[]; categories: string[]; subcommands: number } | undefined> => {
  const [entry] = (await control.call('COMMAND', 'INFO', name)) as InfoEntry[];
  if (!entry) return undefined;
  return { flags: entry[2].map(String), categories: (entry[6] ?? []).map(String), subcommands: entry[9]?.length ?? 0 };
};

// The key arguments Redis finds in one command; [] for a command without any.
const keysOf = async (control: Redis, name: string, args: string[]): Promise<string[]> => {
  try {
    return ((await control.call('COMMAND', 'GETKEYS', name, ...args)) as unknown[]).map(String);
  } catch (error) {
    if (/no key arguments/i.test(errorMessage(error))) return [];
    throw error;
  }
};

const customProblem = async (control: Redis, command: StepCommand, prefix: string, seed: number): Promise<string | undefined> => {
  const name = command.args[0] ?? '';
  const args = buildPlan({ ...command, commands: [1] }, 1, command.valueBytes[0] ?? { minBytes: 0, maxBytes: 0 }, seed).argsOf(0);
  let info = await commandInfo(control, name);
  if (info === undefined) return `CUSTOM ${name}: Redis does not know this command`;
  const sub = args[0];
  const label = info.subcommands > 0 && sub !== undefined ? `${name} ${sub}` : name;
  if (info.subcommands > 0 && sub !== undefined) info = (await commandInfo(control, `${name}|${sub}`)) ?? info;
  // What the command is (its ACL categories, a whole-database command) decides before its keys:
  // COMMAND GETKEYS refuses a command without arguments (FLUSHDB) with an arity error.
  const byKind = customCommandProblem({ name: label, categories: info.categories, flags: [], keys: [] }, prefix);
  if (byKind !== undefined) return byKind;
  let keys: string[];
  try {
    keys = args.length === 0 ? [] : await keysOf(control, name, args);
  } catch (error) {
    return `CUSTOM ${label}: Redis cannot tell which keys it names (${errorMessage(error)})`;
  }
  return customCommandProblem({ name: label, categories: info.categories, flags: info.flags, keys }, prefix);
};

/** Throws E_TARGET_UNSAFE naming every command that could reach past the keyspace's prefix. */
export const admitOnSharedTarget = async (scenario: Scenario, keyspace: Keyspace, control: Redis): Promise<void> => {
  if (keyspace.kind === 'own') return;
  const problems: string[] = [];
  for (const command of commandsOf(scenario)) {
    const problem =
      command.command === 'EVAL' || command.command === 'EVALSHA'
        ? scriptProblem(command.script ?? '')
        : command.command === 'CUSTOM'
          ? await customProblem(control, command, keyspace.prefix, scenario.seed)
          : undefined;
    if (problem !== undefined) problems.push(`workload ${command.label}: ${problem}`);
  }
  if (problems.length === 0) return;
  throw new LabError('E_TARGET_UNSAFE', `Scenario ${scenario.name} cannot run on a shared target, where the lab touches only keys under its prefix ${keyspace.prefix}:\n  ${problems.join('\n  ')}`, {
    hint: 'Change the workload to address only its own key ({key} in args, KEYS[1] in a script), or run against a Redis whose data may be deleted and declare it: --disposable (or REDIS_FAULT_LAB_EXTERNAL_DISPOSABLE=1).',
  });
};
