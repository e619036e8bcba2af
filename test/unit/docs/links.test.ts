// Every relative link in README.md and docs/ reaches a file that exists, and a link to a
// heading (#anchor) reaches a heading that exists on that page; docs/README.md, the index,
// links every page under docs/.

import { existsSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, headingAnchor, linkTargets, markdownFiles, ROOT } from './markdown.ts';

const files = markdownFiles();
const byPath = new Map(files.map((file) => [file.path, file]));

/** What is wrong with one link of one page, or undefined. */
const brokenLink = (from: string, target: string): string | undefined => {
  if (/^[a-z][a-z+.-]*:/i.test(target)) return undefined; // https:, mailto:, ...
  const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
  const path = pathPart === '' ? from : normalize(join(dirname(from), decodeURIComponent(pathPart)));
  if (path.startsWith('..')) return `${target}: outside the project`;
  if (!existsSync(join(ROOT, path))) return `${target}: no file ${path}`;
  if (anchor === undefined) return undefined;
  const page = byPath.get(path);
  if (!page) return `${target}: #${anchor} on a file that is not a checked Markdown page`;
  return anchors(page.text).has(anchor) ? undefined : `${target}: no heading #${anchor} in ${path}`;
};

describe('Markdown links in README.md and docs/', () => {
  it('computes heading anchors the way GitHub does', () => {
    expect(headingAnchor('The C load engine: `engine: redis-benchmark`')).toBe('the-c-load-engine-engine-redis-benchmark');
    expect(headingAnchor('Editor support (JSON Schema)')).toBe('editor-support-json-schema');
  });

  it('finds links (the README links the docs)', () => {
    expect(linkTargets(byPath.get('README.md')!.text)).toContain('docs/README.md');
  });

  it('has no broken relative link or anchor', () => {
    const broken = files.flatMap((file) => linkTargets(file.text).flatMap((target) => brokenLink(file.path, target) ?? []).map((why) => `${file.path}: ${why}`));
    expect(broken).toEqual([]);
  });

  it('reports a broken link and a broken anchor', () => {
    expect(brokenLink('docs/README.md', 'no-such-page.md')).toMatch(/no file docs\/no-such-page\.md/);
    expect(brokenLink('README.md', 'docs/results.md#no-such-heading')).toMatch(/no heading #no-such-heading/);
    expect(brokenLink('README.md', 'docs/results.md#reading-the-table')).toBeUndefined();
  });

  it('links every page under docs/ from the index, docs/README.md', () => {
    const index = byPath.get('docs/README.md')!;
    const linked = new Set(linkTargets(index.text).map((target) => normalize(join('docs', target.split('#')[0]!))));
    const pages = files.map((file) => file.path).filter((path) => path.startsWith('docs/') && path !== 'docs/README.md');
    expect(pages.filter((path) => !linked.has(path)).map((path) => relative('docs', path))).toEqual([]);
  });
});
