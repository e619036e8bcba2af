// The op ledger: one row per operation a driver issues (what it sent, on which connection and
// batch, and what the caller was told), kept in typed arrays so a million operations cost about
// 24 MB and no object each. The checkers compare it with what the server applied.

/** Sent, no outcome yet (a run that ends with ops here treats them as indeterminate). */
export const SENT = 'sent';
/** The caller got a reply: the op executed (at least once). */
export const ACKNOWLEDGED = 'acknowledged';
/** The caller was told the op did NOT execute (e.g. it was never written to the socket). */
export const FAILED = 'failed';
/** Sent, but no reply before the connection died or a timeout fired: it may or may not have executed. */
export const INDETERMINATE = 'indeterminate';

/** The states by their stored code (the index). */
export const OP_STATES = [SENT, ACKNOWLEDGED, FAILED, INDETERMINATE] as const;
type OpState = (typeof OP_STATES)[number];

interface LedgerCounts {
  /** Ops still without an outcome. */
  sent: number;
  acknowledged: number;
  failed: number;
  indeterminate: number;
  /** `retried` calls: re-issues of an op already issued. */
  retries: number;
}

const S_SENT = 0;
const S_ACKNOWLEDGED = 1;
const S_FAILED = 2;
const S_INDETERMINATE = 3;
const MAX_U32 = 0xffff_ffff;

export class Ledger {
  #size = 0;
  #capacity: number;
  #state: Uint8Array;
  /** 1 once an attempt of the op ended without proof that it did not execute. */
  #mayHaveApplied: Uint8Array;
  #reply: Float64Array;
  #batch: Uint32Array;
  #connection: Uint32Array;
  #attempts: Uint32Array;
  #errorKind: Uint16Array;
  readonly #kinds = new ErrorKindTable();
  readonly #stateCounts = [0, 0, 0, 0];
  #retries = 0;

  /** `capacity`: ops to allocate for up front; the ledger doubles when it is exceeded. */
  constructor(capacity = 1024) {
    if (!Number.isInteger(capacity) || capacity < 0 || capacity > MAX_U32) {
      throw new TypeError(`Expected \`capacity\` to be a non-negative integer, got \`${capacity}\` (${typeof capacity})`);
    }
    this.#capacity = Math.max(1, capacity);
    this.#state = new Uint8Array(this.#capacity);
    this.#mayHaveApplied = new Uint8Array(this.#capacity);
    this.#reply = new Float64Array(this.#capacity);
    this.#batch = new Uint32Array(this.#capacity);
    this.#connection = new Uint32Array(this.#capacity);
    this.#attempts = new Uint32Array(this.#capacity);
    this.#errorKind = new Uint16Array(this.#capacity);
  }

  /** Ops issued so far; op ids are 0 .. size-1. */
  get size(): number {
    return this.#size;
  }

  /** Ops the arrays hold before they grow next. */
  get capacity(): number {
    return this.#capacity;
  }

  /** Records a newly issued op (state `sent`, one attempt) and returns its id. */
  issue(batch: number, connection: number): number {
    checkU32('batch', batch);
    checkU32('connection', connection);
    if (this.#size === this.#capacity) this.#grow();
    const op = this.#size++;
    this.#reply[op] = Number.NaN;
    this.#batch[op] = batch;
    this.#connection[op] = connection;
    this.#attempts[op] = 1;
    this.#stateCounts[S_SENT]! += 1;
    return op;
  }

  /** The caller got `reply` (NaN when the reply is not a number). Overwrites any earlier outcome. */
  ack(op: number, reply: number): void {
    this.#settle(op, S_ACKNOWLEDGED, 'ack');
    this.#reply[op] = typeof reply === 'number' ? reply : Number.NaN;
  }

  /**
   * The caller was told the op did not execute. If an earlier attempt of the op may have
   * executed (it ended indeterminate, or was re-issued before it had an outcome), the op stays
   * indeterminate: this attempt failing proves nothing about that one.
   */
  fail(op: number, errorKind: string, message?: string): void {
    const kind = this.#kinds.indexOf(errorKind);
    this.#settle(op, this.#mayHaveApplied[op] === 1 ? S_INDETERMINATE : S_FAILED, 'fail');
    this.#errorKind[op] = kind;
    this.#kinds.count(kind, message);
  }

  /** Sent, but no reply came before the connection died or a timeout fired. */
  indeterminate(op: number, errorKind: string, message?: string): void {
    const kind = this.#kinds.indexOf(errorKind);
    this.#settle(op, S_INDETERMINATE, 'indeterminate');
    this.#mayHaveApplied[op] = 1;
    this.#errorKind[op] = kind;
    this.#kinds.count(kind, message);
  }

  /** The caller re-issued the same op: attempts + 1 and the op is `sent` again until its next outcome. */
  retried(op: number): void {
    const from = this.#settle(op, S_SENT, 'retried');
    // The earlier attempt may still execute unless the caller was told it did not.
    if (from !== S_FAILED) this.#mayHaveApplied[op] = 1;
    this.#attempts[op]! += 1;
    this.#retries += 1;
  }

  state(op: number): OpState {
    return OP_STATES[this.#stateCode(op)] as OpState;
  }

  /** The acknowledged reply; NaN when not acknowledged or not numeric. */
  reply(op: number): number {
    this.#check(op);
    return this.#reply[op] as number;
  }

  batch(op: number): number {
    this.#check(op);
    return this.#batch[op] as number;
  }

  connection(op: number): number {
    this.#check(op);
    return this.#connection[op] as number;
  }

  /** 1 + the times the op was re-issued. */
  attempts(op: number): number {
    this.#check(op);
    return this.#attempts[op] as number;
  }

  /** The op's most recent error kind (kept after a later successful attempt), or null. */
  errorKind(op: number): string | null {
    this.#check(op);
    return this.#kinds.nameOf(this.#errorKind[op] as number);
  }

  /** Ops by current state, and the retries; O(1). */
  counts(): LedgerCounts {
    const [sent, acknowledged, failed, indeterminate] = this.#stateCounts as [number, number, number, number];
    return { sent, acknowledged, failed, indeterminate, retries: this.#retries };
  }

  /** Every error the caller saw, by kind: one per fail/indeterminate call, including attempts later retried. */
  errorsByKind(): Record<string, number> {
    return this.#kinds.reportedByKind();
  }

  /** The first message seen of each error kind (where the caller gave one), kinds in first-seen order. */
  errorMessages(): Record<string, string> {
    return this.#kinds.firstMessages();
  }

  // Moves an op to a new state, keeping the per-state counts; returns the state it left.
  // An acknowledged op is final: the caller was told it succeeded, so a second outcome or a
  // re-issue is a driver bug that would otherwise erase the evidence of a lost write.
  #settle(op: number, to: number, call: string): number {
    const from = this.#stateCode(op);
    if (from === S_ACKNOWLEDGED) {
      throw new RangeError(`Ledger.${call}(${op}): op ${op} was already acknowledged; an acknowledged op takes no further outcome or retry`);
    }
    this.#stateCounts[from]! -= 1;
    this.#stateCounts[to]! += 1;
    this.#state[op] = to;
    return from;
  }

  #stateCode(op: number): number {
    this.#check(op);
    return this.#state[op] as number;
  }

  #check(op: number): void {
    if (!Number.isInteger(op) || op < 0 || op >= this.#size) {
      throw new RangeError(`Expected an op id from 0 to ${this.#size - 1} (ids issue() returned), got \`${op}\` (${typeof op})`);
    }
  }

  #grow(): void {
    const capacity = Math.min(this.#capacity * 2, MAX_U32);
    if (capacity === this.#capacity) throw new RangeError(`The ledger is full: ${MAX_U32} ops`);
    this.#capacity = capacity;
    this.#state = grown(this.#state, new Uint8Array(capacity));
    this.#mayHaveApplied = grown(this.#mayHaveApplied, new Uint8Array(capacity));
    this.#reply = grown(this.#reply, new Float64Array(capacity));
    this.#batch = grown(this.#batch, new Uint32Array(capacity));
    this.#connection = grown(this.#connection, new Uint32Array(capacity));
    this.#attempts = grown(this.#attempts, new Uint32Array(capacity));
    this.#errorKind = grown(this.#errorKind, new Uint16Array(capacity));
  }
}

// Copies an array into its larger replacement.
const grown = <T extends Uint8Array | Uint16Array | Uint32Array | Float64Array>(from: T, to: T): T => {
  to.set(from);
  return to;
};

// Batch and connection numbers are stored as Uint32.
const checkU32 = (name: string, value: number): void => {
  if (!Number.isInteger(value) || value < 0 || value > MAX_U32) {
    throw new TypeError(`Expected \`${name}\` to be an integer from 0 to ${MAX_U32}, got \`${value}\` (${typeof value})`);
  }
};

// The ledger's table of error kind names ("ECONNRESET", "CONNECTION_CLOSED", ...): each distinct
// kind is stored once and ops keep a Uint16 index, so a million failed ops cost two bytes each.
// Index 0 means "no error". (The kinds themselves come from lab/metrics' errorKind.)

/** Most distinct error kinds one ledger can hold (index 0 is reserved for "none"). */
export const MAX_ERROR_KINDS = 0xffff;

/** A kind's first message is kept up to this many characters. */
const MESSAGE_CHARS = 300;

class ErrorKindTable {
  readonly #names: string[] = [''];
  readonly #indexes = new Map<string, number>();
  /** Errors reported per kind index, one per fail/indeterminate call. */
  readonly #reported: number[] = [0];
  /** The first message reported per kind index (cut to MESSAGE_CHARS). */
  readonly #first: (string | undefined)[] = [undefined];

  /** The index of `kind`, adding it on first sight. */
  indexOf(kind: string): number {
    if (typeof kind !== 'string') {
      throw new TypeError(`Expected \`errorKind\` to be a string, got \`${String(kind)}\` (${typeof kind})`);
    }
    const known = this.#indexes.get(kind);
    if (known !== undefined) return known;
    if (this.#names.length > MAX_ERROR_KINDS) {
      throw new RangeError(`Too many distinct error kinds (more than ${MAX_ERROR_KINDS}): pass a short kind such as the error's code or class name, not its full message`);
    }
    const index = this.#names.length;
    this.#names.push(kind);
    this.#reported.push(0);
    this.#first.push(undefined);
    this.#indexes.set(kind, index);
    return index;
  }

  /** Counts one reported error of the kind at `index`, keeping the kind's first message. */
  count(index: number, message?: string): void {
    this.#reported[index] = (this.#reported[index] ?? 0) + 1;
    if (message !== undefined && this.#first[index] === undefined) {
      this.#first[index] = message.length > MESSAGE_CHARS ? `${message.slice(0, MESSAGE_CHARS)}…` : message;
    }
  }

  /** The first message of each kind that has one. */
  firstMessages(): Record<string, string> {
    const entries: [string, string][] = [];
    for (let i = 1; i < this.#names.length; i++) {
      const first = this.#first[i];
      if (first !== undefined) entries.push([this.#names[i] as string, first]);
    }
    return Object.fromEntries(entries);
  }

  /** The kind at `index`, or null for 0 ("no error"). */
  nameOf(index: number): string | null {
    return index === 0 ? null : (this.#names[index] ?? null);
  }

  /** Reported errors by kind, kinds in first-seen order (kinds never counted are left out). */
  reportedByKind(): Record<string, number> {
    const entries: [string, number][] = [];
    for (let i = 1; i < this.#names.length; i++) {
      const reported = this.#reported[i] ?? 0;
      if (reported > 0) entries.push([this.#names[i] as string, reported]);
    }
    // fromEntries defines own properties, so even a kind named "__proto__" is kept as data.
    return Object.fromEntries(entries);
  }
}
