import { describe, expect, it } from 'vitest';
import { printable, printableData, printableLines } from '../../../lab/report/printable.ts';

// Any C0 or C1 control, DEL, or bidirectional control: none may be written raw.
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('printable', () => {
  it('shows ESC, BEL, NUL, CR, tab, DEL and C1 controls as \\x escapes', () => {
    expect(printable('a\u001b]0;pwned\u0007b\u0000c\rd\te\u007ff\u009bg')).toBe('a\\x1b]0;pwned\\x07b\\x00c\\x0dd\\x09e\\x7ff\\x9bg');
  });

  it('shows bidirectional overrides, isolates and marks as \\u escapes', () => {
    expect(printable('safe\u202Etxt.exe \u2066x\u2069 \u200F')).toBe('safe\\u202etxt.exe \\u2066x\\u2069 \\u200f');
  });

  it('leaves printable text alone, other languages and emoji included', () => {
    const text = 'p99 < 5 ms · Ünïcødé 日本語 ✓ 🚀 "quoted" \\ path/to/file.yaml';
    expect(printable(text)).toBe(text);
  });

  it('printableLines keeps line breaks and escapes the rest', () => {
    expect(printableLines('one\u001b[2J\ntwo\u0007\n')).toBe('one\\x1b[2J\ntwo\\x07\n');
  });

  it('printableData escapes every string and key of a copy, and leaves the original', () => {
    const data = { name: 'x\u001b[31m', errors: { 'ERR \u0007bell': 3 }, list: ['\u202e', 1, null, true] };
    const shown = printableData(data);
    expect(shown).toStrictEqual({ name: 'x\\x1b[31m', errors: { 'ERR \\x07bell': 3 }, list: ['\\u202e', 1, null, true] });
    expect(data.name).toBe('x\u001b[31m');
    expect(RAW_CONTROL.test(JSON.stringify(shown))).toBe(false);
  });
});
