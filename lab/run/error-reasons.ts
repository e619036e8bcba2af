// What a fault run's errors say, in the row's reasons: each error kind with its count and the
// first message the caller saw of it, and, when no operation succeeded at all, a first reason
// that says so (a row of counts alone reads like a fault that hit everything). A user module
// that wraps each command in a script of its own cannot work under `tags: log`: the lab hands
// it the command already inside an EVAL script, and Lua cannot call EVAL.

import type { Ledger } from '../reconcile/index.ts';
import type { OpWrapping } from '../workload/index.ts';

/** Kinds listed one by one; past these, one line says how many more there were. */
const KINDS_SHOWN = 5;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `errors ERR ×31, first: "ERR unknown command"` lines, the most frequent kinds first. */
export const errorKindReasons = (ledger: Ledger): string[] => {
  const counts = Object.entries(ledger.errorsByKind());
  const messages = ledger.errorMessages();
  const shown = counts.sort((a, b) => b[1] - a[1]).slice(0, KINDS_SHOWN);
  const lines = shown.map(([kind, count]) => `errors ${kind} ×${count}${messages[kind] === undefined ? '' : `, first: ${JSON.stringify(messages[kind])}`}`);
  const more = counts.length - shown.length;
  return more > 0 ? [...lines, `and ${plural(more, 'more error kind')}`] : lines;
};

/** The first reason of a run in which not one operation succeeded, or nothing. */
export const everyOperationFailed = (ledger: Ledger, wrapping: OpWrapping, userModule: boolean): string[] => {
  const { acknowledged } = ledger.counts();
  if (ledger.size === 0 || acknowledged > 0) return [];
  const messages = Object.entries(ledger.errorMessages());
  const [kind, message] = messages[0] ?? [];
  const first = kind === undefined ? 'no operation was answered' : `the first error was ${kind}: ${JSON.stringify(message)}`;
  const tagged =
    wrapping === 'tagged' && userModule
      ? '; with reconcile.tags: log (the default) each operation reaches perform already inside an EVAL script that logs its id, ' +
        'so a module that wraps it in a script of its own cannot run (Lua cannot call EVAL): set reconcile: {tags: none} to hand it the bare command'
      : '';
  return [`every operation failed (0 of ${ledger.size} succeeded): ${first}${tagged}`];
};
