import { describe, expect, it } from 'vitest';
import { customCommandProblem, scopeScenario, scriptProblem } from '../../../lab/keyspace/index.ts';
import { parseScenario } from '../../../lab/scenario/index.ts';

const PREFIX = 'rfl:0123456789ab:';

describe('scoping a scenario to the lab prefix', () => {
  it('prefixes every key pattern, of plain workloads and of request steps, and nothing else', () => {
    const scenario = parseScenario(
      `
name: scoped
workload:
  - { command: SET, key: "content:{i}", keys: sequential, commands: 10 }
  - label: api
    requests: 4
    request:
      - { command: GET, key: "session:{r}" }
      - parallel: [{ command: INCR, key: hits }, { command: GET, key: "user:{r}" }]
modes: [sync]
`,
      'scoped.yaml',
    );
    const scoped = scopeScenario(scenario, PREFIX);
    expect(scoped.workloads[0]!.key).toBe(`${PREFIX}content:{i}`);
    const steps = scoped.workloads[1]!.request!.kinds[0]!.steps;
    expect(steps.flatMap((s) => s.commands.map((c) => c.key))).toEqual(
      scenario.workloads[1]!.request!.kinds[0]!.steps.flatMap((s) => s.commands.map((c) => `${PREFIX}${c.key}`)),
    );
    expect(scoped.workloads.map((w) => w.label)).toEqual(scenario.workloads.map((w) => w.label));
    expect(scenario.workloads[0]!.key).toBe('content:{i}'); // the given scenario is left as it was
    expect(scopeScenario(scenario, '')).toBe(scenario);
  });
});

describe('what cannot be confined to the prefix', () => {
  it('passes scripts that use only KEYS[1]', () => {
    expect(scriptProblem("return redis.call('INCR', KEYS[1])")).toBeUndefined();
    expect(scriptProblem("redis.call('SET', KEYS[1], ARGV[1]); return redis.pcall('GET', KEYS[1])")).toBeUndefined();
  });

  it('refuses scripts that name a key literally or act on the whole database', () => {
    expect(scriptProblem("return redis.call('DEL', 'users')")).toMatch(/^its script calls DEL on a key written as a literal .*use KEYS\[1\]/);
    expect(scriptProblem('redis.call("flushdb")')).toBe("its script calls FLUSHDB, which acts on the whole database, not on the lab's keys");
  });

  const facts = (over: Partial<Parameters<typeof customCommandProblem>[0]>) => ({ name: 'SETEX', categories: ['@write', '@string', '@slow'], flags: ['write', 'denyoom'], keys: [`${PREFIX}k:1`], ...over });

  it('passes a CUSTOM command whose keys all carry the prefix, or a keyless read', () => {
    expect(customCommandProblem(facts({}), PREFIX)).toBeUndefined();
    expect(customCommandProblem(facts({ name: 'PING', categories: ['@fast', '@connection'], flags: ['fast'], keys: [] }), PREFIX)).toBeUndefined();
  });

  it.each([
    [{ name: 'FLUSHDB', categories: ['@keyspace', '@write', '@slow', '@dangerous'], keys: [] }, "CUSTOM FLUSHDB is in Redis's @dangerous ACL category: it can act beyond the lab's own keys"],
    [{ name: 'CONFIG SET', categories: ['@admin', '@slow', '@dangerous'], flags: ['admin'], keys: [] }, "CUSTOM CONFIG SET is in Redis's @admin and @dangerous ACL categories: it can act beyond the lab's own keys"],
    [{ name: 'SWAPDB', categories: ['@keyspace', '@write', '@fast'], keys: [] }, "CUSTOM SWAPDB acts on the whole database, not on the lab's keys"],
    [{ name: 'PUBLISHLIKE', flags: ['write'], keys: [] }, "CUSTOM PUBLISHLIKE writes without naming a key: it would act beyond the lab's own keys"],
    [{ name: 'RENAME', keys: [`${PREFIX}a`, 'b'] }, `CUSTOM RENAME names the key "b", outside the lab's prefix ${PREFIX}: write it as {key} (the operation's key, which carries the prefix)`],
  ])('refuses %j', (over, message) => {
    expect(customCommandProblem(facts(over), PREFIX)).toBe(message);
  });
});
