// Which keys the lab may touch on the Redis it runs against, and the one place it empties
// them. On its own instance (the containers and local runtimes) or an external one declared
// disposable, the lab owns the whole database: FLUSHDB before each run. On a shared target
// (an external Redis not declared disposable) every key the lab writes, reads or deletes
// carries a prefix of its own, fresh per scenario run (`rfl:<id>:`), and emptying means
// deleting the keys under that prefix, found with SCAN: nothing else is ever deleted there.
// No other code in the lab may flush or delete keys; measured runs, request runs and fault
// runs all reset through `reset`.

import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { dataNodes, type ControlClient } from '../client/index.ts';

export interface Keyspace {
  /** `own`: the lab may empty the database. `shared`: it touches only keys under `prefix`. */
  readonly kind: 'own' | 'shared';
  /** Prepended to every key pattern the lab uses; '' when the lab owns the database. */
  readonly prefix: string;
  /** Before each run: nothing of the lab's left (own: FLUSHDB; shared: its keys deleted), on
   * every node that holds keys (a cluster's every primary). */
  reset(control: ControlClient): Promise<void>;
  /** After the scenario: shared: deletes the lab's keys and says how many; own: nothing, 0. */
  cleanup(control: ControlClient): Promise<number>;
}

// SCAN's COUNT per call: a shared database of N keys costs about N / SCAN_COUNT round trips
// per reset (outside every timed span).
const SCAN_COUNT = 1_000;

// The prefix as a SCAN MATCH pattern: glob characters escaped, then everything after it.
const matchPattern = (prefix: string): string => `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;

/** Deletes every key whose name starts with `prefix` (SCAN MATCH + UNLINK); returns how many. */
const deleteByPrefix = async (control: Redis, prefix: string): Promise<number> => {
  if (prefix === '') throw new Error('deleteByPrefix needs a non-empty prefix');
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await control.scan(cursor, 'MATCH', matchPattern(prefix), 'COUNT', SCAN_COUNT);
    cursor = next;
    // MATCH is the server's filter; the check here keeps a misparsed pattern from deleting more.
    const ours = keys.filter((key) => key.startsWith(prefix));
    if (ours.length > 0) deleted += await control.unlink(...ours);
  } while (cursor !== '0');
  return deleted;
};

// deleteByPrefix on every node that holds keys; how many in all.
const deleteEverywhere = async (control: ControlClient, prefix: string): Promise<number> => {
  let deleted = 0;
  for (const node of dataNodes(control)) deleted += await deleteByPrefix(node, prefix);
  return deleted;
};

/** The lab's own instance (or a target declared disposable): the whole database is the lab's. */
export const ownKeyspace = (): Keyspace => ({
  kind: 'own',
  prefix: '',
  reset: async (control) => {
    for (const node of dataNodes(control)) await node.flushdb();
  },
  cleanup: async () => 0,
});

/** A fresh prefix for one scenario run: `rfl:<12 hex digits>:`. */
const newKeyPrefix = (): string => `rfl:${randomBytes(6).toString('hex')}:`;

/** A shared target: only keys under `prefix`, which must be the lab's alone. */
export const sharedKeyspace = (prefix: string = newKeyPrefix()): Keyspace => {
  if (prefix === '') throw new Error('a shared keyspace needs a non-empty prefix');
  return {
    kind: 'shared',
    prefix,
    reset: async (control) => {
      await deleteEverywhere(control, prefix);
    },
    cleanup: (control) => deleteEverywhere(control, prefix),
  };
};
