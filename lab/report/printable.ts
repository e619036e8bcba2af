// Text from outside the lab (scenario names, server replies, module errors, file paths, keys
// echoed from a file) as a terminal may show it: every control character that could move the
// cursor, retitle or clear the window, ring the bell or reorder the line shows as an escape
// (`\x1b`, `\u202e`) instead of acting. The CLI passes every message through printableLines, and
// the terminal renderers (table, cluster table, comparison) render a copy of the result whose
// strings went through printable; their own colour codes are added after, when colour is on.

// C0 controls, DEL, C1 controls, the Arabic letter mark, LRM/RLM, the line and paragraph
// separators, the bidirectional embeddings and overrides (U+202A-202E) and isolates (U+2066-2069).
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const escapeOne = (char: string): string => {
  const code = char.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
};

/** One line of text with every control character shown as an escape (newlines too). */
export const printable = (text: string): string => text.replace(UNPRINTABLE, escapeOne);

/** Text of several lines: each line printable, the line breaks kept. */
export const printableLines = (text: string): string => text.split('\n').map(printable).join('\n');

const MAX_DEPTH = 64;

// A copy of plain data (a result read from JSON or built by the lab) with every string, keys
// included, made printable; strings that need nothing are shared, not copied.
const printableCopy = (value: unknown, depth: number): unknown => {
  if (typeof value === 'string') return printable(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_DEPTH) return '(nested too deep to show)';
  if (Array.isArray(value)) return value.map((item) => printableCopy(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[printable(key)] = printableCopy(item, depth + 1);
  return out;
};

/** A copy of a result (or any JSON-like value) whose every string is printable. */
export const printableData = <T>(value: T): T => printableCopy(value, 0) as T;
