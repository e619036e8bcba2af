// The thin part of the progress display that touches a stream: on a TTY it redraws one bar line
// in place with "\r" (padding over what was there, no escape codes) and prints event lines above
// it; elsewhere it writes one line per event. The CLI decides whether to show progress at all.

import type { ProgressListener } from '../../contracts/index.ts';
import { ProgressBar } from './progress-bar.ts';
import { formatProgress } from './progress-lines.ts';

export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface ProgressWriterOptions {
  /** Redraw one bar line in place (TTY) instead of one line per event. @default stream.isTTY === true */
  bar?: boolean;
  /** Clock in ms. @default performance.now */
  now?: () => number;
  /** How often the bar is redrawn between events, so elapsed and ETA move; 0 turns it off. @default 1000 */
  redrawMs?: number;
}

export interface ProgressWriter {
  /** Pass as runScenario's onProgress. */
  listener: ProgressListener;
  /** Print a line without tearing the bar (it is erased, the line written, the bar redrawn). */
  log(line: string): void;
  /** Erase the bar and stop redrawing; call when the run is over (also on error). */
  close(): void;
}

/** `none` with --quiet, `bar` on a TTY, else `lines`. */
export const progressMode = (stream: Pick<ProgressStream, 'isTTY'>, quiet: boolean): 'none' | 'bar' | 'lines' =>
  quiet ? 'none' : stream.isTTY === true ? 'bar' : 'lines';

// One line per event: the non-TTY progress. Measured runs go round the configs of a link in an
// order rotated each round (so no config always runs first), which makes the "[i/n]" numbers
// jump: a line says where each later round starts, so the order reads as planned, not shuffled.
const lineWriter = (stream: ProgressStream): ProgressWriter => {
  let round = -1;
  return {
    listener: (event) => {
      if (event.type === 'run-done' && !event.warmup && event.runIndex !== round) {
        if (event.runIndex > 0) stream.write(`${roundLine(event.runIndex, event.runCount, event.configId)}\n`);
        round = event.runIndex;
      }
      if (event.type === 'calibrated') round = -1; // a new link starts its rounds again
      const line = formatProgress(event);
      if (line !== null) stream.write(`${line}\n`);
    },
    log: (line) => void stream.write(`${line}\n`),
    close: () => undefined,
  };
};

const roundLine = (runIndex: number, runCount: number, firstId: string): string =>
  `measured round ${runIndex + 1}/${runCount}, rotated to start at ${firstId} (no config always runs first)`;

export const createProgressWriter = (stream: ProgressStream, options: ProgressWriterOptions = {}): ProgressWriter => {
  if (!(options.bar ?? stream.isTTY === true)) return lineWriter(stream);
  const now = options.now ?? (() => performance.now());
  const bar = new ProgressBar();
  let drawn = '';
  // Bar text no wider than the terminal, or a wrapped line would break the "\r" redraw.
  const width = () => Math.max(20, (stream.columns ?? 80) - 1);
  const erase = () => {
    if (drawn !== '') stream.write(`\r${' '.repeat(drawn.length)}\r`);
    drawn = '';
  };
  const redraw = () => {
    const text = bar.text(now(), width());
    if (text === drawn) return;
    stream.write(`\r${text}${' '.repeat(Math.max(0, drawn.length - text.length))}`);
    if (text === '') stream.write('\r');
    drawn = text;
  };
  const print = (lines: readonly string[]) => {
    if (lines.length === 0) return;
    erase();
    stream.write(lines.map((line) => `${line}\n`).join(''));
  };
  const redrawMs = options.redrawMs ?? 1000;
  const timer = redrawMs > 0 ? setInterval(redraw, redrawMs) : undefined;
  timer?.unref();
  return {
    listener: (event) => {
      print(bar.feed(event, now()));
      redraw();
    },
    log: (line) => {
      print([line]);
      redraw();
    },
    close: () => {
      if (timer !== undefined) clearInterval(timer);
      erase();
    },
  };
};
