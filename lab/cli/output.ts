// The CLI's output boundary: every byte the command line writes goes through here. Secrets are
// redacted (the runtimes' passwords, URL credentials: lab/errors/redact.ts) and text from
// outside the lab is made printable (control characters as escapes: lab/report/printable.ts).
// Renderers that colour their output (the table) escape the result's strings themselves before
// adding their codes, so their output is only redacted here.

import { redact } from '../errors/index.ts';
import { printableLines, type ProgressStream } from '../report/index.ts';

// Progress text: its own carriage returns (bar redraws) and line feeds kept, every other control
// character (a server's reply inside a run's failure) escaped.
const printableProgress = (text: string): string => text.split('\r').map(printableLines).join('\r');

interface Writable {
  write(text: string): unknown;
}

/** Writes a message (or uncoloured text): redacted, control characters escaped, line breaks kept. */
export const say = (stream: Writable, text: string): void => {
  stream.write(printableLines(redact(text)));
};

/** Writes a renderer's output that already escaped its data and may hold its own colour codes: redacted only. */
export const show = (stream: Writable, text: string): void => {
  stream.write(redact(text));
};

/** The progress stream as the progress writer sees it: its redraws (\r) kept, secrets redacted, other controls escaped. */
export const redactedStream = (stream: NodeJS.WriteStream): ProgressStream => ({
  write: (text: string) => stream.write(printableProgress(redact(text))),
  get isTTY() {
    return stream.isTTY;
  },
  get columns() {
    return stream.columns;
  },
});
