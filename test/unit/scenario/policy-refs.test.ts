import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../lab/scenario/index.ts';
import { failure, lines, yaml } from './helpers.ts';

const scenario = (...policies: string[]) =>
  yaml(
    'name: t',
    'workload: {command: INCR, commands: 100}',
    'modes: [sync]',
    'faults:',
    '  - {name: cut, after: 10 commands, reset: {}}',
    'policies:',
    ...policies.map((p) => `  - ${p}`),
  );

describe('parseScenario: policies with modules', () => {
  it('reads built-ins and modules, keeping the modules by name', () => {
    const parsed = parseScenario(scenario('none', 'node-redis-default', '{name: ours, module: ./policies/ours.ts}'), 't.yaml');
    expect(parsed.policies).toStrictEqual(['none', 'node-redis-default', 'ours']);
    expect(parsed.policyModules).toStrictEqual([{ name: 'ours', module: './policies/ours.ts' }]);
  });

  it('reports each wrong module entry at its own key', () => {
    const error = failure(
      scenario('{name: none, module: ./a.ts}', '{name: ok, module: ./a.py}', '{name: x, module: 3, extra: 1}', 'ioredis-defualt', '{name: y, module: {connect: 1}}'),
    );
    expect(lines(error)).toStrictEqual([
      '7:12: policies[0].name: none is a built-in policy',
      '8:24: policies[1].module: "./a.py" is not a .ts or .js file',
      '9:23: policies[2].module: must be a file path or a policy object, got 3',
      '9:33: policies[2].extra: is not a policy field',
      '10:5: policies[3]: unknown policy "ioredis-defualt"; did you mean ioredis-default?',
      '11:23: policies[4].module: the policy object lacks connect, perform, close',
    ]);
    expect(lines(failure(scenario('{name: ok, module: ./a.ts}', '{name: ok, module: ./b.ts}')))).toStrictEqual(['8:5: policies[1]: ok is listed twice (also policies[0])']);
  });
});
