// The result schema: generated from the result contract, shipped as scenarios/result.schema.json
// (equal to the generated one), valid draft-07 that ajv agrees with, and what report and
// compare check every file against (lab/report/result-schema/check.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { resultSchema, resultSchemaText } from '../../../lab/report/result-schema/result-schema.ts';
import { schemaProblem } from '../../../lab/report/result-schema/check.ts';
import { hdrProblem } from '../../../lab/metrics/index.ts';
import type { LabResult } from '../../../lab/contracts/index.ts';
import { labResult } from './lab-result.fixture.ts';
import { demoResult } from './cross-dc-incr.result.fixture.ts';
import { clusterResult } from './cluster-result.fixture.ts';
import { labResult as vitestResult, config, entry, threshold } from '../vitest/results.ts';

const root = join(import.meta.dirname, '../../..');
const ajv = new Ajv({ allErrors: false, strict: true, strictRequired: false, allowUnionTypes: true });
ajv.addFormat('hdr-histogram', { type: 'string', validate: (hdr: string) => hdrProblem(hdr) === undefined });
const validate = ajv.compile(resultSchema());

// The demo fixture and the vitest helpers' results hold placeholders where a run writes a
// histogram; a run writes a real one or null.
const withoutHistograms = <T>(value: T): T => JSON.parse(JSON.stringify(value).replace(/"hdr":"[^"]*"/g, '"hdr":null')) as T;

const valid: [string, LabResult][] = [
  ['the table fixture', labResult],
  ['the cross-dc-incr demo', withoutHistograms(demoResult)],
  ['a cluster result', clusterResult],
  ['a result with reconcile rows and thresholds', withoutHistograms(vitestResult({ configs: [config()], reconcile: [entry()], thresholds: [threshold()] }))],
];

// Each a valid result with one thing broken; the checker and ajv must both refuse it.
const first = labResult.configs[0];
if (first === undefined) throw new Error('fixture has no config');
const broken: [string, unknown, string][] = [
  ['negative median', { ...labResult, configs: [{ ...first, medianMs: -1 }] }, 'configs[0].medianMs'],
  ['p99 as a string', { ...labResult, configs: [{ ...first, latencyUs: { ...first.latencyUs, p99: '12' } }] }, 'configs[0].latencyUs.p99'],
  ['serverInfo missing', { ...labResult, configs: [{ ...first, serverInfo: undefined }] }, 'configs[0].serverInfo'],
  ['a cluster fault row whose redirects are not counts', { ...clusterResult, reconcile: [{ ...clusterResult.reconcile![0], redirects: { moved: 'x', ask: 0 } }] }, 'reconcile[0].redirects.moved'],
  ['a node share without its node', { ...clusterResult, configs: [{ ...clusterResult.configs[0], perNode: [{ ...clusterResult.configs[0]!.perNode![0], node: undefined }] }] }, 'configs[0].perNode[0].node'],
  ['a result version that does not exist', { ...labResult, resultVersion: 3 }, 'resultVersion'],
  ['an error count of 1.5', { ...labResult, configs: [{ ...first, errorsByKind: { 'ERR weird': 1.5 } }] }, 'configs[0].errorsByKind["ERR weird"]'],
];

describe('result schema', () => {
  it('is shipped as scenarios/result.schema.json, equal to the generated one (npm run schema)', () => {
    expect(readFileSync(join(root, 'scenarios/result.schema.json'), 'utf8')).toBe(resultSchemaText());
  });

  it.each(valid)('accepts %s (and so does ajv)', (_, result) => {
    const roundTripped: unknown = JSON.parse(JSON.stringify(result));
    expect(schemaProblem(roundTripped, resultSchema())).toBeUndefined();
    expect(validate(roundTripped), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each(broken)('refuses %s at its path (and so does ajv)', (_, value, path) => {
    const roundTripped: unknown = JSON.parse(JSON.stringify(value));
    expect(schemaProblem(roundTripped, resultSchema())).toMatchObject({ path });
    expect(validate(roundTripped)).toBe(false);
  });

  it('refuses Infinity (JSON 1e999), which ajv also refuses through the finite maximum', () => {
    const value = JSON.parse(JSON.stringify(labResult).replace('"medianMs":', '"medianMs":1e999,"x":')) as unknown;
    expect(schemaProblem(value, resultSchema())).toMatchObject({ path: 'configs[0].medianMs', got: expect.stringContaining('Infinity') });
    expect(validate(value)).toBe(false);
  });

  it('throws on a keyword the checker does not implement, so the schema cannot outgrow it', () => {
    expect(() => schemaProblem({}, { type: 'object', patternProperties: {} })).toThrow(/keyword "patternProperties"/);
  });
});
