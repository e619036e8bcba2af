// Policy modules through the CLI: `validate` resolves and imports them (a missing file or a path
// outside the scenario's folder is refused with the path and what is valid), `run` imports them
// before any runtime starts and starts nothing when one is broken, and a module's process.exit
// (at import or in perform) is E_POLICY, exit 2, with the servers the run started stopped.

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processAlive } from './support.ts';
import { runCli } from './run-cli.ts';

const FIXTURES = 'test/fixtures/policies';

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

const cli = (args: string[], env: Record<string, string> = {}): Promise<Exit> => runCli(args, env);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rfl-policy-cli-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('policy modules are checked before anything starts', () => {
  it('validate imports the modules: their top-level code runs, and the line names them', async () => {
    const mark = join(dir, 'validate.mark');
    const result = await cli(['validate', `${FIXTURES}/marks-at-load.yaml`], { RFL_POLICY_MARK: mark });
    expect(result.stderr).toMatch(/^ {4}work: [^\n]*\n$/); // validate's stderr holds only its work estimate
    expect(result).toMatchObject({ code: 0, stdout: `ok  ${FIXTURES}/marks-at-load.yaml: marks-at-load; policy modules loaded: marks (./marks-at-load.mjs)\n` });
    expect(await readFile(mark, 'utf8')).toMatch(/^loaded \d+\n$/);
  });

  it('validate refuses a missing module with its path and where module paths start', async () => {
    const result = await cli(['validate', `${FIXTURES}/missing-module.yaml`]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`error [E_POLICY]: Policy module ./no-such-module.ts (policy gone): no file at ${resolve(FIXTURES, 'no-such-module.ts')}`);
    expect(result.stderr).toContain(`hint: module paths are relative to the scenario file and stay inside its folder ${resolve(FIXTURES)}`);
  });

  it('validate refuses a module outside the scenario folder, even one that exists', async () => {
    const result = await cli(['validate', `${FIXTURES}/outside-module.yaml`]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`Policy module ../programs/exit-without-stop.ts (policy escapes): ${resolve('test/fixtures/programs/exit-without-stop.ts')} is outside the scenario's folder`);
    expect(result.stderr).toContain('hint: module paths are relative to the scenario file');
  });

  it('run starts no runtime when a module is broken, and imports the good ones first', async () => {
    const mark = join(dir, 'run.mark');
    const result = await cli(['run', `${FIXTURES}/missing-module.yaml`, '--runtime', 'local'], { RFL_POLICY_MARK: mark });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error [E_POLICY]');
    expect(result.stderr).not.toMatch(/starting|runtime ready/);
    expect(await readFile(mark, 'utf8')).toMatch(/^loaded \d+\n$/); // the good module was imported, once
  });
});

describe('modules load and explain themselves', () => {
  it('a .ts module importing .ts modules (two levels) loads, and so does ESM syntax in a CommonJS folder', async () => {
    for (const [name, module] of [['nested-imports', './nested-imports.ts'], ['cjs-esm-syntax', './cjs/esm-syntax.js']]) {
      const result = await cli(['validate', `${FIXTURES}/${name}.yaml`]);
      expect(result.stderr).toMatch(/^ {4}work: [^\n]*\n$/); // validate's stderr holds only its work estimate
      expect(result).toMatchObject({ code: 0, stdout: `ok  ${FIXTURES}/${name}.yaml: ${name}; policy modules loaded: ${name} (${module})\n` });
    }
  });

  it('a CommonJS/ESM mismatch names the package.json and the fix', async () => {
    const result = await cli(['validate', `${FIXTURES}/cjs-top-level-await.yaml`]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('failed to load (CommonJS/ESM mismatch)');
    expect(result.stderr).toContain(`hint: the module is written as ESM (import / export) but read as CommonJS, since ${resolve(FIXTURES, 'cjs/package.json')} has no "type": "module": add "type": "module"`);
  });

  it('a failed package import names the package, not "no file at"', async () => {
    const result = await cli(['validate', `${FIXTURES}/imports-missing-package.yaml`]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('imports the package no-such-retry-package-for-lab-tests, which is not installed');
    expect(result.stderr).not.toContain('no file at');
  });
});

describe("a module's process.exit is E_POLICY, not a pass", () => {
  it('at import: validate and run exit 2 and name the module', async () => {
    for (const command of ['validate', 'run']) {
      const result = await cli([command, `${FIXTURES}/exit-at-import.yaml`, '--runtime', 'local'].slice(0, command === 'run' ? 4 : 2));
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain('error [E_POLICY]: Policy module ./exit-at-import.mjs (policy exits) called process.exit(0) while loading');
      expect(result.stderr).not.toMatch(/starting|runtime ready/);
    }
  });

  it('in perform: exit 2 naming the policy, no result, and the servers the run started are stopped', async () => {
    const mark = join(dir, 'perform.mark');
    const json = join(dir, 'exit.json');
    const result = await cli(['run', `${FIXTURES}/exit-in-perform.yaml`, '--runtime', 'local', '--json', json], { RFL_POLICY_MARK: mark });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('error [E_POLICY]: Policy exits (./exit-in-perform.mjs) called process.exit(0) during a fault run');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    const pids = (await readFile(mark, 'utf8')).split('\n').map(Number);
    expect(pids).toHaveLength(2); // redis-server and toxiproxy-server were running when it exited
    for (const pid of pids) expect(processAlive(pid), `pid ${pid} still running`).toBe(false);
    await expect(readFile(json, 'utf8')).rejects.toThrow(/ENOENT/);
  });
});
