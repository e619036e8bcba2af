import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { parseScenario, ScenarioError } from '../../../lab/scenario/index.ts';

// Every leaf and every section of a valid file, replaced in turn by values of every wrong kind:
// the parser must answer each with located, hinted issues (or a valid scenario), never a crash.
const HOSTILE: unknown[] = [null, 0, -1.5, 1e12, '', 'x', '1_0', true, [null], { x: 1 }, '0ms'];

type Path = (string | number)[];
const pathsOf = (value: unknown, path: Path = []): Path[] => {
  const children = Array.isArray(value)
    ? value.flatMap((item, i) => pathsOf(item, [...path, i]))
    : typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...path, k]))
      : [];
  return path.length === 0 ? children : [path, ...children];
};

const replaced = (doc: unknown, path: Path, value: unknown): unknown => {
  const copy = structuredClone(doc) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1] as string | number] = value;
  return copy;
};

describe.each(['full-grammar.yaml', 'fault-cut.yaml'])('parseScenario on every field of %s replaced by hostile values', (name) => {
  const text = readFileSync(fileURLToPath(new URL(`../../fixtures/scenarios/${name}`, import.meta.url)), 'utf8');
  const doc: unknown = parse(text);

  it('answers with a scenario or with issues that each have a line, a field, a message and a hint', { timeout: 60_000 }, () => {
    let rejected = 0;
    for (const path of pathsOf(doc)) {
      for (const value of HOSTILE) {
        const mutated = stringify(replaced(doc, path, value));
        try {
          parseScenario(mutated, 'm.yaml');
        } catch (error) {
          if (!(error instanceof ScenarioError)) throw new Error(`${path.join('.')} = ${JSON.stringify(value)} crashed: ${String(error)}`);
          rejected++;
          for (const issue of error.issues) {
            expect(issue.line, `${path.join('.')} = ${JSON.stringify(value)}`).toBeGreaterThan(0);
            expect(issue.message.length).toBeGreaterThan(0);
            expect(issue.hint.length).toBeGreaterThan(0);
          }
        }
      }
    }
    expect(rejected).toBeGreaterThan(100);
  });
});
