// The Redis user one redis-benchmark run logs in as. redis-benchmark (7.0.15 and upstream's
// current source) reads its password only from `-a`: it has no REDISCLI_AUTH and no prompt,
// so the password is on its command line, readable by every local user through `ps` while the
// run lasts. The user is therefore worth nothing beyond the run: a fresh random name and
// password per run, deleted right after it (ACL DELUSER also drops its connections), allowed
// only the scenario's command on the scenario's key pattern, and never an admin or dangerous
// command (no CONFIG GET requirepass, no FLUSHALL, no ACL, no KEYS).
//
// What redis-benchmark itself sends besides the command: AUTH (always allowed), and at start
// CONFIG GET save and CONFIG GET appendonly, whose refusal it tolerates (it prints "WARNING:
// Could not fetch server CONFIG" and goes on; only NOAUTH aborts it). No SELECT (no --dbnum),
// no HELLO (no -3), no CLUSTER (no --cluster).
//
// EVAL: the commands a script calls are checked against the same user, and the lab cannot know
// them, so an EVAL run may call the read and write commands (@read, @write) that are neither
// admin nor dangerous, still only on the key pattern.

import type { ConfigCell } from '../../contracts/index.ts';

const RAND = '__rand_int__';

// A key name as an ACL glob matching only itself: glob characters escaped.
const literalGlob = (text: string): string => text.replace(/[*?[\]\\]/g, '\\$&');

/** The ACL key pattern of a run's keys: the key as the tool sends it, `__rand_int__` as the
 * 12 digits `-r` puts there when keys are {uniform: N} (literal otherwise, as the tool leaves it). */
export const runKeyPattern = (cell: ConfigCell): string => {
  const uniform = cell.workload.keys.kind === 'uniform';
  const key = cell.workload.key.replaceAll('{i}', uniform ? RAND : '0');
  if (!uniform) return literalGlob(key);
  return key.split(RAND).map(literalGlob).join('[0-9]'.repeat(12));
};

// The command the tool repeats, as ACL names it (lower case; `config` for CUSTOM's CONFIG GET).
const runCommandName = (cell: ConfigCell): string => {
  const w = cell.workload;
  if (w.command === 'CUSTOM') return (w.args[0] ?? '').toLowerCase();
  return w.command.toLowerCase();
};

/** The ACL SETUSER rules (after the user's name) for one run, its password given. */
export const runUserRules = (cell: ConfigCell, password: string): string[] => {
  const command = runCommandName(cell);
  const allowed = command === 'eval' ? ['+eval', '+@read', '+@write'] : [`+${command}`];
  // Later rules win: whatever the command, admin and dangerous ones stay refused.
  return ['reset', 'on', `>${password}`, 'resetkeys', `~${runKeyPattern(cell)}`, 'resetchannels', '-@all', ...allowed, '-@admin', '-@dangerous'];
};
