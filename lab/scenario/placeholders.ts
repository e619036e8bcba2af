// Placeholders in keys, args and expected replies: `{i}` (the operation's key index or, in
// args, its index), `{key}` and `{value}`. Other braces are kept as written (Redis hash tags
// such as `{user1}`), so only a near miss (`{idx}`, `{I}`, `{val}`) is reported as a typo.

import { closest } from './suggest.ts';
import type { FieldPath, Problem } from './problems.ts';

export const PLACEHOLDERS = ['i', 'key', 'value'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

const MEANINGS: Record<Placeholder, string> = { i: 'the index', key: "the operation's key", value: "the operation's value" };
const TOKEN = /\{([A-Za-z_][\w-]*)\}/g;

const listed = (names: readonly Placeholder[]): string => names.map((n) => `{${n}} (${MEANINGS[n]})`).join(', ');

/** Reports placeholders that are misspelt, or valid elsewhere but not in this field. */
export const checkPlaceholders = (
  text: string,
  allowed: readonly Placeholder[],
  path: FieldPath,
  where: string,
  problems: Problem[],
): void => {
  const all: readonly string[] = PLACEHOLDERS;
  for (const match of text.matchAll(TOKEN)) {
    const name = match[1] ?? '';
    const span = { index: match.index, text: match[0] };
    if ((allowed as readonly string[]).includes(name)) continue;
    if (all.includes(name)) {
      problems.push({ path, span, message: `{${name}} cannot be used in ${where}`, hint: `${where} may use ${listed(allowed)}` });
      continue;
    }
    const guess = closest(name, allowed);
    if (guess === undefined) continue;
    const hint = `placeholders in ${where}: ${listed(allowed)}; other braces are kept as written (Redis hash tags)`;
    problems.push({ path, span, message: `unknown placeholder {${name}}; did you mean {${guess}}?`, hint });
  }
};
