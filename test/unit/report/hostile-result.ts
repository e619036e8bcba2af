// Hostile results for the HTML report's escaping tests: a real result with a script payload in
// place of one leaf, or of every leaf. A leaf is any string, number or boolean in the JSON, so
// fields the contract types as numbers (latencies, counts, rtts) get strings too, as a crafted
// file would hold them. The results are not validated: the renderer itself must hold.

import type { LabResult } from '../../../lab/contracts/index.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Each payload sets window.__pwned (or asks for a URL) if it ever runs or loads. */
export const PAYLOADS = [
  '<img src=x onerror=window.__pwned=1>',
  '</script><script>window.__pwned=1</script>',
  'javascript:window.__pwned=1',
  `"' onmouseover=window.__pwned=1 x="`,
  '<svg><script>window.__pwned=1</script></svg>',
  '<!--<script>window.__pwned=1</script>-->',
  '\u2028\u2029<style>@import "http://127.0.0.1:9/x.css";</style>',
  '<iframe src="http://127.0.0.1:9/"></iframe>',
] as const;

/** The JSON path of every leaf, as keys and indexes. */
export const leafPaths = (value: Json, at: (string | number)[] = []): (string | number)[][] => {
  if (value === null || typeof value !== 'object') return value === null ? [] : [at];
  if (Array.isArray(value)) return value.flatMap((v, i) => leafPaths(v, [...at, i]));
  return Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...at, k]));
};

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** A copy with the leaf at `path` replaced by `payload`. */
export const withLeaf = <T>(result: T, path: readonly (string | number)[], payload: string): T => {
  const copy = clone(result) as Json;
  let node = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  node[path.at(-1) as string | number] = payload;
  return copy as T;
};

/** A copy with every leaf replaced by `payload`. */
export const withEveryLeaf = <T>(result: T, payload: string): T => {
  const replace = (value: Json): Json => {
    if (value === null) return null;
    if (Array.isArray(value)) return value.map(replace);
    if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replace(v)]));
    return payload;
  };
  return replace(clone(result) as Json) as T;
};

/** A path as JSON path text, for test names: `$.calibration[0].upstreamLatencyMs`. */
export const pathText = (path: readonly (string | number)[]): string =>
  `$${path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`)).join('')}`;

/** The single-node fixture with the optional fields the HTML report reads and the fixture lacks
 * (images, a C-engine config, a write label and fault timelines), so their leaves are walked too. */
export const withOptionalFields = (result: LabResult): LabResult => ({
  ...result,
  images: { redis: 'redis:7.0.15', toxiproxy: 'ghcr.io/shopify/toxiproxy:2.12.0', source: 'upstream' },
  configs: result.configs.map((c, i) =>
    i === 0 ? { ...c, engine: { name: 'redis-benchmark', version: '7.0.15', commandLine: '-c 50 -n 1000 -P 8 SET key:__rand_int__ <3-byte value>', latencyFrom: 'median run' } } : c,
  ),
  reconcile: (result.reconcile ?? []).map((e) => ({ ...e, workload: 'INCR', timelines: [{ faultOnMs: 50, closedMs: 75, healedMs: 80, endMs: 100 }] })),
});
