// A Comparison as Markdown for a CI job page (GitHub's step summary): the outcome first, then
// one row per failing figure, then the whole terminal text in a collapsed block.

import type { Comparison } from './compare.ts';
import { renderComparison } from './compare-text.ts';

// A table cell: no pipe or line break may end the cell early.
const cell = (text: string): string => text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');

/** The comparison as Markdown: `## compare: PASS|FAIL`, the failures as a table, the full text folded. */
export const renderComparisonMarkdown = (c: Comparison, names: { base: string; next: string }): string => {
  const text = renderComparison(c);
  const last = text.trimEnd().split('\n').at(-1) ?? '';
  const failures = c.configs.flatMap((config) =>
    config.failure === null ? [] : config.failure.split('; ').map((reason) => [config.id === config.nextId ? config.id : `${config.id} → ${config.nextId}`, reason]),
  );
  const missing = c.allowMissing ? [] : [...c.onlyInBase.map((id) => [id, 'only in base']), ...c.onlyInNew.map((id) => [id, 'only in new'])];
  const unsafe = c.verdictChanges.filter((v) => v.fails).map((v) => [v.id, `verdict ${v.base} → UNSAFE`]);
  const risen = c.countChanges.flatMap((v) => (v.failure === null ? [] : [[v.id, `${v.metric} ${v.base} → ${v.next}: ${v.failure}`]]));
  const rows = [...failures, ...missing, ...unsafe, ...risen];
  const fence = '`'.repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  return [
    `## compare: ${c.pass ? 'PASS' : 'FAIL'}`,
    '',
    `\`${cell(names.base)}\` → \`${cell(names.next)}\`, threshold ${c.thresholdPct}%, ${c.configs.length} config(s) compared.`,
    '',
    ...(rows.length === 0 ? [cell(last)] : ['| config | why it fails |', '| --- | --- |', ...rows.map(([id, why]) => `| ${cell(id as string)} | ${cell(why as string)} |`)]),
    '',
    '<details><summary>Full comparison</summary>',
    '',
    fence,
    text.trimEnd(),
    fence,
    '',
    '</details>',
    '',
  ].join('\n');
};
