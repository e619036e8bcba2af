// Text to Scenario: YAML (and so JSON) parsing, the shape of the top level, then validation,
// with every problem located in the file. Pure and synchronous; parsing starts nothing.

import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import type { Scenario } from '../contracts/index.ts';
import { KEYS } from './defaults.ts';
import { validateScenario } from './validate.ts';
import { positionOf } from './yaml-positions.ts';
import { formatPath, type Problem } from './problems.ts';
import { scenarioError, type ScenarioIssue } from './scenario-error.ts';
import { syntaxIssues } from './yaml-syntax.ts';
import { errorMessage } from '../errors/index.ts';

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
