// The JSON Schema for editors: generated from the validator's own definitions, checked in as
// scenarios/scenario.schema.json, and checked here with ajv against every shipped scenario,
// the valid fixtures, and the hidden corners the lab rejects (unknown keys, values without units).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseScenario, scenarioSchema, scenarioSchemaText } from '../../../lab/scenario/index.ts';

const root = join(import.meta.dirname, '../../..');
const shippedDir = join(root, 'scenarios');
const schemaFile = join(shippedDir, 'scenario.schema.json');
const RULES = ['if', 'then', 'else', 'not'];
const SCHEMA_LINE = '# yaml-language-server: $schema=./scenario.schema.json';

const shipped = readdirSync(shippedDir).filter((f) => f.endsWith('.yaml'));
const validFixtures = ['full-grammar.yaml', 'cross-dc-incr.yaml', 'fault-cut.yaml', 'minimal.json', 'node-smoke.yaml'].map((f) => join(root, 'test/fixtures/scenarios', f));

const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
const validate = ajv.compile(scenarioSchema());
const read = (file: string): unknown => parse(readFileSync(file, 'utf8'));

// The errors as `path: message` lines, for failure messages that say what the schema refused.
const errorsOf = (data: unknown): string[] => (validate(data) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''} ${JSON.stringify(e.params)}`));

// A small valid scenario to break one field at a time.
const base = (): Record<string, unknown> => ({
  name: 'probe',
  workload: { command: 'SET', commands: 100, value: '16B' },
  modes: ['sync', 'pipeline:8'],
  network: { rtt: ['0ms', '10ms'], bandwidth: '1MB/s' },
  faults: undefined,
});
// A valid request workload (open-loop, request modes) and a valid fault scenario with a policy module.
const requestBase = (workload: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'probe',
  workload: { label: 'api', requests: 10, request: [{ command: 'GET', key: 'user:{r}' }, { parallel: [{ command: 'GET', key: 'a:{r}' }, { command: 'INCR', key: 'hits' }] }], ...workload },
  modes: ['sync', 'pipeline:all'],
});
const faultBase = (policies: unknown[]): Record<string, unknown> => ({
  name: 'probe',
  workload: { command: 'INCR', commands: 100 },
  modes: ['sync'],
  faults: [{ name: 'x', after: '10 commands', reset: {} }],
  policies,
});
const GOOD_MODULE = { name: 'ours', module: './policies/ours.ts' };
// A valid cluster scenario, its timeline in order without at.
const clusterBase = (event: Record<string, unknown> = { name: 'f', failover: { promote: 'replica-3-1', takeover: true, mode: 'pipeline:16' } }): Record<string, unknown> => ({
  name: 'probe',
  topology: { cluster: { primaries: 3, replicas: 1, 'node-timeout': '2000ms' } },
  network: { rtt: '1ms', nodes: { 'primary-3': { rtt: '15ms' } } },
  workload: { command: 'SET', key: 'k:{i}', keys: 'sequential', commands: 100 },
  modes: ['sync', { pipeline: 16 }],
  replication: { 'read-from': 'all' },
  timeline: [event, { name: 'cut', for: '2s', partition: { nodes: 'primary-2' } }],
});
const replicasBase = (event: Record<string, unknown>): Record<string, unknown> => ({
  name: 'probe',
  topology: { primary: 1, replicas: 1 },
  workload: { command: 'SET', key: 'k:{i}', keys: 'sequential', commands: 100 },
  modes: ['sync'],
  timeline: [event],
});
const withOut = (record: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));

describe('the scenario JSON Schema', () => {
  it('is checked in exactly as generated (run `npm run schema` after changing the grammar)', () => {
    expect(readFileSync(schemaFile, 'utf8')).toBe(scenarioSchemaText());
  });

  it.each(shipped)('validates the shipped scenario %s, which names it on its first line', (file) => {
    const path = join(shippedDir, file);
    expect(readFileSync(path, 'utf8').split('\n')[0]).toBe(SCHEMA_LINE);
    expect(errorsOf(read(path))).toEqual([]);
  });

  it.each(validFixtures)('validates the valid fixture %s', (path) => {
    expect(errorsOf(read(path))).toEqual([]);
  });

  it('the lab accepts the base probe, so each rejection below is the one broken field', () => {
    expect(errorsOf(withOut(base()))).toEqual([]);
    expect(parseScenario(JSON.stringify(withOut(base())), 'probe.json').name).toBe('probe');
  });

  it.each([
    ['a request workload', requestBase()],
    ['a request mix', requestBase({ request: undefined, mix: [{ label: 'read', weight: 3, request: [{ command: 'GET', key: 'k' }] }, { request: [{ command: 'INCR', key: 'hits' }] }] })],
    ['an open-loop schedule with for instead of requests', requestBase({ requests: undefined, arrival: { rate: ['100/s', 400], for: '2s', process: 'poisson' }, clients: { pool: 2 } })],
    ['built-in policies and a policy module', faultBase(['none', 'node-redis-default', GOOD_MODULE])],
    ['a cluster with node timeout, read-from, a takeover and a partition, in order', clusterBase()],
    ['a primary/replicas failover at its time', replicasBase({ name: 'f', at: '1s', failover: { promote: 'replica-1' } })],
  ])('the lab and the schema both accept %s', (_what, data) => {
    const scenario = JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
    expect(errorsOf(scenario)).toEqual([]);
    expect(parseScenario(JSON.stringify(scenario), 'probe.json').name).toBe('probe');
  });

  it.each([
    ['an unknown top-level key', { ...base(), repeats: 3 }],
    ['an unknown workload key', { ...base(), workload: { command: 'SET', commands: 100, valu: '16B' } }],
    ['an unknown network key', { ...base(), network: { rtt: '10ms', latency: '5ms' } }],
    ['a duration without a unit', { ...base(), network: { rtt: 10 } }],
    ['a duration written as text without a unit', { ...base(), network: { rtt: ['0', '10'] } }],
    ['a duration in an unknown unit', { ...base(), network: { rtt: '10 ms' } }],
    ['a size without a unit', { ...base(), workload: { command: 'SET', commands: 100, value: 16 } }],
    ['a rate without /s', { ...base(), network: { bandwidth: '1MB' } }],
    ['an unknown command', { ...base(), workload: { command: 'set', commands: 100 } }],
    ['an unknown mode', { ...base(), modes: ['pipelined:8'] }],
    ['an unknown policy', { ...base(), policies: ['retry'] }],
    ['a missing required key', { name: 'probe', modes: ['sync'] }],
    ['a command option for another command', { ...base(), workload: { command: 'SET', commands: 100, by: 5 } }],
    ['a fault with two actions', { ...base(), faults: [{ name: 'x', after: '10 commands', reset: {}, stall: {} }] }],
    ['a fault without a trigger', { ...base(), faults: [{ name: 'x', reset: {} }] }],
    ['retry policies without faults', { ...base(), policies: ['none'] }],
    ['reconcile options with an empty fault list', { ...base(), faults: [], reconcile: { tags: 'log' } }],
    ['a threshold with an unknown metric', { ...base(), expect: ['sync: speed < 10ms'] }],
    ['an unknown key in a request step', requestBase({ request: [{ command: 'GET', key: 'k', ttl: 5 }] })],
    ['an unknown key in a request workload', requestBase({ rps: 5 })],
    ['commands in a request step', requestBase({ request: [{ command: 'GET', key: 'k', commands: 5 }] })],
    ['a parallel group of one command', requestBase({ request: [{ parallel: [{ command: 'GET', key: 'k' }] }] })],
    ['both request and mix', requestBase({ mix: [{ request: [{ command: 'GET', key: 'k' }] }] })],
    ['a request workload without requests or arrival for', requestBase({ requests: undefined, arrival: { rate: '100/s' } })],
    ['a rate per minute', requestBase({ arrival: { rate: '800/min' } })],
    ['a rate with a word for its unit', requestBase({ arrival: { rate: '800 rps' } })],
    ['an unknown arrival process', requestBase({ arrival: { rate: '100/s', process: 'bursty' } })],
    ['an unknown arrival key', requestBase({ arrival: { rate: '100/s', duration: '2s' } })],
    ['clients without arrival', requestBase({ clients: { pool: 2 } })],
    ['a policy module without a module', faultBase([{ name: 'ours' }])],
    ['a policy module named like a built-in', faultBase([{ name: 'app-retry', module: './ours.ts' }])],
    ['a policy module that is not a .ts or .js file', faultBase([{ name: 'ours', module: './ours.py' }])],
    ['an unknown key in a policy module', faultBase([{ ...GOOD_MODULE, options: {} }])],
    ['a cluster event with an at', clusterBase({ name: 'f', at: '1s', failover: { promote: 'replica-1-1' } })],
    ['a cluster failover mode the cluster does not run', clusterBase({ name: 'f', failover: { promote: 'replica-1-1', mode: 'multi:4' } })],
    ['an unknown key in a failover', clusterBase({ name: 'f', failover: { promote: 'replica-1-1', force: true } })],
    ['a primary/replicas event without at', replicasBase({ name: 'f', failover: { promote: 'replica-1' } })],
  ])('rejects %s, as the lab does', (_what, data) => {
    const scenario = JSON.parse(JSON.stringify(withOut(data as Record<string, unknown>))) as Record<string, unknown>;
    expect(errorsOf(scenario)).not.toEqual([]);
    expect(() => parseScenario(JSON.stringify(scenario), 'probe.json')).toThrow();
  });

  it('gives every field a description and at least one example', () => {
    const missing: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${path}[${i}]`));
      if (typeof node !== 'object' || node === null) return;
      const record = node as Record<string, unknown>;
      const properties = record.properties as Record<string, Record<string, unknown>> | undefined;
      for (const [key, property] of Object.entries(properties ?? {})) {
        const examples = property.examples;
        if (typeof property.description !== 'string' || !Array.isArray(examples) || examples.length === 0) missing.push(`${path}.${key}`);
      }
      // if/then/else/not hold rules across fields, not fields.
      for (const [key, child] of Object.entries(record)) if (!RULES.includes(key)) walk(child, `${path}/${key}`);
    };
    walk(scenarioSchema(), '#');
    expect(missing).toEqual([]);
  });

  it('every example in the schema is valid against its own field', () => {
    const wrong: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${path}[${i}]`));
      if (typeof node !== 'object' || node === null) return;
      const record = node as Record<string, unknown>;
      if (Array.isArray(record.examples) && path !== '#') {
        const check = ajv.compile({ ...record, $schema: undefined, definitions: scenarioSchema().definitions });
        for (const example of record.examples) if (!check(example)) wrong.push(`${path}: ${JSON.stringify(example)}`);
      }
      for (const [key, child] of Object.entries(record)) if (key !== 'examples') walk(child, `${path}/${key}`);
    };
    walk(scenarioSchema(), '#');
    expect(wrong).toEqual([]);
    // One ajv compile per example field, each with every definition: seconds of CPU, more on a
    // loaded machine (4-6 s at load 15 on 2 cores). A bound against hanging, not a speed goal.
  }, 60_000);
});
