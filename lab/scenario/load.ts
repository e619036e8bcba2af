// Loading a scenario: a file from disk (a path that cannot be read is its own error code), its
// text through YAML (and so JSON), then validation, with every problem placed at file:line:col
// of the source. Parsing is pure and synchronous; it starts nothing.

import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type YAMLError } from 'yaml';
import type { Scenario } from '../contracts/index.ts';
import { LabError, errorMessage } from '../errors/index.ts';
import { KEYS } from './defaults.ts';
import { validateScenario } from './validate.ts';
import { formatPath, scenarioError, type Problem, type ScenarioIssue } from './problems.ts';
import { attachTraces } from './trace/trace-workload.ts';

// Says why the file could not be read and what to check, by errno code.
const unreadable = (path: string, error: unknown): LabError => {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const absolute = resolve(path);
  if (code === 'ENOENT') {
    return new LabError('E_SCENARIO_NOT_FOUND', `scenario file not found: ${path}`, {
      hint: `looked for ${absolute}; relative paths start at the current directory (shipped scenarios are in scenarios/)`,
      cause: error,
    });
  }
  if (code === 'EISDIR') {
    return new LabError('E_SCENARIO_NOT_FOUND', `scenario path is a directory: ${path}`, {
      hint: 'give a .yaml or .json scenario file inside it',
      cause: error,
    });
  }
  return new LabError('E_SCENARIO_NOT_FOUND', `cannot read scenario file ${path}: ${errorMessage(error)}`, {
    hint: `check that ${absolute} is a readable file`,
    cause: error,
  });
};

/** Reads and parses a scenario file; `file` on the result is the path as given. */
export const loadScenarioFile = async (path: string): Promise<Scenario> => {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw unreadable(path, error);
  }
  return attachTraces({ ...parseScenario(text, path), file: path }, path);
};

// --- text to Scenario: the shape of the top level, then validation, every problem located.

const TOP_HINT = `a scenario is a mapping with keys ${KEYS.top.join(', ')} (name, workload and modes are required)`;

// A problem of the whole file (empty, not a mapping), reported at its first content.
const fileIssue = (file: string, lineCounter: LineCounter, offset: number, message: string): ScenarioIssue => ({
  file,
  ...lineCounter.linePos(offset),
  field: '',
  message,
  hint: TOP_HINT,
});

// What the top level is, when it is not a mapping.
const topLevelKind = (doc: Document): string =>
  isSeq(doc.contents) ? 'a list' : isScalar(doc.contents) ? `the value ${JSON.stringify(doc.contents.value)}` : 'something else';

// Converts the document to plain data, turning yaml's own failures (alias bombs) into issues.
const toPlainData = (doc: Document, file: string, lineCounter: LineCounter): unknown => {
  try {
    return doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    throw scenarioError(file, [fileIssue(file, lineCounter, 0, `invalid YAML: ${errorMessage(error)}`)]);
  }
};

/** Parses scenario text; `fileLabel` names the file in messages. Throws a ScenarioError. */
export const parseScenario = (text: string, fileLabel: string): Scenario => {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) throw scenarioError(fileLabel, syntaxIssues(fileLabel, text, doc.errors, lineCounter));
  const contents = doc.contents;
  if (contents === null || (isScalar(contents) && contents.value === null)) {
    throw scenarioError(fileLabel, [fileIssue(fileLabel, lineCounter, 0, 'the file is empty')]);
  }
  if (!isMap(contents)) {
    const offset = contents.range?.[0] ?? 0;
    throw scenarioError(fileLabel, [fileIssue(fileLabel, lineCounter, offset, `top level: expected a mapping, got ${topLevelKind(doc)}`)]);
  }
  const problems: Problem[] = [];
  const scenario = validateScenario(toPlainData(doc, fileLabel, lineCounter) as Record<string, unknown>, problems);
  if (problems.length > 0 || scenario === undefined) {
    const issues = problems.map((problem): ScenarioIssue => ({
      file: fileLabel,
      ...positionOf(doc, lineCounter, text, problem),
      field: formatPath(problem.path),
      message: problem.message,
      hint: problem.hint,
    }));
    throw scenarioError(fileLabel, issues);
  }
  return scenario;
};

// --- YAML syntax errors, rewritten as scenario issues with a hint a user can act on.

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
const syntaxIssues = (file: string, text: string, errors: readonly YAMLError[], lineCounter: LineCounter): ScenarioIssue[] =>
  errors.map((error) => {
    const { line, col } = lineCounter.linePos(error.pos[0]);
    const detail = error.code === 'DUPLICATE_KEY' ? duplicateKeyMessage(text, error.pos[0]) : error.message.split('\n')[0] ?? error.code;
    return { file, line, col, field: '', message: `invalid YAML: ${detail}`, hint: HINTS[error.code] ?? LAYOUT_HINT };
  });

// --- a field path back to where it is written, so every problem reads file:line:col.

interface Position {
  line: number;
  col: number;
}

interface Located {
  node: unknown;
  /** The key through which the node was reached, when it is a mapping value. */
  key: unknown;
  found: boolean;
}

// Where a yaml node starts in the source, if it came from the source.
const startOf = (node: unknown): number | undefined => {
  if (typeof node !== 'object' || node === null || !('range' in node)) return undefined;
  const range = (node as { range?: [number, number, number] | null }).range;
  return range?.[0];
};

// `key:` with nothing after it yields an empty null scalar; point at its key instead.
const isEmptyScalar = (node: unknown): boolean => isScalar(node) && node.value === null && node.source === '';

// A mapping key as the plain data sees it (toJS turns keys into strings).
const keyText = (key: unknown): string => (isScalar(key) ? String(key.value) : String(key));

// Follows the path as far as the document goes: a missing key resolves to its nearest parent.
const walk = (doc: Document, path: Problem['path']): Located => {
  let located: Located = { node: doc.contents, key: undefined, found: true };
  for (const segment of path) {
    const node = isAlias(located.node) ? located.node.resolve(doc) : located.node;
    if (isMap(node)) {
      const pair = node.items.find((item) => keyText(item.key) === String(segment));
      if (pair === undefined) return { ...located, found: false };
      located = { node: pair.value, key: pair.key, found: true };
    } else if (isSeq(node) && typeof segment === 'number' && node.items[segment] !== undefined) {
      located = { node: node.items[segment], key: undefined, found: true };
    } else {
      return { ...located, found: false };
    }
  }
  return located;
};

// The offset of a token inside a one-line plain or quoted scalar, if the source text confirms it.
const spanOffset = (text: string, node: unknown, span: NonNullable<Problem['span']>): number | undefined => {
  if (!isScalar(node) || node.range === undefined || node.range === null) return undefined;
  const lead = node.type === 'PLAIN' ? 0 : node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE' ? 1 : undefined;
  if (lead === undefined || span.index < 0) return undefined;
  const offset = node.range[0] + lead + span.index;
  return text.slice(offset, offset + span.text.length) === span.text ? offset : undefined;
};

// The source offset a problem should be reported at.
const problemOffset = (doc: Document, text: string, problem: Problem): number => {
  const located = walk(doc, problem.path);
  const keyStart = startOf(located.key);
  const nodeStart = isEmptyScalar(located.node) ? undefined : startOf(located.node);
  const wantsKey = !located.found || problem.at === 'key';
  const span = located.found && problem.span !== undefined ? spanOffset(text, located.node, problem.span) : undefined;
  const start = span ?? (wantsKey ? (keyStart ?? nodeStart) : (nodeStart ?? keyStart));
  return start ?? startOf(doc.contents) ?? 0;
};

// Line and column (both from 1) of a validation problem.
const positionOf = (doc: Document, lineCounter: LineCounter, text: string, problem: Problem): Position =>
  lineCounter.linePos(problemOffset(doc, text, problem));
