// What the server says it applied: an execution log of op ids (in execution order, repeats
// allowed), as a tagged workload leaves it (each write also appends its op id to a list in the
// same atomic step). One pass turns it into per-op application counts and first positions.

/** Op ids in the order the server applied them; an id appears once per application. */
export type ExecutionLog = Uint32Array | readonly number[];

/** Position marking an op the log never applied. */
export const NEVER = 0xffff_ffff;

export interface LogScan {
  /** Applications per op id (0 .. ledger size - 1). */
  applications: Uint32Array;
  /** Log position of each op's first application, or NEVER. */
  firstPosition: Uint32Array;
  /** Distinct log entries that name no issued op (not an integer id below the ledger size), first-seen order. */
  unexpected: number[];
}

// Reads the log once; `size` is the ledger's op count.
export const scanLog = (log: ExecutionLog, size: number): LogScan => {
  if (log.length >= NEVER) throw new RangeError(`The execution log is too long: ${log.length} entries (at most ${NEVER - 1})`);
  const applications = new Uint32Array(size);
  const firstPosition = new Uint32Array(size).fill(NEVER);
  const unexpected = new Set<number>();
  for (let position = 0; position < log.length; position++) {
    const op = log[position] as number;
    if (Number.isInteger(op) && op >= 0 && op < size) {
      if (applications[op] === 0) firstPosition[op] = position;
      applications[op]! += 1;
    } else {
      unexpected.add(op);
    }
  }
  return { applications, firstPosition, unexpected: [...unexpected] };
};
