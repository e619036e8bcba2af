// Order on one connection. Redis runs the commands of one connection in the order they arrive
// and a cut mid-pipeline leaves an executed prefix, so for a batch sent as one pipeline on one
// connection the applied ops must be a prefix of the send order, and no op may be applied
// before an op issued earlier on the same connection.

import type { ReconcileEntry } from '../contracts/index.ts';
import { EXAMPLES, NEVER, scanLog, type ExecutionLog } from './checkers.ts';
import type { Ledger } from './ledger.ts';

interface PrefixCheck extends NonNullable<ReconcileEntry['prefix']> {
  examples: {
    /** Per non-prefix batch (first EXAMPLES): the first op applied after an op of its batch that was not. */
    nonPrefix: number[];
    /** The first EXAMPLES reordered op ids. */
    reordered: number[];
  };
}

/**
 * Groups ops by (connection, batch), each in issue (op id) order. `batchesChecked` counts
 * batches of two or more ops (one op is trivially a prefix). Ops the caller re-issued
 * (attempts > 1) are left out of both checks: their application may come from a later attempt
 * that was no part of the pipeline. Log entries naming no issued op are ignored here
 * (checkApplied counts them as unexpected).
 */
export const checkPrefix = (ledger: Ledger, log: ExecutionLog): PrefixCheck => {
  const size = ledger.size;
  const { firstPosition } = scanLog(log, size);
  const groups = new BatchGroups(size);
  const latestOnConnection = new Map<number, number>();
  const result: PrefixCheck = { batchesChecked: 0, nonPrefix: 0, reordered: 0, examples: { nonPrefix: [], reordered: [] } };

  for (let op = 0; op < size; op++) {
    if (ledger.attempts(op) > 1) continue;
    const connection = ledger.connection(op);
    const position = firstPosition[op] as number;
    const applied = position !== NEVER;

    const group = groups.of(connection, ledger.batch(op));
    if (groups.add(group) === 2) result.batchesChecked += 1;
    if (!applied) groups.markGap(group);
    else if (groups.hasGap(group) && groups.markBroken(group)) {
      result.nonPrefix += 1;
      if (result.examples.nonPrefix.length < EXAMPLES) result.examples.nonPrefix.push(op);
    }

    if (!applied) continue;
    const latest = latestOnConnection.get(connection);
    if (latest !== undefined && position < latest) {
      result.reordered += 1;
      if (result.examples.reordered.length < EXAMPLES) result.examples.reordered.push(op);
    } else {
      latestOnConnection.set(connection, position);
    }
  }
  return result;
};

// Per (connection, batch) state in typed arrays: there can be one batch per op.
class BatchGroups {
  readonly #index = new Map<number, Map<number, number>>();
  readonly #ops: Uint32Array;
  readonly #gap: Uint8Array;
  readonly #broken: Uint8Array;
  #count = 0;
  #lastConnection = -1;
  #lastBatch = -1;
  #lastGroup = -1;

  constructor(maxGroups: number) {
    this.#ops = new Uint32Array(maxGroups);
    this.#gap = new Uint8Array(maxGroups);
    this.#broken = new Uint8Array(maxGroups);
  }

  // The group id of (connection, batch); consecutive ops of one batch skip the map lookups.
  of(connection: number, batch: number): number {
    if (connection === this.#lastConnection && batch === this.#lastBatch) return this.#lastGroup;
    let batches = this.#index.get(connection);
    if (batches === undefined) this.#index.set(connection, (batches = new Map()));
    let group = batches.get(batch);
    if (group === undefined) batches.set(batch, (group = this.#count++));
    this.#lastConnection = connection;
    this.#lastBatch = batch;
    this.#lastGroup = group;
    return group;
  }

  // Counts one more op in the group; returns the group's op count.
  add(group: number): number {
    return (this.#ops[group] = (this.#ops[group] as number) + 1);
  }

  markGap(group: number): void {
    this.#gap[group] = 1;
  }

  hasGap(group: number): boolean {
    return this.#gap[group] === 1;
  }

  // Marks the group non-prefix; true the first time only.
  markBroken(group: number): boolean {
    if (this.#broken[group] === 1) return false;
    this.#broken[group] = 1;
    return true;
  }
}
