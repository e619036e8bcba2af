// ANSI styling for the terminal table. Every styled string goes through paint(), so with
// color off not a single escape code is written.

import type { Verdict } from '../contracts/index.ts';
export type Style = 'pass' | 'fail' | 'warn' | 'dim' | 'bold';

const CODES: Record<Style, readonly [open: string, close: string]> = {
  pass: ['\u001b[32m', '\u001b[39m'],
  fail: ['\u001b[31m', '\u001b[39m'],
  warn: ['\u001b[33m', '\u001b[39m'],
  dim: ['\u001b[2m', '\u001b[22m'],
  bold: ['\u001b[1m', '\u001b[22m'],
};

// Wrap text in a style's codes, or return it untouched when color is off.
export const paint = (text: string, style: Style | undefined, color: boolean): string => {
  if (!color || style === undefined || text === '') return text;
  const [open, close] = CODES[style];
  return `${open}${text}${close}`;
};

// PASS in green or FAIL in red: the verdict word used everywhere.
export const verdict = (pass: boolean, color: boolean): string =>
  paint(pass ? 'PASS' : 'FAIL', pass ? 'pass' : 'fail', color);

// A reconcile verdict in its color: SAFE green, UNSAFE red, UNKNOWN yellow.
export const safetyStyle = (value: Verdict): Style =>
  value === 'SAFE' ? 'pass' : value === 'UNSAFE' ? 'fail' : 'warn';
