import { describe, expect, it } from 'vitest';
import { isInlineYaml, toScenario } from '../../../lab/vitest/use-lab.ts';

const FIXTURE = 'test/fixtures/scenarios/cross-dc-incr.yaml';

describe('scenario input', () => {
  it('tells inline YAML from a path', () => {
    expect(isInlineYaml('scenarios/cross-dc-incr.yaml')).toBe(false);
    expect(isInlineYaml('name: x\nworkload: {command: INCR}')).toBe(true);
    expect(isInlineYaml('  {name: x, workload: {command: INCR}, modes: [sync]}')).toBe(true);
  });

  it('loads a path and a file: URL, keeping the path as given', async () => {
    const fromPath = await toScenario(FIXTURE, 'unused');
    expect(fromPath).toMatchObject({ name: 'cross-dc-incr', file: FIXTURE });
    const url = new URL(`../../../${FIXTURE}`, import.meta.url);
    expect(await toScenario(url, 'unused')).toMatchObject({ name: 'cross-dc-incr', file: url.pathname });
  });

  it('parses inline YAML under its label and passes a Scenario through', async () => {
    const scenario = await toScenario('name: inline\nworkload: { command: INCR, commands: 10 }\nmodes: [sync]\n', 'my label');
    expect(scenario.name).toBe('inline');
    expect(await toScenario(scenario, 'unused')).toBe(scenario);
    await expect(toScenario('name: inline\nmodes: [sync]\nbogus: 1\n', 'my label')).rejects.toThrow('my label');
  });

  it('reports a missing file as E_SCENARIO_NOT_FOUND', async () => {
    await expect(toScenario('test/fixtures/scenarios/nope.yaml', 'unused')).rejects.toMatchObject({ code: 'E_SCENARIO_NOT_FOUND' });
  });
});
