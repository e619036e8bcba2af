// Maps a field path back to where it is written, so every problem reads file:line:col.

import { isAlias, isMap, isScalar, isSeq, type Document, type LineCounter } from 'yaml';
import type { Problem } from './problems.ts';

export interface Position {
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
export const positionOf = (doc: Document, lineCounter: LineCounter, text: string, problem: Problem): Position =>
  lineCounter.linePos(problemOffset(doc, text, problem));
