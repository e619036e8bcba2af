// A server's log as the lab can read it back: the lines a started Redis wrote (local: its
// stdout; containers: the container's log), kept in order with a running count, so a run can
// mark where it started and read what the server wrote since (the server closing a client for
// its output buffer, on a Redis whose INFO does not count that).

/** The entry node's log: mark() before a span, since(mark) after it. */
export interface ServerLog {
  /** Lines written so far (a position, not an index into what is kept). */
  mark(): number;
  /** The lines written after `mark`, as far as they are still kept. */
  since(mark: number): string[];
}

const KEPT_LINES = 5_000;

/** Lines from a stream of text chunks, the last KEPT_LINES kept. */
export class LineLog implements ServerLog {
  private lines: string[] = [];
  private dropped = 0;
  private partial = '';

  push(chunk: string): void {
    const parts = (this.partial + chunk).split('\n');
    this.partial = parts.pop() ?? '';
    for (const line of parts) this.lines.push(line.replace(/\r$/, ''));
    if (this.lines.length > KEPT_LINES) {
      const extra = this.lines.length - KEPT_LINES;
      this.lines = this.lines.slice(extra);
      this.dropped += extra;
    }
  }

  mark(): number {
    return this.dropped + this.lines.length;
  }

  since(mark: number): string[] {
    return this.lines.slice(Math.max(0, mark - this.dropped));
  }
}
