// The HTML report's one escaping path (lab/report/html/escape.ts), and the whole renderer fed
// hostile results: a real single-node result and a real cluster result with a payload in place
// of each leaf (strings, and numbers and booleans the contract types as such), one at a time
// and all at once. The page must render (no internal error), and no payload may appear in the
// page unescaped. The Chromium side is test/integration/html-injection.test.ts.

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LabResult } from '../../../lab/contracts/index.ts';
import { LabError } from '../../../lab/errors/index.ts';
import { escapeHtml, figure, html, jsonInScript, raw } from '../../../lab/report/html/escape.ts';
import { renderHtmlReport } from '../../../lab/report/html/report.ts';
import { clusterResult } from './cluster-result.fixture.ts';
import { leafPaths, PAYLOADS, pathText, withEveryLeaf, withLeaf, withOptionalFields } from './hostile-result.ts';
import { labResult } from './lab-result.fixture.ts';

const FIXTURES: [name: string, result: LabResult][] = [
  ['single-node', withOptionalFields(labResult)],
  ['cluster', clusterResult],
];

// The page without its inline scripts' code and its stylesheet (uPlot's text is code, not data).
const markupOnly = (page: string): string => page.replace(/(<script[^>]*>)[\s\S]*?(<\/script>)/g, '$1$2').replace(/<style>[\s\S]*?<\/style>/, '<style></style>');

// What a payload may never do in the markup: open a tag or an attribute of its own.
const assertInert = (page: string, where: string): void => {
  const markup = markupOnly(page);
  for (const payload of PAYLOADS) if (/[<>"']/.test(payload)) expect(markup.includes(payload), `${where}: ${payload}`).toBe(false);
  // Each tag with its quoted attribute values emptied: what is left are the names the code wrote.
  const tags = (markup.match(/<[a-z][^>]*>/gi) ?? []).map((t) => t.replace(/"[^"]*"/g, '""'));
  expect(tags.filter((t) => /\son[a-z]+\s*=/i.test(t) || /^<(img|iframe|svg|object|embed|link|base|form|meta http-equiv="refresh")/i.test(t)), where).toEqual([]);
  const scripts = markup.match(/<script[^>]*>/g) ?? [];
  expect(scripts.every((s) => s === '<script>' || s === '<script type="application/json" id="report-data">'), where).toBe(true);
};

describe('escapeHtml and html``', () => {
  it('escapes every type as text: strings, numbers, booleans, null, undefined, objects, arrays', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
    expect(escapeHtml(1.5)).toBe('1.5');
    expect(escapeHtml(Number.NaN)).toBe('NaN');
    expect(escapeHtml(-Infinity)).toBe('-Infinity');
    expect(escapeHtml(true)).toBe('true');
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(undefined)).toBe('');
    expect(escapeHtml({ a: '<b>' })).toBe('{&quot;a&quot;:&quot;&lt;b&gt;&quot;}');
    expect(escapeHtml(['<i>', 2])).toBe('[&quot;&lt;i&gt;&quot;,2]');
  });

  it('escapes interpolations unless they are markup the code built, item by item in arrays', () => {
    const payload = '<img src=x onerror=alert(1)>';
    expect(String(html`<p title="${payload}">${payload}</p>`)).toBe('<p title="&lt;img src=x onerror=alert(1)&gt;">&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(String(html`<ul>${['<a>', html`<li>${'<b>'}</li>`, 3]}</ul>`)).toBe('<ul>&lt;a&gt;<li>&lt;b&gt;</li>3</ul>');
    expect(String(html`${raw('<hr>')}${{ x: 1 }}`)).toBe('<hr>{&quot;x&quot;:1}');
    expect(String(html`<b ${`" onmouseover="x`}>`)).toBe('<b &quot; onmouseover=&quot;x>');
  });

  it('formats only real numbers as figures; a string where a number goes is escaped text, missing is n/a', () => {
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    expect(String(figure(1.25, ms))).toBe('1.3 ms');
    expect(String(figure(null, ms))).toBe('<span class="na">n/a</span>');
    expect(String(figure(undefined, ms))).toBe('<span class="na">n/a</span>');
    expect(String(figure('<img src=x>', ms))).toBe('&lt;img src=x&gt;');
    expect(String(figure({ toFixed: 1 }, ms))).toBe('{&quot;toFixed&quot;:1}');
  });

  it('serialises JSON for a <script> element with no <, >, & or line separators, and reads back equal', () => {
    const value = { a: '</script><script>x()</script>', b: '<!--', c: '\u2028\u2029&', n: [1, null] };
    const text = jsonInScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('renderHtmlReport of hostile results', () => {
  for (const [name, result] of FIXTURES) {
    const paths = leafPaths(result as never);

    it(`${name}: renders with a payload in each of its ${paths.length} leaves, one at a time, and no payload is live`, () => {
      const [payload] = PAYLOADS;
      const failures: string[] = [];
      for (const path of paths) {
        let page: string;
        try {
          page = renderHtmlReport([withLeaf(result, path, payload)]);
        } catch (error) {
          // A cluster result's `kind` is its shape: any other is refused by name, not rendered.
          const refused = error instanceof LabError && error.code === 'E_RESULT_INVALID' && pathText(path) === '$.kind';
          if (!refused) failures.push(`${pathText(path)}: ${String(error)}`);
          continue;
        }
        if (markupOnly(page).includes(payload)) failures.push(`${pathText(path)}: payload unescaped`);
      }
      expect(failures).toEqual([]);
      expect(paths.length).toBeGreaterThan(400);
    }, 120_000);

    it(`${name}: renders with every leaf replaced by each payload, alone and beside the other result kind`, () => {
      for (const payload of PAYLOADS) {
        const hostile = withEveryLeaf(result, payload);
        assertInert(renderHtmlReport([hostile]), `${name} / ${payload}`);
        assertInert(renderHtmlReport([labResult, hostile, clusterResult]), `${name} among others / ${payload}`);
      }
    }, 60_000);
  }

  it('shows a string where a number goes as escaped text (calibration upstreamLatencyMs, the reported case)', () => {
    const payload = '<img src=x onerror=window.__pwned=1>';
    const page = renderHtmlReport([withLeaf(labResult, ['calibration', 0, 'upstreamLatencyMs'], payload)]);
    expect(page).toContain('<td>&lt;img src=x onerror=window.__pwned=1&gt; / 5 ms</td>');
    const cluster = renderHtmlReport([withLeaf(clusterResult, ['topology', 'links', 0, 'from'], payload)]);
    expect(cluster).toContain('<td>&lt;img src=x onerror=window.__pwned=1&gt;</td>');
    expect(() => renderHtmlReport([{ ...clusterResult, kind: payload } as LabResult])).toThrow('result 1: kind "<img src=x onerror=window.__pwned=1>" is not a result kind the report knows');
  });

  it("allows by hash exactly the page's own scripts, and none on a page without charts", () => {
    const policyOf = (page: string) => /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(page)?.[1]?.replaceAll('&#39;', "'") ?? '';
    const page = renderHtmlReport([labResult]);
    const scripts = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1] ?? '').digest('base64')}'`);
    expect(scripts).toHaveLength(2);
    expect(policyOf(page)).toBe(`default-src 'none'; script-src ${scripts.join(' ')}; style-src 'unsafe-inline'; img-src data:; connect-src 'none'; base-uri 'none'; form-action 'none'`);
    expect(policyOf(renderHtmlReport([{ ...clusterResult, calibration: [], configs: [] }]))).toContain("script-src 'none';");
  });
});
