import { describe, expect, it } from 'vitest';
import type { ConfigCell, Workload } from '../../../lab/contracts/index.ts';
import { runKeyPattern, runUserRules } from '../../../lab/workload/index.ts';
import { fixed, workload } from './workload-fixture.ts';

const cell = (w: Partial<Workload>): ConfigCell => ({
  id: 'x',
  workload: workload(w),
  commands: 100,
  valueBytes: fixed(3),
  link: 'proxied',
  rttMs: 0,
  jitterMs: 0,
  bandwidth: { upKBps: null, downKBps: null },
  mode: { kind: 'sync' },
  batch: 1,
  connections: 1,
});

describe("redis-benchmark's per-run user", () => {
  it('may run only the scenario command, on its key, never an admin or dangerous command', () => {
    expect(runUserRules(cell({ command: 'SET', key: 'bench:k' }), 'pw')).toStrictEqual([
      'reset', 'on', '>pw', 'resetkeys', '~bench:k', 'resetchannels', '-@all', '+set', '-@admin', '-@dangerous',
    ]);
  });

  it('keys one: {i} is 0 and a literal __rand_int__ stays literal; glob characters are escaped', () => {
    expect(runKeyPattern(cell({ key: 'c:{i}' }))).toBe('c:0');
    expect(runKeyPattern(cell({ key: 'k:__rand_int__' }))).toBe('k:__rand_int__');
    expect(runKeyPattern(cell({ key: 'a*b?[c]\\' }))).toBe('a\\*b\\?\\[c\\]\\\\');
  });

  it('keys {uniform: N}: {i} matches exactly the 12 digits -r writes', () => {
    expect(runKeyPattern(cell({ key: 'rfl:ab12:c:{i}', keys: { kind: 'uniform', count: 10 } }))).toBe(`rfl:ab12:c:${'[0-9]'.repeat(12)}`);
  });

  it('CUSTOM names its command by its first argument; CONFIG stays refused (later rules win)', () => {
    const rules = runUserRules(cell({ command: 'CUSTOM', args: ['CONFIG', 'GET', 'requirepass'] }), 'pw');
    expect(rules.slice(-3)).toStrictEqual(['+config', '-@admin', '-@dangerous']);
  });

  it("EVAL may call the script's read and write commands, still on the key pattern only", () => {
    expect(runUserRules(cell({ command: 'EVAL', script: 'return 1' }), 'pw').slice(4)).toStrictEqual([
      '~k:0', 'resetchannels', '-@all', '+eval', '+@read', '+@write', '-@admin', '-@dangerous',
    ]);
  });
});
