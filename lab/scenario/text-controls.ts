// Control characters in a scenario's free text (names, labels, descriptions, keys, scripts):
// refused at validation, because that text reaches terminals, tables and reports and a shared
// file must not be able to retitle, clear or reorder the reader's screen. Refused: C0 controls
// (NUL, BEL, ESC, CR, ...), DEL, C1 controls, and the bidirectional embeddings and overrides
// (U+202A-202E) and isolates (U+2066-2069). Multi-line text (description, script) may also hold
// line feeds and tabs. The left-to-right and right-to-left marks (U+200E, U+200F) are allowed:
// they reorder nothing around them. Everything printed is escaped again at the output boundary.

import type { FieldPath, Problem } from './problems.ts';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const NAMES: Record<number, string> = {
  0x00: 'NUL', 0x07: 'BEL', 0x08: 'backspace', 0x09: 'tab', 0x0a: 'line feed', 0x0d: 'carriage return', 0x1b: 'ESC', 0x7f: 'DEL', 0x9b: 'CSI',
  0x202a: 'left-to-right embedding', 0x202b: 'right-to-left embedding', 0x202c: 'pop directional formatting', 0x202d: 'left-to-right override', 0x202e: 'right-to-left override',
  0x2066: 'left-to-right isolate', 0x2067: 'right-to-left isolate', 0x2068: 'first strong isolate', 0x2069: 'pop directional isolate',
};

const describeChar = (code: number): string => {
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  const name = NAMES[code] ?? (code < 0x20 || (code >= 0x7f && code <= 0x9f) ? 'control character' : 'bidirectional control');
  return `${hex} (${name})`;
};

/** The problem with `text` when it holds a control character, pointing at the first one. */
export const controlCharacterProblem = (text: string, path: FieldPath, multiLine: boolean, hint: string): Problem | undefined => {
  const found = (multiLine ? CONTROL_MULTILINE : CONTROL).exec(text);
  if (found === null) return undefined;
  const code = found[0].charCodeAt(0);
  const allowed = multiLine ? 'printable text, line breaks and tabs' : 'printable text on one line';
  return {
    path,
    message: `must not contain control characters: ${describeChar(code)} at character ${found.index + 1}`,
    hint: `${allowed}, without control or bidirectional-override characters; ${hint}`,
    span: { index: found.index, text: found[0] },
  };
};
