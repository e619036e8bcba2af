// Argument templates with the placeholders `{i}` (operation index), `{key}` (the operation's
// key) and `{value}` (the operation's value), compiled once so that filling one in during a
// run is a few concatenations.

export interface PlaceholderValues {
  /** The operation index. */
  i: number;
  key: () => string;
  value: () => string;
}

/** A compiled template: `fill` builds the text for one operation. */
export interface Template {
  readonly text: string;
  /** False when the text has no placeholder (fill returns it unchanged). */
  readonly dynamic: boolean;
  /** True when the text uses `{value}` (the plan then needs value sizes). */
  readonly usesValue: boolean;
  fill(values: PlaceholderValues): string;
}

const PLACEHOLDER = /\{(i|key|value)\}/;

/** Compiles `text` into literal parts and placeholders. */
export const compileTemplate = (text: string): Template => {
  // split with a capture group alternates literal, name, literal, name, …, literal.
  const parts = text.split(PLACEHOLDER);
  if (parts.length === 1) return { text, dynamic: false, usesValue: false, fill: () => text };
  const usesValue = parts.some((part, n) => n % 2 === 1 && part === 'value');
  const fill = (values: PlaceholderValues): string => {
    let out = parts[0] ?? '';
    for (let n = 1; n < parts.length; n += 2) {
      const name = parts[n];
      out += name === 'i' ? String(values.i) : name === 'key' ? values.key() : values.value();
      out += parts[n + 1] ?? '';
    }
    return out;
  };
  return { text, dynamic: true, usesValue, fill };
};
