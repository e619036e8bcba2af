// YAML syntax errors, rewritten as scenario issues with a hint a user can act on.

import type { LineCounter, YAMLError } from 'yaml';
import type { ScenarioIssue } from './scenario-error.ts';

const LAYOUT_HINT =
  "check the indentation (spaces, one column per mapping) and quoting: text containing ': ' or starting with {, [, *, & or ! needs quotes";

const HINTS: Readonly<Record<string, string>> = {
  DUPLICATE_KEY: 'each key may appear once in a mapping; remove or rename one',
  TAB_AS_INDENT: 'indent with spaces, not tabs',
  MULTIPLE_DOCS: "a scenario file holds one document; remove the extra '---' or split the file",
  MULTILINE_IMPLICIT_KEY: "a key must fit on one line; is a ':' missing, or does a value need quotes?",
  BLOCK_AS_IMPLICIT_KEY: "a key must fit on one line; is a ':' missing, or does a value need quotes?",
  BAD_DQ_ESCAPE: 'inside double quotes a backslash starts an escape; use single quotes or write \\\\',
};

// `"name" appears twice…` reads better than yaml's "Map keys must be unique".
const duplicateKeyMessage = (text: string, offset: number): string => {
  const key = /^[^:\n]*/.exec(text.slice(offset))?.[0].trim() ?? '';
  return key === '' ? 'a key appears twice in the same mapping' : `key ${key} appears twice in the same mapping`;
};

// One issue per YAML error, at the position yaml reports.
export const syntaxIssues = (file: string, text: string, errors: readonly YAMLError[], lineCounter: LineCounter): ScenarioIssue[] =>
  errors.map((error) => {
    const { line, col } = lineCounter.linePos(error.pos[0]);
    const detail = error.code === 'DUPLICATE_KEY' ? duplicateKeyMessage(text, error.pos[0]) : error.message.split('\n')[0] ?? error.code;
    return { file, line, col, field: '', message: `invalid YAML: ${detail}`, hint: HINTS[error.code] ?? LAYOUT_HINT };
  });
