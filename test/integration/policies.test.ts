// The user's own policy modules, end to end on real Redis and Toxiproxy: the shipped example
// modules loaded from files next to their scenario (a naive retry wrapper double-applies at a
// batch-boundary reply cut; the idempotency-key one does not), and broken modules: one that does
// not parse and one without perform are E_POLICY errors naming the module; one whose perform
// never settles ends in a row that says HUNG at the deadline, not in a hung run.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { isLabError, loadScenarioFile, runScenario, type Policy, type Scenario, type StartedRuntime } from '../../lab/index.ts';
import { inlineScenario } from './support.ts';

let runtime: StartedRuntime;
beforeAll(async () => {
  runtime = await startLocal();
});
afterAll(async () => {
  await runtime?.stop();
});

async function startLocal(): Promise<StartedRuntime> {
  const { startRuntime } = await import('../../lab/index.ts');
  return startRuntime('local');
}

const small = (policies: string, extra = ''): Scenario => ({
  ...inlineScenario(`
name: policies
workload: {command: INCR, key: "pol:counter", commands: 64}
modes: [pipeline:16]
faults:
  - {name: boundary, after: 32 commands, cut-after: {down: "0 replies"}}
policies: ${policies}
reconcile: {tags: none, deadline: 3s}
${extra}`),
  file: 'test/fixtures/policies/scenario.yaml',
});

const labErrorOf = async (work: Promise<unknown>) => {
  const error: unknown = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isLabError(error)) throw new Error(`expected a LabError, got ${String(error)}`);
  return error;
};

describe('policy modules', () => {
  it('judges the shipped example modules: naive retry double-applies, idempotency keys do not', async () => {
    const scenario = await loadScenarioFile('scenarios/retry-your-own.yaml');
    const result = await runScenario({ ...scenario, repeat: 1 }, { runtime });
    const rows = result.reconcile ?? [];
    expect(rows.map((r) => r.policy)).toEqual(expect.arrayContaining(['naive-retry', 'idempotency-key']));
    for (const row of rows) expect(row.faultObserved, row.id).toBe(true);
    const naive = rows.filter((r) => r.policy === 'naive-retry');
    for (const row of naive) {
      expect(row.verdict, row.id).toBe('UNSAFE');
      // Duplicates: the counter is above what every increment applied once could give.
      expect(row.counter!.final, row.id).toBeGreaterThan(row.counter!.upper);
      expect(row.reasons.join(' '), row.id).toMatch(/duplicated/);
      expect(row.client).toBe('ioredis 6 + naive retry wrapper');
    }
    for (const row of rows.filter((r) => r.policy === 'idempotency-key')) {
      expect(row.verdict, row.id).toBe('SAFE');
      expect(row.counter, row.id).toMatchObject({ final: 256, lower: 256, upper: 256 });
      expect(row.counts.retries, row.id).toBeGreaterThan(0); // it did retry: SAFE is not "nothing happened"
    }
    expect(rows.find((r) => r.policy === 'ioredis-default')?.client).toMatch(/^ioredis \d+\.\d+\.\d+$/);
    expect(result.thresholds.every((t) => t.pass)).toBe(true);
  });

  it('names a module that does not parse, and one without perform (E_POLICY), before any run', async () => {
    const syntax = await labErrorOf(runScenario(small('[{name: broken, module: ./syntax-error.mjs}]'), { runtime }));
    expect(syntax.code).toBe('E_POLICY');
    expect(syntax.message).toContain('./syntax-error.mjs (policy broken)');
    expect(syntax.message).toMatch(/failed to load/);
    const missing = await labErrorOf(runScenario(small('[{name: lazy, module: ./missing-perform.mjs}]'), { runtime }));
    expect(missing.code).toBe('E_POLICY');
    expect(missing.message).toContain('./missing-perform.mjs (policy lazy)');
    expect(missing.message).toContain('exports no perform function');
    const absent = await labErrorOf(runScenario(small('[{name: gone, module: ./no-such-file.mjs}]'), { runtime }));
    expect(absent.hint).toMatch(/relative to the scenario file/);
  });

  it('a row in which every perform failed says so, with the first server error and what tags: log means for a script wrapper', async () => {
    const scenario = small('[{name: own-eval, module: ./own-eval-script.ts}]');
    const result = await runScenario({ ...scenario, reconcile: { ...scenario.reconcile, tags: 'log' } }, { runtime });
    const [row] = result.reconcile ?? [];
    expect(row?.counts.acknowledged).toBe(0);
    expect(row?.reasons[0]).toMatch(/^every operation failed \(0 of 64 succeeded\): the first error was ERR: ".*not allowed from script/);
    expect(row?.reasons[0]).toContain('Lua cannot call EVAL): set reconcile: {tags: none}');
    expect(row?.errorMessages?.ERR).toMatch(/not allowed from script/);
    expect(row?.reasons).toContainEqual(expect.stringMatching(/^errors ERR ×\d+, first: ".*not allowed from script/));
  });

  it('turns a perform that never settles into a HUNG row at the deadline, and takes a policy object', async () => {
    let closed = false;
    const hangs: Policy<Redis> = {
      client: 'test: hangs after the fault',
      async connect({ host, port, password }) {
        const client = new Redis({ host, port, ...(password === undefined ? {} : { password }), lazyConnect: true });
        client.on('error', () => {});
        client.once('close', () => (closed = true));
        await client.connect();
        return client;
      },
      // Answers until the connection first closes, then never settles (and close never does either).
      perform: (client, op) => (closed ? new Promise(() => {}) : client.call(op.command, [...op.args])),
      close: () => new Promise(() => {}),
    };
    const scenario = small('[none]');
    const started = performance.now();
    const result = await runScenario({ ...scenario, policies: ['hangs'], policyModules: [{ name: 'hangs', module: hangs }] }, { runtime });
    const elapsedMs = performance.now() - started;
    const [row] = result.reconcile ?? [];
    expect(row?.reasons[0]).toMatch(/^HUNG: perform had not settled for \d+ operations? at the 3000 ms deadline/);
    expect(row?.verdict).not.toBe('SAFE');
    expect(row?.client).toBe('test: hangs after the fault');
    expect(result.warnings.join('\n')).toMatch(/close\(client\) did not settle/);
    expect(elapsedMs).toBeLessThan(30_000); // bounded by the deadline and the close timeout, not hung
  });
});
