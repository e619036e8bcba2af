// The HTML report fed results whose hostile fields come from the result schema: a real
// single-node result and a real cluster result, each completed with every property
// scenarios/result.schema.json names, a payload in each leaf (one at a time) and in every leaf
// and map key at once. The page must render and no payload may appear unescaped. The Chromium
// side is test/integration/html-injection.test.ts.

import { describe, expect, it } from 'vitest';
import type { LabResult } from '../../../lab/contracts/index.ts';
import { renderHtmlReport } from '../../../lab/report/html/report.ts';
import { clusterResult } from './cluster-result.fixture.ts';
import { leafPaths, PAYLOADS, pathText, withLeaf } from './hostile-result.ts';
import { labResult } from './lab-result.fixture.ts';
import { payloadEverywhere, payloadInStrings, schemaComplete, schemaLeafPaths, valueLeafPaths } from './schema-hostile.ts';

const markupOnly = (page: string): string => page.replace(/(<script[^>]*>)[\s\S]*?(<\/script>)/g, '$1$2').replace(/<style>[\s\S]*?<\/style>/, '<style></style>');

const FIXTURES: [name: string, result: LabResult][] = [
  ['single-node', labResult],
  ['cluster', clusterResult],
];

describe('hostile results generated from the result schema', () => {
  it('the schema has the leaves the report reads, and the generated results hold every one of them', () => {
    const schemaPaths = schemaLeafPaths();
    expect(schemaPaths.length).toBeGreaterThan(300);
    for (const path of ['calibration[].upstreamLatencyMs', 'topology.links[].from', 'configs[].errorsByKind.*{key}', 'configs[].engine.commandLine', 'reconcile[].timelines[].faultOnMs'])
      expect(schemaPaths).toContain(path);
    for (const [name, result] of FIXTURES) {
      // A scalar-or-object field (clients: "shared" | {pool}) holds one side per result: the
      // real branch and the structured one together hold every leaf.
      const held = (...results: LabResult[]) => new Set(results.flatMap((r) => valueLeafPaths(r as never)));
      for (const [real, structured] of [
        [payloadEverywhere(result, PAYLOADS[0]), payloadEverywhere(result, PAYLOADS[0], 'structured')],
        [payloadInStrings(result, PAYLOADS[0], new Set(['mode'])), payloadInStrings(result, PAYLOADS[0], new Set(['mode']), 'structured')],
        [schemaComplete(result), schemaComplete(result, 'structured')],
      ]) {
        const both = held(real as LabResult, structured as LabResult);
        expect(schemaPaths.filter((path) => !both.has(path)), name).toEqual([]);
        expect([...both].filter((path) => !schemaPaths.includes(path)), name).toEqual([]);
      }
    }
  });

  it('a payload everywhere reaches every leaf: none of the generated values is left', () => {
    const hostile = payloadEverywhere(labResult, 'P');
    const leaves = leafPaths(hostile as never).map((path) => path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], hostile));
    expect(leaves.filter((leaf) => leaf !== 'P')).toEqual([]);
  });

  const at = (value: unknown, path: readonly (string | number)[]): unknown =>
    path.reduce<unknown>((node, key) => (node === null || typeof node !== 'object' ? undefined : (node as Record<string | number, unknown>)[key]), value);

  for (const [name, result] of FIXTURES) {
    // The leaves the schema adds to the fixture: test/unit/report/html-escape.test.ts puts the
    // payload into each of the fixture's own leaves, one at a time.
    const complete = schemaComplete(result, 'structured');
    const paths = leafPaths(complete as never).filter((path) => at(result, path) === undefined);

    it(`${name}: renders with a payload in each of the ${paths.length} leaves the schema adds to it, one at a time`, () => {
      expect(paths.length).toBeGreaterThan(50);
      const [payload] = PAYLOADS;
      const failures: string[] = [];
      for (const path of paths) {
        try {
          const page = renderHtmlReport([withLeaf(complete, path, payload)]);
          if (markupOnly(page).includes(payload)) failures.push(`${pathText(path)}: payload unescaped`);
        } catch (error) {
          failures.push(`${pathText(path)}: ${String(error)}`);
        }
      }
      expect(failures).toEqual([]);
    }, 180_000);

    it(`${name}: renders with each payload in every leaf and map key the schema names`, () => {
      for (const payload of PAYLOADS) {
        const kept = new Set(['hdr', 'mode', 'batchLabel', 'link']);
        for (const hostile of [payloadEverywhere(result, payload), payloadEverywhere(result, payload, 'structured'), payloadInStrings(result, payload, kept), payloadInStrings(result, payload, kept, 'structured')]) {
          const markup = markupOnly(renderHtmlReport([hostile, labResult]));
          if (/[<>"']/.test(payload)) expect(markup.includes(payload), payload).toBe(false);
          const tags = (markup.match(/<[a-z][^>]*>/gi) ?? []).map((t) => t.replace(/"[^"]*"/g, '""'));
          expect(tags.filter((t) => /\son[a-z]+\s*=/i.test(t) || /^<(img|iframe|svg|object|embed|link|base|form)/i.test(t)), payload).toEqual([]);
        }
      }
    }, 60_000);
  }
});
