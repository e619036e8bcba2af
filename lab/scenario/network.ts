// The `network:` section: rtt, jitter and bandwidth, each one value or a list (a matrix axis),
// and `direct` (also measure every config straight to Redis). rtt and jitter are whole
// milliseconds because Toxiproxy's latency toxic takes whole milliseconds per direction. A
// bandwidth is a rate for both directions (`1MB/s`), `{up: 100KB/s, down: unlimited}`, or
// `unlimited`; fault actions read it too.

import type { Bandwidth, NetworkAxes } from '../contracts/index.ts';
import { DEFAULTS, KEYS, LIMITS } from './defaults.ts';
import { checkKeys, isRecord, optionalKey, readAxis, readBoolean, readMs, readRecord, type MsRules } from './fields.ts';
import { formatBandwidth, formatMs, parseRate, RATE_HINT } from './quantities.ts';
import { describeValue, type FieldPath, type Problem } from './problems.ts';
import { readNodeLinks } from './topology.ts';

const LATENCY_WHY = 'Toxiproxy latency is set in whole milliseconds per direction';
const RTT: MsRules = { name: 'rtt', range: LIMITS.rttMs, meaning: 'round-trip time added above the direct baseline', wholeWhy: LATENCY_WHY };
const JITTER: MsRules = { name: 'jitter', range: LIMITS.jitterMs, meaning: 'latency jitter per direction', wholeWhy: LATENCY_WHY };
const DIRECT_HINT = 'direct: true also measures every config straight to Redis, without the proxy; default false';

// rtt or jitter: one duration or a list of distinct ones.
const readMsAxis = (value: unknown, path: FieldPath, rules: MsRules, problems: Problem[]): number[] | undefined =>
  readAxis(
    value,
    path,
    {
      readItem: (item, itemPath) => readMs(item, itemPath, rules, problems),
      label: formatMs,
      what: rules.name,
      example: `${rules.name}: [${formatMs(0)}, ${formatMs(10)}]`,
    },
    problems,
  );

// Validates the section; a missing section or key means its default (one cell at 0ms, uncapped).
export const readNetwork = (value: unknown, path: FieldPath, problems: Problem[]): NetworkAxes | undefined => {
  const defaults = (): NetworkAxes => ({
    rttMs: [...DEFAULTS.rttMs],
    jitterMs: [...DEFAULTS.jitterMs],
    bandwidth: [{ ...DEFAULTS.bandwidth }],
    direct: DEFAULTS.direct,
  });
  if (value === undefined) return defaults();
  const record = readRecord(value, path, problems, 'network: {rtt: [0ms, 10ms], jitter: 0ms, bandwidth: unlimited, direct: false}');
  if (record === undefined) return undefined;
  checkKeys(record, KEYS.network, path, problems);
  const rttValue = optionalKey(record, 'rtt');
  const jitterValue = optionalKey(record, 'jitter');
  const bandwidthValue = optionalKey(record, 'bandwidth');
  const directValue = optionalKey(record, 'direct');
  const nodesValue = optionalKey(record, 'nodes');
  const nodes = nodesValue === undefined ? undefined : readNodeLinks(nodesValue, [...path, 'nodes'], problems);
  const rttMs = rttValue === undefined ? defaults().rttMs : readMsAxis(rttValue, [...path, 'rtt'], RTT, problems);
  const jitterMs = jitterValue === undefined ? defaults().jitterMs : readMsAxis(jitterValue, [...path, 'jitter'], JITTER, problems);
  const bandwidth =
    bandwidthValue === undefined
      ? defaults().bandwidth
      : readAxis(
          bandwidthValue,
          [...path, 'bandwidth'],
          {
            readItem: (item, itemPath) => readBandwidth(item, itemPath, problems),
            label: formatBandwidth,
            what: 'bandwidth',
            example: 'bandwidth: [unlimited, 1MB/s, {up: 100KB/s, down: unlimited}]',
          },
          problems,
        );
  const direct = directValue === undefined ? DEFAULTS.direct : readBoolean(directValue, [...path, 'direct'], problems, DIRECT_HINT);
  if (rttMs === undefined || jitterMs === undefined || bandwidth === undefined || direct === undefined) return undefined;
  if (nodesValue !== undefined && nodes === undefined) return undefined;
  return { rttMs, jitterMs, bandwidth, direct, ...(nodes === undefined ? {} : { nodes }) };
};

// One rate at a field path.
const readRate = (value: unknown, path: FieldPath, problems: Problem[]): number | null | undefined => {
  if (typeof value !== 'string' && typeof value !== 'number') {
    problems.push({ path, message: `expected a rate like 1MB/s, got ${describeValue(value)}`, hint: RATE_HINT });
    return undefined;
  }
  const parsed = parseRate(value);
  if (parsed.ok) return parsed.kbps;
  problems.push({ path, message: parsed.problem, hint: parsed.hint });
  return undefined;
};

const SHAPE_HINT = `a bandwidth is a rate for both directions (1MB/s), {up: 100KB/s, down: unlimited}, or unlimited; ${RATE_HINT}`;

/** One bandwidth: a rate for both directions, or `{up, down}` (a direction left out is uncapped). */
export const readBandwidth = (value: unknown, path: FieldPath, problems: Problem[]): Bandwidth | undefined => {
  if (!isRecord(value)) {
    if (Array.isArray(value) || value === null) {
      problems.push({ path, message: `expected a bandwidth, got ${describeValue(value)}`, hint: SHAPE_HINT });
      return undefined;
    }
    const rate = readRate(value, path, problems);
    return rate === undefined ? undefined : { upKBps: rate, downKBps: rate };
  }
  const before = problems.length;
  checkKeys(value, KEYS.bandwidth, path, problems);
  const upValue = optionalKey(value, 'up');
  const downValue = optionalKey(value, 'down');
  if (upValue === undefined && downValue === undefined && problems.length === before) {
    problems.push({ path, message: 'names no direction', hint: 'give up, down or both, e.g. {up: 100KB/s, down: 1MB/s}; or write unlimited' });
    return undefined;
  }
  const upKBps = upValue === undefined ? null : readRate(upValue, [...path, 'up'], problems);
  const downKBps = downValue === undefined ? null : readRate(downValue, [...path, 'down'], problems);
  if (upKBps === undefined || downKBps === undefined || problems.length > before) return undefined;
  return { upKBps, downKBps };
};
