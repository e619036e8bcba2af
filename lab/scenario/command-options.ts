// Which workload keys apply to which command: `by` only means something to INCRBY, `script`
// to EVAL and EVALSHA. A key that does not apply is an error rather than silently ignored.

import { ARGS_COMMANDS, type CommandName } from '../contracts/index.ts';

export const SCRIPT_COMMANDS: readonly CommandName[] = ['EVAL', 'EVALSHA'];
export { ARGS_COMMANDS };

/** Workload keys that only some commands take, with those commands. */
export const COMMAND_OPTIONS: Readonly<Record<string, readonly CommandName[]>> = {
  by: ['INCRBY'],
  field: ['HSET'],
  'mget-keys': ['MGET'],
  script: SCRIPT_COMMANDS,
  args: ARGS_COMMANDS,
  reply: ARGS_COMMANDS,
};

// `INCRBY`, `EVAL and EVALSHA`, `EVAL, EVALSHA and CUSTOM`.
export const listCommands = (commands: readonly string[]): string =>
  commands.length <= 1 ? (commands[0] ?? '') : `${commands.slice(0, -1).join(', ')} and ${commands[commands.length - 1] ?? ''}`;


