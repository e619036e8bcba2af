// Every ```yaml block in README.md and docs/ is a scenario the lab's own loader accepts, so an
// example a reader copies runs. A block whose info string is `yaml fragment` is deliberately
// not a whole scenario (an editor comment line, an excerpt of a CI workflow): it is skipped by
// the scenario check, because the validator would rightly refuse it, but it must still be
// valid YAML. Any other word after `yaml` is an error, so a typo cannot exempt a block.

import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseScenario } from '../../../lab/scenario/index.ts';
import { codeBlocks, markdownFiles, type CodeBlock } from './markdown.ts';

interface YamlBlock extends CodeBlock {
  where: string;
}

const yamlBlocks: YamlBlock[] = markdownFiles().flatMap((file) =>
  codeBlocks(file.text)
    .filter((block) => /^ya?ml\b/.test(block.info))
    .map((block) => ({ ...block, where: `${file.path}:${block.line}` })),
);

const scenarios = yamlBlocks.filter((block) => block.info === 'yaml');
const fragments = yamlBlocks.filter((block) => block.info === 'yaml fragment');

/** What the lab says about a block: 'ok', or the validator's message and hint. */
const validate = (block: YamlBlock): string => {
  try {
    parseScenario(block.body, block.where);
    return 'ok';
  } catch (error) {
    return error instanceof Error ? `${error.message}${'hint' in error ? `\nhint: ${String(error.hint)}` : ''}` : String(error);
  }
};

describe('YAML blocks in README.md and docs/', () => {
  it('finds the blocks (README and the scenario pages have some)', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(8);
    expect(scenarios.some((block) => block.where.startsWith('README.md:'))).toBe(true);
  });

  it('marks every non-scenario block `yaml fragment` and nothing else', () => {
    const unknown = yamlBlocks.filter((block) => block.info !== 'yaml' && block.info !== 'yaml fragment');
    expect(unknown.map((block) => `${block.where}: \`\`\`${block.info}`)).toEqual([]);
  });

  it.each(scenarios.map((block) => [block.where, block] as const))('%s is a valid scenario', (_where, block) => {
    expect(validate(block)).toBe('ok');
  });

  it.each(fragments.map((block) => [block.where, block] as const))('%s (a fragment) is valid YAML', (_where, block) => {
    expect(() => parse(block.body)).not.toThrow();
  });

  it('fails a broken block: a misspelt key, a value without its unit', () => {
    const broken = { info: 'yaml', line: 1, where: 'broken.md:1', body: 'name: broken\nworkload: {command: INCR, comands: 10}\nmodes: [sync]\nnetwork: {rtt: 10}\n' };
    const said = validate(broken);
    expect(said).toMatch(/comands/);
    expect(said).not.toBe('ok');
  });
});
