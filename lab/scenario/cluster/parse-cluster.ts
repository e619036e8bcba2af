// A provisional parser for cluster scenarios (`topology: {cluster: {...}}`), until the shared
// topology grammar (h-replicas) lands and absorbs it. Same conventions as the main grammar:
// durations and sizes carry units, unknown keys are errors, every error names the file and the
// field and says what would be valid.

import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { LabError } from '../../errors/index.ts';
import { clusterNodeNames, clusterShapeProblem, type ClusterFault, type ClusterMode, type ClusterScenario, type ClusterShape, type NodeLinkInput } from '../../contracts/index.ts';
import { durationIn, parseDuration, parseSize } from '../quantities.ts';
import { parseScenario } from '../load.ts';
import { clusterScenarioOf } from './from-shared.ts';

type Obj = Record<string, unknown>;

class Reader {
  readonly problems: string[] = [];
  constructor(readonly file: string) {}
  fail(path: string, problem: string): undefined {
    this.problems.push(`${path}: ${problem}`);
    return undefined;
  }
  object(value: unknown, path: string, allowed: readonly string[]): Obj | undefined {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return this.fail(path, `must be a mapping, got ${JSON.stringify(value)}`);
    for (const key of Object.keys(value)) if (!allowed.includes(key)) this.fail(path === '' ? key : `${path}.${key}`, `unknown key; valid keys here: ${allowed.join(', ')}`);
    return value as Obj;
  }
  int(value: unknown, path: string, min: number, fallback?: number): number | undefined {
    if (value === undefined && fallback !== undefined) return fallback;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min) return this.fail(path, `must be a whole number >= ${min}, got ${JSON.stringify(value)}`);
    return value;
  }
  ms(value: unknown, path: string, fallback?: number): number | undefined {
    if (value === undefined && fallback !== undefined) return fallback;
    if (typeof value !== 'string' && typeof value !== 'number') return this.fail(path, `is required: a duration such as 5s or 2000ms, got ${JSON.stringify(value)}`);
    const parsed = parseDuration(value);
    if (!parsed.ok) return this.fail(path, `${parsed.problem} (${parsed.hint})`);
    const ms = durationIn(parsed.duration, 'ms');
    if (!ms.whole || ms.value < 0) return this.fail(path, `must be a whole number of milliseconds >= 0, got ${JSON.stringify(value)}`);
    return ms.value;
  }
  text(value: unknown, path: string, fallback?: string): string | undefined {
    if (value === undefined && fallback !== undefined) return fallback;
    if (typeof value !== 'string' || value === '') return this.fail(path, `must be a non-empty string, got ${JSON.stringify(value)}`);
    return value;
  }
}

const TOP_KEYS = ['name', 'description', 'topology', 'nodeTimeout', 'network', 'workload', 'modes', 'scaleReads', 'warmup', 'repeat', 'calibrationPings', 'seed', 'faults'] as const;

/** True when a parsed YAML document declares a cluster topology (the CLI routes it here). */
const isClusterDocument = (doc: unknown): boolean =>
  typeof doc === 'object' && doc !== null && typeof (doc as Obj).topology === 'object' && (doc as Obj).topology !== null && 'cluster' in ((doc as Obj).topology as Obj);

const parseModes = (r: Reader, value: unknown, path = 'modes'): ClusterMode[] => {
  if (!Array.isArray(value) || value.length === 0) return r.fail(path, 'must be a non-empty list such as [sync, {pipeline: 16}]') ?? [];
  return value.flatMap((m: unknown, i): ClusterMode[] => {
    if (m === 'sync') return [{ kind: 'sync' }];
    const where = path === 'modes' ? `modes[${i}]` : path;
    const o = r.object(m, where, ['pipeline']);
    const batch = o && r.int(o.pipeline, `${where}.pipeline`, 1);
    return batch === undefined ? [] : [{ kind: 'pipeline', batch }];
  });
};

const parseFaults = (r: Reader, value: unknown, nodes: string[]): ClusterFault[] => {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return r.fail('faults', 'must be a list') ?? [];
  return value.flatMap((f: unknown, i): ClusterFault[] => {
    const path = `faults[${i}]`;
    const o = r.object(f, path, ['failover', 'takeover', 'mode', 'partition', 'down', 'for']);
    if (!o) return [];
    const kind = (['failover', 'partition', 'down'] as const).find((k) => k in o);
    if (!kind) return r.fail(path, 'must name one of failover: <replica>, partition: <primary>, down: <node>') ?? [];
    const node = r.text(o[kind], `${path}.${kind}`);
    if (node === undefined) return [];
    if (!nodes.includes(node)) return r.fail(`${path}.${kind}`, `no node named ${node}; nodes: ${nodes.join(', ')}`) ?? [];
    if (kind === 'failover') {
      if (!node.startsWith('replica-')) return r.fail(`${path}.failover`, `CLUSTER FAILOVER is sent to a replica; ${node} is a primary`) ?? [];
      if (o.takeover !== undefined && typeof o.takeover !== 'boolean') r.fail(`${path}.takeover`, 'must be true or false');
      const [mode] = parseModes(r, [o.mode ?? 'sync'], `${path}.mode`);
      return mode === undefined ? [] : [{ kind, node, takeover: o.takeover === true, mode }];
    }
    if (kind === 'partition' && !node.startsWith('primary-')) return r.fail(`${path}.partition`, `the lab partitions a primary; ${node} is a replica`) ?? [];
    const forMs = r.ms(o.for, `${path}.for`);
    return forMs === undefined ? [] : [{ kind, node, forMs }];
  });
};

export const parseClusterScenario = (text: string, file: string): ClusterScenario => {
  const r = new Reader(file);
  const doc = r.object(parseYaml(text) as unknown, '', TOP_KEYS) ?? {};
  const topology = r.object(doc.topology, 'topology', ['cluster']);
  const shapeObj = topology && r.object(topology.cluster, 'topology.cluster', ['primaries', 'replicas']);
  const shape: ClusterShape = { primaries: r.int(shapeObj?.primaries, 'topology.cluster.primaries', 3) ?? 3, replicas: r.int(shapeObj?.replicas, 'topology.cluster.replicas', 0, 1) ?? 1 };
  const shapeProblem = clusterShapeProblem(shape);
  if (shapeProblem !== undefined) r.fail('topology.cluster', shapeProblem);
  const nodes = shapeProblem === undefined ? clusterNodeNames(shape) : [];
  const network = r.object(doc.network ?? {}, 'network', ['rtt', 'nodes']) ?? {};
  const perNode: Record<string, NodeLinkInput> = {};
  const nodesObj = r.object(network.nodes ?? {}, 'network.nodes', nodes) ?? {};
  for (const [name, link] of Object.entries(nodesObj)) {
    const o = r.object(link, `network.nodes.${name}`, ['rtt']);
    const rttMs = o && r.ms(o.rtt, `network.nodes.${name}.rtt`);
    if (rttMs !== undefined) perNode[name] = { rttMs };
  }
  const w = r.object(doc.workload, 'workload', ['command', 'key', 'keys', 'commands', 'value']) ?? {};
  const command = w.command ?? 'SET';
  if (command !== 'SET' && command !== 'INCR') r.fail('workload.command', `must be SET or INCR on a cluster (for now), got ${JSON.stringify(command)}`);
  const size = w.value === undefined ? { ok: true as const, bytes: 16 } : parseSize(w.value as string);
  if (!size.ok) r.fail('workload.value', `${size.problem} (${size.hint})`);
  const scaleReads = doc.scaleReads ?? 'master';
  if (scaleReads !== 'master' && scaleReads !== 'slave' && scaleReads !== 'all') r.fail('scaleReads', 'must be master, slave or all');
  const scenario: ClusterScenario = {
    name: r.text(doc.name, 'name') ?? '',
    description: typeof doc.description === 'string' ? doc.description : '',
    file,
    topology: { cluster: shape },
    nodeTimeoutMs: r.ms(doc.nodeTimeout, 'nodeTimeout', 2_000) ?? 2_000,
    network: { rttMs: r.ms(network.rtt, 'network.rtt', 0) ?? 0, nodes: perNode },
    workload: {
      command: command === 'INCR' ? 'INCR' : 'SET',
      key: r.text(w.key, 'workload.key', 'cluster:{i}') ?? '',
      keys: r.int(w.keys, 'workload.keys', 1, 1000) ?? 1,
      commands: r.int(w.commands, 'workload.commands', 1, 1000) ?? 1,
      valueBytes: size.ok ? size.bytes : 16,
    },
    modes: parseModes(r, doc.modes ?? ['sync']),
    scaleReads: scaleReads === 'slave' || scaleReads === 'all' ? scaleReads : 'master',
    warmup: r.int(doc.warmup, 'warmup', 0, 1) ?? 1,
    repeat: r.int(doc.repeat, 'repeat', 1, 3) ?? 3,
    calibrationPings: r.int(doc.calibrationPings, 'calibrationPings', 5, 50) ?? 50,
    seed: r.int(doc.seed, 'seed', 0, 1) ?? 1,
    faults: parseFaults(r, doc.faults, nodes),
  };
  if (r.problems.length > 0) {
    throw new LabError('E_SCENARIO_INVALID', `${file}: ${r.problems.length} problem(s) in the cluster scenario:\n${r.problems.map((p) => `  - ${p}`).join('\n')}`, {
      hint: 'See the README section "Redis Cluster" for the cluster scenario fields.',
    });
  }
  return scenario;
};

/** The file's cluster scenario, or undefined when the file declares no cluster topology (a
 * scenario for the main grammar). Unreadable files and bad YAML are left to the main loader.
 * A cluster file is read with the provisional grammar (this file); when that refuses it, with
 * the shared topology grammar (timeline:, replication:) and joined by clusterScenarioOf; when
 * both refuse it, the provisional grammar's problems are the error. `notes` say what the
 * cluster runner will not honour. */
export const loadClusterScenarioFile = async (path: string): Promise<ClusterScenario | undefined> => (await loadClusterScenario(path))?.scenario;

export const loadClusterScenario = async (path: string): Promise<{ scenario: ClusterScenario; notes: string[] } | undefined> => {
  const text = await readFile(path, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  let doc: unknown;
  try {
    doc = parseYaml(text) as unknown;
  } catch {
    return undefined;
  }
  if (!isClusterDocument(doc)) return undefined;
  try {
    return { scenario: parseClusterScenario(text, path), notes: [] };
  } catch (provisional) {
    try {
      return clusterScenarioOf({ ...parseScenario(text, path), file: path });
    } catch {
      throw provisional;
    }
  }
};
