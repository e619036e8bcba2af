// One check of a result on every surface (issue 23: "compare, report --html, .hgrm export and the
// vitest matchers work on every shipped topology scenario"), and the shipped scenario files cut
// down to run in seconds with their features kept. Used by shipped-surfaces.test.ts and the
// matcher tests beside it.

import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { parse, stringify } from 'yaml';
import '../../lab/vitest/index.ts';
import { loadScenarioFile, parseScenario, type LabResult, type ReconcileEntry, type Scenario } from '../../lab/index.ts';
import { safeFileStem, toJson, writeOutDir } from '../../lab/report/index.ts';
import { runCli } from './run-cli.ts';

/** Scenario text that must reach the HTML report escaped, never as markup. */
const HOSTILE_TEXT = '</table><script>alert("surfaces")</script>';

/**
 * A shipped scenario (scenarios/<name>.yaml) with `patch` applied to its YAML document: fewer
 * commands, fewer runs, shorter events, added thresholds. Parsed by the lab's loader at the
 * shipped path (so policy modules resolve as they do for the file), with HOSTILE_TEXT in its
 * description. The shipped file is loaded too, and the cut-down one must keep its topology, its
 * timeline's actions and its policies: the test runs the file's features, only smaller.
 */
export const cutDownScenario = async (name: string, patch: (doc: Record<string, unknown>) => void): Promise<Scenario> => {
  const path = new URL(`../../scenarios/${name}.yaml`, import.meta.url).pathname;
  const shipped = await loadScenarioFile(path);
  const doc = parse(await readFile(path, 'utf8')) as Record<string, unknown>;
  patch(doc);
  doc.description = `${String(doc.description)} ${HOSTILE_TEXT}`;
  const cut: Scenario = { ...parseScenario(stringify(doc), path), file: path };
  expect(cut.topology).toEqual(shipped.topology);
  expect(cut.timeline?.map((e) => e.action)).toEqual(shipped.timeline?.map((e) => e.action));
  expect(cut.policies.every((p) => shipped.policies.includes(p))).toBe(true);
  return cut;
};

// The rows with no harm in them, so that one lost write more is beyond any noise.
const harmless = (rows: readonly ReconcileEntry[]): ReconcileEntry[] =>
  rows.map((row) => ({
    ...row,
    verdict: 'SAFE',
    counts: { ...row.counts, lost: 0 },
    ...(row.runCounts ? { runCounts: row.runCounts.map((c) => ({ ...c, lost: 0 })) } : {}),
  }));

// Base and worse copies for compare: with reconcile rows, harmless rows against the same with one
// lost write on the first; with configs, every run made slower than twice the slowest base run.
const worsened = (result: LabResult): { base: LabResult; worse: LabResult; expected: RegExp } => {
  const rows = result.reconcile ?? [];
  if (rows.length > 0) {
    const base = { ...result, reconcile: harmless(rows) };
    const [first, ...rest] = base.reconcile;
    const lostOne = { ...first!, counts: { ...first!.counts, lost: 1 }, ...(first!.runCounts ? { runCounts: first!.runCounts.map((c, i) => (i === 0 ? { ...c, lost: 1 } : c)) } : {}) };
    return { base, worse: { ...base, reconcile: [lostOne, ...rest] }, expected: new RegExp(`${escapeRegExp(first!.id)}.*lost`) };
  }
  const slower = result.configs.map((c) => {
    const times = c.runs.map((r) => r.totalMs);
    const factor = (2 * Math.max(...times)) / Math.min(...times);
    return { ...c, runs: c.runs.map((r) => ({ ...r, totalMs: r.totalMs * factor })), medianMs: c.medianMs === null ? null : c.medianMs * factor };
  });
  return { base: result, worse: { ...result, configs: slower }, expected: /^FAIL/m };
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `result` through compare (itself: exit 0; a worse copy: exit 1), `report --html` (every row id
 * and config id, no HOSTILE_TEXT as markup), --out's .hgrm files (one per config, per row with
 * latency and per row of requests) and the matchers (toPassThresholds passes; `failing` must throw, naming `failingWhy`).
 */
export const expectEverySurface = async (
  result: LabResult,
  file: (name: string) => string,
  failing: { matcher: (result: LabResult) => void; why: RegExp },
): Promise<void> => {
  const json = file('result.json');
  await writeFile(json, toJson(result));
  const { base, worse, expected } = worsened(result);
  await writeFile(file('base.json'), toJson(base));
  await writeFile(file('worse.json'), toJson(worse));
  const html = file('report.html');
  const [same, changed, report] = await Promise.all([
    runCli(['compare', json, json]),
    runCli(['compare', file('base.json'), file('worse.json')]),
    runCli(['report', json, '--html', html]),
  ]);
  expect(same.code, same.output).toBe(0);
  expect(changed.code, changed.output).toBe(1);
  expect(changed.stdout).toMatch(expected);

  expect(report.code, report.stderr).toBe(0);
  const page = await readFile(html, 'utf8');
  const ids = [...result.configs.map((c) => c.id), ...(result.reconcile ?? []).map((r) => r.id)];
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) expect(page).toContain(id.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;'));
  expect(page).not.toContain('<script>alert(');
  expect(page).toContain('&lt;script&gt;alert(');

  const out = file('out');
  await writeOutDir(result, out);
  const written = await readdir(out);
  const withLatency = [
    ...result.configs.filter((c) => (c.latencyUs?.count ?? 0) > 0).map((c) => c.id),
    ...(result.reconcile ?? []).filter((r) => (r.latencyUs?.count ?? 0) > 0).map((r) => r.id),
    ...(result.reconcile ?? []).filter((r) => (r.requests?.latencyUs?.count ?? 0) > 0).map((r) => `${r.id}@requests`),
  ];
  expect(withLatency.length).toBeGreaterThan(0);
  for (const id of withLatency) {
    const text = await readFile(join(out, `${safeFileStem(id)}.hgrm`), 'utf8');
    expect(Number(/Total count\s*=\s*(\d+)/.exec(text)?.[1])).toBeGreaterThan(0);
  }
  expect(written.filter((f) => f.endsWith('.hgrm')).length).toBeGreaterThanOrEqual(withLatency.length);

  expect(result).toPassThresholds();
  expect(() => failing.matcher(result)).toThrow(failing.why);
};
