// The project's Markdown as the docs tests read it: README.md and every page under docs/, their
// fenced code blocks (with the info string and the line each opens on) and their links.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface MarkdownFile {
  /** Relative to the project root, e.g. docs/faults.md. */
  path: string;
  text: string;
}

const pagesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return pagesUnder(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });

/** README.md and docs/**\/*.md, in a stable order. */
export const markdownFiles = (root = ROOT): MarkdownFile[] =>
  [join(root, 'README.md'), ...pagesUnder(join(root, 'docs')).sort()].map((file) => ({
    path: relative(root, file),
    text: readFileSync(file, 'utf8'),
  }));

export interface CodeBlock {
  /** The info string after the opening fence, e.g. `yaml` or `yaml fragment`. */
  info: string;
  /** 1-based line of the opening fence. */
  line: number;
  body: string;
}

/** The fenced (```) code blocks of a Markdown text; an indented fence counts, its indent is removed. */
export const codeBlocks = (text: string): CodeBlock[] => {
  const blocks: CodeBlock[] = [];
  let open: { info: string; line: number; indent: number; lines: string[] } | undefined;
  text.split('\n').forEach((raw, index) => {
    const fence = /^(\s*)```(.*)$/.exec(raw);
    if (open) {
      if (fence && fence[2]!.trim() === '') {
        blocks.push({ info: open.info, line: open.line, body: open.lines.join('\n') + '\n' });
        open = undefined;
      } else {
        open.lines.push(raw.slice(Math.min(open.indent, raw.length - raw.trimStart().length)));
      }
    } else if (fence) {
      open = { info: fence[2]!.trim(), line: index + 1, indent: fence[1]!.length, lines: [] };
    }
  });
  if (open) throw new Error(`a code fence opened on line ${open.line} is never closed`);
  return blocks;
};

/** The text outside fenced code blocks. */
const withoutFences = (text: string): string => text.replace(/^\s*```[\s\S]*?^\s*```\s*$/gm, '');

/** The text outside fenced code blocks and inline code, where links are links. */
const prose = (text: string): string => withoutFences(text).replace(/`[^`\n]*`/g, '');

/** Every link target of a Markdown text: `[text](target)` and `![alt](target)`, outside code. */
export const linkTargets = (text: string): string[] => [...prose(text).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!);

/** GitHub's anchor for a heading: lower-case, punctuation dropped, spaces to hyphens. */
export const headingAnchor = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The anchors a Markdown text's headings (outside code) define. */
export const anchors = (text: string): Set<string> =>
  new Set(
    withoutFences(text)
      .split('\n')
      .flatMap((line) => {
        const heading = /^#{1,6}\s+(.*)$/.exec(line);
        return heading ? [headingAnchor(heading[1]!)] : [];
      }),
  );
