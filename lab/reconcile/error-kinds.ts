// The ledger's string table for error kinds ("ECONNRESET", "MaxRetriesPerRequestError", ...):
// each distinct kind is stored once and ops keep a Uint16 index, so a million failed ops cost
// two bytes each. Index 0 means "no error".

/** Most distinct error kinds one ledger can hold (index 0 is reserved for "none"). */
export const MAX_ERROR_KINDS = 0xffff;

export class ErrorKindTable {
  readonly #names: string[] = [''];
  readonly #indexes = new Map<string, number>();
  /** Errors reported per kind index, one per fail/indeterminate call. */
  readonly #reported: number[] = [0];

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
    this.#indexes.set(kind, index);
    return index;
  }

  /** Counts one reported error of the kind at `index`. */
  count(index: number): void {
    this.#reported[index] = (this.#reported[index] ?? 0) + 1;
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
