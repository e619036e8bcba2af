// The cheap commands README.md and docs/ show run as shown: `redis-fault-lab validate`,
// `schema` and `--help` from the ```sh blocks, through the CLI as `npx redis-fault-lab` runs it
// in a checkout. A `run` command is not cheap (it starts Redis and Toxiproxy); the scenario
// files it names are validated instead. The commands run in a temporary directory that holds
// the README's scenario blocks under the file names their first line gives (`# first.yaml`),
// `scenarios/` (the shipped files) and `node_modules/redis-fault-lab` (this checkout), so paths
// written for a checkout and for an installed package both resolve. Nothing here starts a server.

import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeBlocks, markdownFiles, ROOT } from '../unit/docs/markdown.ts';

const BIN = join(ROOT, 'lab/cli/bin.mjs');
const CHEAP = new Set(['validate', 'schema', '--help']);

interface Shown {
  where: string;
  args: string[];
}

// Every `npx redis-fault-lab ...` line of every ```sh block, its comment and redirection dropped.
const shown: Shown[] = markdownFiles().flatMap((file) =>
  codeBlocks(file.text)
    .filter((block) => block.info === 'sh')
    .flatMap((block) =>
      block.body.split('\n').flatMap((line, index) => {
        const command = /^npx redis-fault-lab\s+(.*)$/.exec(line.replace(/\s+#.*$/, '').replace(/\s*>.*$/, '').trim());
        return command ? [{ where: `${file.path}:${block.line + 1 + index}`, args: command[1]!.split(/\s+/) }] : [];
      }),
    ),
);

// The README's scenario blocks that name their file on their first line.
const namedScenarios = markdownFiles()
  .filter((file) => file.path === 'README.md')
  .flatMap((file) => codeBlocks(file.text))
  .flatMap((block) => {
    const name = /^# ([\w.-]+\.ya?ml)\n/.exec(block.body);
    return block.info === 'yaml' && name ? [{ name: name[1]!, body: block.body }] : [];
  });

// What runs for a command shown: itself when cheap; `validate` of its files for a `run`.
const cheapForm = (args: string[]): string[] | undefined => {
  if (CHEAP.has(args[0]!)) return args;
  if (args[0] !== 'run') return undefined;
  const firstFlag = args.findIndex((arg) => arg.startsWith('--'));
  return ['validate', ...args.slice(1, firstFlag === -1 ? undefined : firstFlag)];
};

let dir = '';

// A shell's glob of one `*` in the last path segment, against the temporary directory.
const expand = async (arg: string): Promise<string[]> => {
  if (!arg.includes('*')) return [arg];
  const pattern = new RegExp(`^${basename(arg).split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  const names = (await readdir(join(dir, dirname(arg)))).filter((name) => pattern.test(name)).sort();
  return names.map((name) => join(dirname(arg), name));
};

const cli = (args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: dir, env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rfl-doc-commands-'));
  for (const scenario of namedScenarios) await writeFile(join(dir, scenario.name), scenario.body);
  await symlink(join(ROOT, 'scenarios'), join(dir, 'scenarios'));
  await mkdir(join(dir, 'node_modules'));
  await symlink(ROOT, join(dir, 'node_modules', 'redis-fault-lab'));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('commands shown in README.md and docs/', () => {
  it('finds the README scenario files and its cheap commands', () => {
    expect(namedScenarios.map((s) => s.name)).toEqual(expect.arrayContaining(['first.yaml', 'retry.yaml']));
    const readme = shown.filter((s) => s.where.startsWith('README.md:')).map((s) => s.args.join(' '));
    expect(readme).toEqual(expect.arrayContaining(['--help', 'validate first.yaml', 'validate retry.yaml']));
  });

  // Each distinct command once, named by where it is first shown (the README shows `--help` twice).
  const firstShown = new Map<string, Shown>();
  for (const s of shown) {
    const form = cheapForm(s.args)?.join(' ');
    if (form !== undefined && !firstShown.has(form)) firstShown.set(form, s);
  }
  const distinct = [...firstShown.values()];
  it.each(distinct.map((s) => [`${s.where}: redis-fault-lab ${s.args.join(' ')}`, s] as const))('%s', async (_name, s) => {
    const args = (await Promise.all(cheapForm(s.args)!.map(expand))).flat();
    const ran = await cli(args);
    expect(ran.stderr.split('\n').filter((line) => /^error/.test(line))).toEqual([]);
    expect(ran.code).toBe(0);
    if (args[0] === 'validate') {
      const files = args.slice(1);
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) expect(ran.stdout).toContain(`ok  ${file}: `);
    } else if (args[0] === 'schema') {
      expect(JSON.parse(ran.stdout)).toMatchObject({ title: 'redis-fault-lab scenario' });
    } else {
      expect(ran.stdout).toMatch(/^Usage:/);
    }
  });

  it('fails a command whose scenario is broken (the check can fail)', async () => {
    await writeFile(join(dir, 'broken.yaml'), 'name: broken\nworkload: {command: INCR, comands: 10}\nmodes: [sync]\n');
    const ran = await cli(['validate', 'broken.yaml']);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/comands/);
  });
});
