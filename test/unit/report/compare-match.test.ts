// compare --match pairs configs across one changed axis (every other axis the same), and
// --markdown's summary: the outcome, one row per failure, the full text folded. Pure logic.

import { describe, expect, it } from 'vitest';
import type { ConfigResult, LabResult } from '../../../lab/contracts/index.ts';
import { isLabError } from '../../../lab/errors/index.ts';
import { compareResults, parseAxisMatch } from '../../../lab/report/compare/compare.ts';
import { renderComparisonMarkdown } from '../../../lab/report/compare/compare-markdown.ts';
import { labResult } from './lab-result.fixture.ts';

const at = (c: ConfigResult, rttMs: number, factor = 1): ConfigResult => ({
  ...c,
  id: c.id.replace(/rtt=\d+ms/, `rtt=${rttMs}ms`),
  rttMs,
  runs: c.runs.map((r) => ({ ...r, totalMs: r.totalMs * factor })),
  medianMs: c.medianMs === null ? null : c.medianMs * factor,
});

const proxied = labResult.configs.filter((c) => c.link === 'proxied' && c.rttMs === 10);
const resultOf = (configs: ConfigResult[]): LabResult => ({ ...labResult, configs, reconcile: [] });

describe('parseAxisMatch', () => {
  it('reads <axis>=<base>-><new> for a registry selector axis', () => {
    expect(parseAxisMatch('rtt=10ms->12ms')).toEqual({ selector: 'rtt', from: '10ms', to: '12ms' });
    expect(parseAxisMatch('clients=shared->pool:8')).toEqual({ selector: 'clients', from: 'shared', to: 'pool:8' });
  });

  it('refuses another shape or an axis the registry does not select', () => {
    for (const bad of ['rtt=10ms', 'speed=1->2', 'rtt->12ms', 'direct=a->b']) {
      let thrown: unknown;
      try {
        parseAxisMatch(bad);
      } catch (error) {
        thrown = error;
      }
      expect(isLabError(thrown) && thrown.code, bad).toBe('E_USAGE');
    }
  });
});

describe('compare --match', () => {
  const base = resultOf(proxied);
  const next = resultOf(proxied.map((c) => at(c, 12)));

  it('pairs each base config at rtt=10ms with the new one at rtt=12ms and the same other axes', () => {
    const comparison = compareResults(base, next, 10, { match: parseAxisMatch('rtt=10ms->12ms') });
    expect(comparison.configs.map((c) => [c.id, c.nextId])).toEqual(proxied.map((c) => [c.id, c.id.replace('rtt=10ms', 'rtt=12ms')]));
    expect(comparison.onlyInBase).toEqual([]);
    expect(comparison.onlyInNew).toEqual([]);
    expect(comparison.pass).toBe(true);
  });

  it('fails a pair that got slower beyond noise, and leaves configs of other values on one side', () => {
    const slower = resultOf([...proxied.map((c) => at(c, 12, 1.5)), at(proxied[0]!, 20)]);
    const comparison = compareResults(base, slower, 10, { match: parseAxisMatch('rtt=10ms->12ms') });
    expect(comparison.pass).toBe(false);
    expect(comparison.configs.find((c) => c.id === 'sync@rtt=10ms')?.failure).toMatch(/^median 50\.0% slower/);
    expect(comparison.onlyInNew).toEqual([at(proxied[0]!, 20).id]);
  });

  it('throws E_COMPARE_NOTHING with a hint naming the match when no pair exists, and never pairs configs differing on another axis (the workload)', () => {
    expect(() => compareResults(base, next, 10, { match: parseAxisMatch('rtt=10ms->13ms') })).toThrow(/no config or reconcile row in common/);
    const otherMode = resultOf(proxied.map((c) => ({ ...at(c, 12), workload: 'GET' })));
    let thrown: unknown;
    try {
      compareResults(base, otherMode, 10, { match: parseAxisMatch('rtt=10ms->12ms') });
    } catch (error) {
      thrown = error;
    }
    expect(isLabError(thrown) && thrown.hint).toContain('--match rtt=10ms->12ms pairs a base config at rtt=10ms');
  });
});

describe('renderComparisonMarkdown', () => {
  it('heads with the outcome, tables each failure, and folds the full text', () => {
    const comparison = compareResults(resultOf(proxied), resultOf(proxied.map((c) => at(c, 12, 1.5))), 10, { match: parseAxisMatch('rtt=10ms->12ms') });
    const md = renderComparisonMarkdown(comparison, { base: 'base.json', next: 'new|pr.json' });
    expect(md.startsWith('## compare: FAIL\n')).toBe(true);
    expect(md).toContain('`base.json` → `new\\|pr.json`, threshold 10%');
    expect(md).toContain('| config | why it fails |');
    expect(md).toMatch(/\| sync@rtt=10ms → sync@rtt=12ms \| median 50\.0% slower/);
    expect(md).toContain('<details><summary>Full comparison</summary>');
    const pass = renderComparisonMarkdown(compareResults(labResult, labResult, 10), { base: 'a', next: 'b' });
    expect(pass.startsWith('## compare: PASS\n')).toBe(true);
    expect(pass).not.toContain('| config |');
  });
});
