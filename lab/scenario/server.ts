// `server:`: settings the lab applies to its own Redis for the scenario's runs (CONFIG SET before,
// the previous value restored after). One today: `client-output-buffer-limit` for normal clients,
// the limit a huge pipeline of large replies runs into (seed 001).

import { hasKey, checkKeys, optionalKey, readInt, readRecord } from './fields.ts';
import { KEYS, LIMITS } from './defaults.ts';
import { formatSize, parseSize } from './quantities.ts';
import { describeValue, type FieldPath, type Problem } from './problems.ts';
import type { OutputBufferLimit, ServerSettings } from '../contracts/index.ts';

const SERVER_HINT = 'server: {client-output-buffer-limit: {hard: 1MiB, soft: 512KiB, soft-seconds: 10}}';
const LIMIT_HINT =
  'client-output-buffer-limit: {hard: 1MiB} or {hard: 1MiB, soft: 512KiB, soft-seconds: 10}: Redis closes a normal client whose pending replies pass hard, ' +
  'or stay above soft for soft-seconds; 0B is no limit';
const { min: bytesMin, max: bytesMax } = LIMITS.outputBufferBytes;

// One limit as a size with a unit (`1MiB`), within bounds.
const readBytes = (value: unknown, path: FieldPath, problems: Problem[]): number | undefined => {
  if (typeof value !== 'string' && typeof value !== 'number') {
    problems.push({ path, message: `expected a size like 1MiB, got ${describeValue(value)}`, hint: LIMIT_HINT });
    return undefined;
  }
  const parsed = parseSize(value);
  if (!parsed.ok) {
    problems.push({ path, message: parsed.problem, hint: parsed.hint });
    return undefined;
  }
  if (parsed.bytes < bytesMin || parsed.bytes > bytesMax) {
    problems.push({ path, message: `${formatSize(parsed.bytes)} is out of range`, hint: `a limit from ${formatSize(bytesMin)} (no limit) to ${formatSize(bytesMax)}` });
    return undefined;
  }
  return parsed.bytes;
};

const readLimit = (value: unknown, path: FieldPath, problems: Problem[]): OutputBufferLimit | undefined => {
  const record = readRecord(value, path, problems, LIMIT_HINT);
  if (record === undefined) return undefined;
  checkKeys(record, KEYS.outputBufferLimit, path, problems);
  const before = problems.length;
  if (!hasKey(record, 'hard') && !hasKey(record, 'soft')) {
    problems.push({ path: [...path, 'hard'], at: 'key', message: 'required key is missing', hint: LIMIT_HINT });
    return undefined;
  }
  const hardValue = optionalKey(record, 'hard');
  const softValue = optionalKey(record, 'soft');
  const secondsValue = optionalKey(record, 'soft-seconds');
  const hardBytes = hardValue === undefined ? 0 : readBytes(hardValue, [...path, 'hard'], problems);
  const softBytes = softValue === undefined ? 0 : readBytes(softValue, [...path, 'soft'], problems);
  const softSeconds = secondsValue === undefined ? 0 : readInt(secondsValue, [...path, 'soft-seconds'], LIMITS.outputBufferSoftSeconds, problems, LIMIT_HINT);
  if (hardBytes === undefined || softBytes === undefined || softSeconds === undefined || problems.length !== before) return undefined;
  if (hardBytes > 0 && softBytes > hardBytes) {
    problems.push({ path: [...path, 'soft'], message: `${formatSize(softBytes)} is above hard (${formatSize(hardBytes)}): it could never act`, hint: 'write a soft limit at most the hard one, or leave soft out' });
    return undefined;
  }
  if (softSeconds > 0 && softBytes === 0) {
    problems.push({ path: [...path, 'soft-seconds'], message: 'is set without a soft limit', hint: 'add soft: 512KiB (the size the replies must stay above for soft-seconds), or remove soft-seconds' });
    return undefined;
  }
  return { hardBytes, softBytes, softSeconds };
};

/** `server:` as written, or undefined (absent, or with problems added). */
export const readServer = (value: unknown, path: FieldPath, problems: Problem[]): ServerSettings | undefined => {
  if (value === undefined) return undefined;
  const record = readRecord(value, path, problems, SERVER_HINT);
  if (record === undefined) return undefined;
  checkKeys(record, KEYS.server, path, problems);
  const limit = optionalKey(record, 'client-output-buffer-limit');
  if (limit === undefined) {
    problems.push({ path: [...path, 'client-output-buffer-limit'], at: 'key', message: 'required key is missing', hint: SERVER_HINT });
    return undefined;
  }
  const outputBufferLimit = readLimit(limit, [...path, 'client-output-buffer-limit'], problems);
  return outputBufferLimit === undefined ? undefined : { outputBufferLimit };
};

/** Where `server:` would be applied: `measured` is the single-node path (one node, the primary of a
 * primary with replicas without a timeline or reads from a replica, or a cluster's request
 * workloads without a timeline: every primary); `cluster-commands` a cluster's command workloads
 * or timeline (the cluster runner); `elsewhere` any other topology run. */
export type ServerReach = 'measured' | 'cluster-commands' | 'elsewhere';

const TOPOLOGY_CLASH: Record<Exclude<ServerReach, 'measured'>, string> = {
  'cluster-commands':
    'on a cluster server: is applied to every primary for request workloads without a timeline; command workloads and timelines run on the cluster runner, which does not read the server-closed evidence',
  elsewhere: 'server: is applied to the node the workload runs on: one node, the primary of a primary with replicas without a timeline or read-from a replica, or every primary of a cluster running request workloads',
};
const TOPOLOGY_HINT: Record<Exclude<ServerReach, 'measured'>, string> = {
  'cluster-commands': 'write the workload as a request workload (workload: {requests: 1, request: [{command: GET, key: "page:{{r}}:1", value: 100KiB}, ...]}) and remove any timeline, or remove server:',
  elsewhere: 'remove topology, or run the server settings in a scenario of their own',
};

/** `server:` sets the nodes the lab's measured runs drive (see ServerReach); not a fault
 * scenario or the C engine. */
export const checkServerRules = (record: Record<string, unknown>, reach: ServerReach, problems: Problem[]): void => {
  if (!hasKey(record, 'server')) return;
  const clashes = [
    ...(hasKey(record, 'faults') ? [['faults', 'a fault scenario judges its runs by its faults; the server-closed evidence is read on measured runs only', 'remove faults, or run the server settings in a scenario of their own']] : []),
    ...(hasKey(record, 'engine') && record.engine === 'redis-benchmark' ? [['engine', 'redis-benchmark runs are not read for the server closing the client', 'remove engine, or run the server settings in a scenario of their own']] : []),
    ...(reach === 'measured' ? [] : [['topology', TOPOLOGY_CLASH[reach], TOPOLOGY_HINT[reach]]]),
  ];
  for (const [key, why, hint] of clashes) {
    problems.push({ path: ['server'], at: 'key', message: `cannot be combined with ${key}: ${why}`, hint: hint ?? '' });
  }
};
