// How text looks on a terminal: whether a stream gets colour at all, the ANSI styles (every
// styled string goes through paint(), so with colour off not a single escape code is written),
// and word-wrapping of notes and long lines to the terminal's width.

import type { Verdict } from '../contracts/index.ts';

/** The little of a stream and of process.env that the colour decision reads. */
export interface ColorStream {
  isTTY?: boolean;
}
export type ColorEnv = Readonly<Record<string, string | undefined>>;

/** True when `stream` is a TTY, NO_COLOR is unset or empty, and FORCE_COLOR is not 0 / false
 * (https://no-color.org). */
export const shouldColor = (stream: ColorStream, env: ColorEnv): boolean => {
  if (stream.isTTY !== true) return false;
  const noColor = env.NO_COLOR;
  if (noColor !== undefined && noColor !== '') return false;
  const force = env.FORCE_COLOR?.trim().toLowerCase();
  return force !== '0' && force !== 'false';
};

export type Style = 'pass' | 'fail' | 'warn' | 'dim' | 'bold';

const CODES: Record<Style, readonly [open: string, close: string]> = {
  pass: ['\u001b[32m', '\u001b[39m'],
  fail: ['\u001b[31m', '\u001b[39m'],
  warn: ['\u001b[33m', '\u001b[39m'],
  dim: ['\u001b[2m', '\u001b[22m'],
  bold: ['\u001b[1m', '\u001b[22m'],
};

/** Wraps text in a style's codes, or returns it untouched when colour is off. */
export const paint = (text: string, style: Style | undefined, color: boolean): string => {
  if (!color || style === undefined || text === '') return text;
  const [open, close] = CODES[style];
  return `${open}${text}${close}`;
};

/** PASS in green or FAIL in red: the pass/fail word used everywhere. */
export const passFail = (pass: boolean, color: boolean): string => paint(pass ? 'PASS' : 'FAIL', pass ? 'pass' : 'fail', color);

/** A reconcile verdict's colour: SAFE green, UNSAFE red, UNKNOWN and NOT-TESTED yellow. */
export const verdictStyle = (value: Verdict): Style => (value === 'SAFE' ? 'pass' : value === 'UNSAFE' ? 'fail' : 'warn');

// Notes under a table: short phrases joined by "; " and word-wrapped to the terminal width.

/** The phrases joined by "; " as lines no longer than `width` (a single longer word stays whole). */
export const wrapNote = (phrases: readonly string[], width: number): string[] => {
  const words = phrases.join('; ').split(' ').filter((word) => word !== '');
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    if (current !== '' && current.length + 1 + word.length > width) {
      lines.push(current);
      current = word;
    } else {
      current = current === '' ? word : `${current} ${word}`;
    }
  }
  if (current !== '') lines.push(current);
  return lines;
};

/** One line wrapped to `width`; continuation lines keep its indentation plus 4 spaces. */
export const hangWrap = (line: string, width: number): string[] => {
  if (line.length <= width) return [line];
  const indent = /^ */.exec(line)?.[0] ?? '';
  const hanging = `${indent}    `;
  const lines: string[] = [];
  let current = indent;
  let empty = true;
  for (const word of line.slice(indent.length).split(' ').filter((w) => w !== '')) {
    if (!empty && current.length + 1 + word.length > width) {
      lines.push(current);
      current = hanging + word;
    } else {
      current = empty ? current + word : `${current} ${word}`;
    }
    empty = false;
  }
  lines.push(current);
  return lines;
};
