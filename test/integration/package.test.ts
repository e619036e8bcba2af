// The package as a user gets it: `npm pack` (which builds dist/ through the prepare script),
// the tarball installed into a new project, and there the library under plain `node`, the
// `redis-fault-lab` command through npx, a one-test vitest suite with useLab, and the .d.ts
// files under a strict consumer's tsc. The command also runs from the checkout itself after
// that rebuild of dist/ (directly, through npx, and through an `npm link` made before it, into
// a temporary prefix: nothing global is touched). Nothing here imports lab/: everything goes through the
// installed package, so a source-only import, a missing file in `files` or a `.ts` specifier
// left in the built JavaScript fails here and nowhere else.

import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeBlocks } from '../unit/docs/markdown.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// Packing builds the whole lab (~15 s) and the install unpacks testcontainers and vitest from
// npm's cache (~45 s); more on a loaded 2-core machine.
const SETUP_TIMEOUT_MS = 300_000;

// What an outer `npm test` and vitest put in the environment stays out of the children's:
// npm's npm_config_local_prefix would point the nested npm at this checkout instead of the
// temporary project, and vitest's own VITEST_* variables would confuse the nested vitest.
const childEnv = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm_|VITEST)/i.test(name))),
  NO_COLOR: '1',
  ...extra,
});

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

// Runs a command to its end and returns its exit code and output (never throws on exit != 0).
const run = (file: string, args: string[], cwd: string, timeoutMs = 120_000, env: NodeJS.ProcessEnv = {}): Promise<Ran> =>
  new Promise((resolve, reject) => {
    execFile(file, args, { cwd, env: childEnv(env), timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') return reject(new Error(`${file} ${args.join(' ')}: ${error.message}\n${stderr}`));
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });

const mustRun = async (file: string, args: string[], cwd: string, timeoutMs?: number, env?: NodeJS.ProcessEnv): Promise<Ran> => {
  const ran = await run(file, args, cwd, timeoutMs, env);
  if (ran.code !== 0) throw new Error(`${file} ${args.join(' ')} exited ${ran.code}\n${ran.stdout}\n${ran.stderr}`);
  return ran;
};

const installedVersion = async (name: string): Promise<string> =>
  (JSON.parse(await readFile(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

interface PackEntry {
  filename: string;
  entryCount: number;
  size: number;
  unpackedSize: number;
  files: { path: string }[];
}

let tmp = '';
let app = '';
let globalPrefix = '';
let packed: PackEntry;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'redis-fault-lab-pack-'));
  // `npm link` into a temporary global prefix, before the pack below rebuilds dist/: linking
  // sets the bin's run bit itself, so only a link made before a rebuild shows whether the
  // build keeps it. --ignore-scripts: the pack builds; the link only makes the symlinks (~1 s).
  globalPrefix = join(tmp, 'global');
  await mustRun('npm', ['link', '--ignore-scripts', '--no-audit', '--no-fund'], ROOT, 60_000, { NPM_CONFIG_PREFIX: globalPrefix });
  const pack = await mustRun('npm', ['pack', '--json', '--pack-destination', tmp], ROOT, SETUP_TIMEOUT_MS);
  packed = (JSON.parse(pack.stdout) as PackEntry[])[0]!;

  app = join(tmp, 'app');
  await mkdir(app);
  await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  // The same vitest, TypeScript and Node types as this checkout, so npm's cache has them.
  // --ignore-scripts: the package has no install script of its own, and a dependency's
  // optional native build (cpu-features, under ssh2) is no part of what is tested here.
  const deps = [join(tmp, packed.filename), `vitest@${await installedVersion('vitest')}`, `typescript@${await installedVersion('typescript')}`, `@types/node@${await installedVersion('@types/node')}`];
  await mustRun('npm', ['install', ...deps, '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund'], app, SETUP_TIMEOUT_MS);
}, SETUP_TIMEOUT_MS * 2);

// The temporary prefix holds the only link `npm link` made; removing it unlinks.
afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const USAGE = /^Usage:\n {2}redis-fault-lab run /;

describe('the command from a checkout, after the build', () => {
  it('keeps the run bit on dist/cli/bin.mjs and runs it directly and through npx', async () => {
    const bin = join(ROOT, 'dist/cli/bin.mjs');
    expect(((await stat(bin)).mode & 0o111).toString(8), 'dist/cli/bin.mjs run bits').toBe('111');
    expect((await mustRun(bin, ['--help'], ROOT)).stdout).toMatch(USAGE);
    expect((await mustRun('npx', ['--offline', 'redis-fault-lab', '--help'], ROOT)).stdout).toMatch(USAGE);
  });

  it('runs through the bin `npm link` made, after dist/ was rebuilt', async () => {
    const linked = join(globalPrefix, 'bin', 'redis-fault-lab');
    expect((await mustRun(linked, ['--help'], ROOT)).stdout).toMatch(USAGE);
    const ok = await mustRun(linked, ['validate', 'scenarios/cross-dc-incr.yaml'], ROOT);
    expect(ok.stdout).toBe('ok  scenarios/cross-dc-incr.yaml: cross-dc-incr\n');
  });
});

describe('the npm package', () => {
  it('ships the built code, the scenarios and docker/, and no tests, sources or CI files', async () => {
    const paths = packed.files.map((f) => f.path);
    const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
      exports: Record<string, string | Record<string, string>>;
    };
    // Every file package.json points at is in the tarball.
    const targets = [...Object.values(manifest.bin), ...Object.values(manifest.exports).flatMap((t) => (typeof t === 'string' ? [t] : Object.values(t)))];
    for (const target of targets) expect(paths, target).toContain(target.replace(/^\.\//, ''));
    expect(paths).toEqual(expect.arrayContaining(['README.md', 'docker/redis.Dockerfile', 'docker/toxiproxy.Dockerfile', 'docker/provision.sh', 'scenarios/cross-dc-incr.yaml', 'scenarios/scenario.schema.json']));

    const unwanted = paths.filter(
      (p) =>
        /^(test|lab|\.ci|node_modules|results)\//.test(p) || // tests, sources, CI, local output
        /\.(test|spec)\.[cm]?[jt]s$/.test(p) ||
        // TypeScript other than declarations, except the example policy modules that
        // scenarios/retry-your-own.yaml names (a user's policy may be .ts; the README says how it loads)
        (/\.[cm]?ts$/.test(p) && !/\.d\.[cm]?ts$/.test(p) && !/^scenarios\/policies\/[\w-]+\.ts$/.test(p)) ||
        p === 'docker/setup.sh' || // runs npm ci in a checkout; meaningless in node_modules
        /^tsconfig|^knip|package-lock/.test(p),
    );
    expect(unwanted).toEqual([]);
  });

  it('works under plain node: parseScenario, loadScenarioFile, a LabError, and runScenario on the local runtime', async () => {
    // The README's library example, on the local runtime and a tiny scenario to keep it short.
    const script = `
      import { isLabError, loadScenarioFile, parseScenario, runScenario } from 'redis-fault-lab';
      const scenario = parseScenario('name: inline\\nworkload: { command: INCR, commands: 20 }\\nmodes: [sync, pipeline:5]\\nnetwork: { rtt: 0ms }\\nwarmup: 0\\nrepeat: 1\\n', 'inline');
      const shipped = await loadScenarioFile('node_modules/redis-fault-lab/scenarios/cross-dc-incr.yaml');
      let error;
      try { parseScenario('name: broken\\nworkload: { command: NOPE }\\n', 'broken'); } catch (e) { error = e; }
      const result = await runScenario(scenario, { runtime: 'local', signal: AbortSignal.timeout(60_000) });
      console.log(JSON.stringify({ name: scenario.name, modes: scenario.modes.length, shipped: shipped.name, labError: isLabError(error), code: error?.code, pass: result.pass, runtime: result.runtime }));
    `;
    const { stdout } = await mustRun(process.execPath, ['--input-type=module', '-e', script], app);
    expect(JSON.parse(stdout)).toEqual({ name: 'inline', modes: 2, shipped: 'cross-dc-incr', labError: true, code: 'E_SCENARIO_INVALID', pass: true, runtime: 'local' });
  });

  it('packs the bin with its run bit, and runs it from node_modules/.bin', async () => {
    const listing = await mustRun('tar', ['-tvzf', join(tmp, packed.filename), 'package/dist/cli/bin.mjs'], tmp);
    expect(listing.stdout).toMatch(/^-rwxr-xr-x /);
    expect((await mustRun(join(app, 'node_modules/.bin/redis-fault-lab'), ['--help'], app)).stdout).toMatch(USAGE);
  });

  it('runs `npx redis-fault-lab validate` on a shipped scenario, and exits 2 on a bad one', async () => {
    const ok = await mustRun('npx', ['--offline', 'redis-fault-lab', 'validate', 'node_modules/redis-fault-lab/scenarios/cross-dc-incr.yaml'], app);
    expect(ok.stdout).toContain('ok  node_modules/redis-fault-lab/scenarios/cross-dc-incr.yaml: cross-dc-incr');

    await writeFile(join(app, 'bad.yaml'), 'name: bad\nworkload: { command: INCR, commands: 10 }\nmodes: [sideways]\n');
    const bad = await run('npx', ['--offline', 'redis-fault-lab', 'validate', 'bad.yaml'], app);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error \[E_SCENARIO_INVALID\]: .*bad\.yaml/m);
    expect(bad.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('loads a .ts policy module that imports other .ts modules, on plain Node from the installed package', async () => {
    await mkdir(join(app, 'policies', 'lib'), { recursive: true });
    await writeFile(join(app, 'policies', 'lib', 'settings.ts'), 'export const RETRIES: number = 1;\n');
    await writeFile(join(app, 'policies', 'lib', 'retry.ts'), "import { RETRIES } from './settings.ts';\nexport const retries = (): number => RETRIES;\n");
    await writeFile(
      join(app, 'policies', 'ours.ts'),
      "import { retries } from './lib/retry.ts';\nexport default { client: `ours ${retries()}`, connect: async () => ({}), perform: async (): Promise<number> => 1, close: async (): Promise<void> => {} };\n",
    );
    await writeFile(
      join(app, 'ours.yaml'),
      'name: ours\nworkload: { command: INCR, commands: 8 }\nmodes: [sync]\nfaults:\n  - {name: boundary, after: 4 commands, cut-after: {down: \"0 replies\"}}\npolicies:\n  - {name: ours, module: ./policies/ours.ts}\n',
    );
    const ok = await run('npx', ['--offline', 'redis-fault-lab', 'validate', 'ours.yaml'], app);
    expect(ok.stderr).toMatch(/^ {4}work: [^\n]*\n$/); // validate's stderr holds only its work estimate
    expect(ok).toMatchObject({ code: 0, stdout: 'ok  ours.yaml: ours; policy modules loaded: ours (./policies/ours.ts)\n' });
  });

  it('prints the JSON Schema with `npx redis-fault-lab schema`, the same as the shipped file', async () => {
    const printed = await mustRun('npx', ['--offline', 'redis-fault-lab', 'schema'], app);
    const shipped = await readFile(join(app, 'node_modules/redis-fault-lab/scenarios/scenario.schema.json'), 'utf8');
    expect(printed.stdout).toBe(shipped);
    expect(JSON.parse(shipped)).toMatchObject({ title: 'redis-fault-lab scenario', required: ['name', 'workload', 'modes'] });
  });

  it('runs a one-test vitest suite that uses useLab from redis-fault-lab/vitest', async () => {
    // The local runtime (redis-server and toxiproxy-server as child processes, installed by
    // docker/setup.sh): it starts in well under a second, where containers take ~10 s, and
    // the containers runtime has its own integration test.
    await writeFile(
      join(app, 'lab.test.ts'),
      `import { expect, it } from 'vitest';
import { useLab } from 'redis-fault-lab/vitest';

const lab = useLab({ runtime: 'local' });

it('runs a tiny scenario', async ({ signal }) => {
  const result = await lab.run('name: tiny\\nworkload: { command: INCR, commands: 20 }\\nmodes: [sync]\\nnetwork: { rtt: 0ms }\\nwarmup: 0\\nrepeat: 1\\nexpect: ["sync: median < 5000ms"]\\n', { signal });
  expect(result).toHaveVerifiedRuns();
  expect(result).toPassThresholds();
  expect(result.runtime).toBe('local');
  expect(result.configs.length).toBeGreaterThan(0);
}, 60_000);
`,
    );
    // On failure mustRun's error carries the nested vitest's report (NO_COLOR is set).
    const { stdout } = await mustRun('npx', ['--offline', 'vitest', 'run', 'lab.test.ts'], app);
    expect(stdout).toMatch(/Tests\s+1 passed \(1\)/);
  });

  it("runs the README's vitest example as written, on the README's retry.yaml", async () => {
    // The README's blocks themselves: the scenario files named on their first line
    // (`# retry.yaml`) and the ```ts block that imports redis-fault-lab/vitest. useLab() there
    // picks the runtime itself (containers when a Docker engine answers), as a user's would.
    const blocks = codeBlocks(await readFile(join(ROOT, 'README.md'), 'utf8'));
    for (const block of blocks) {
      const name = /^# ([\w.-]+\.ya?ml)\n/.exec(block.body)?.[1];
      if (block.info === 'yaml' && name) await writeFile(join(app, name), block.body);
    }
    const example = blocks.filter((block) => block.info === 'ts' && block.body.includes("from 'redis-fault-lab/vitest'"));
    expect(example).toHaveLength(1);
    await writeFile(join(app, 'readme-example.test.ts'), example[0]!.body);
    const { stdout } = await mustRun('npx', ['--offline', 'vitest', 'run', 'readme-example.test.ts'], app, 360_000);
    expect(stdout).toMatch(/Tests\s+1 passed \(1\)/);
  }, 400_000);

  it('typechecks a consumer against the .d.ts files (NodeNext, strict, skipLibCheck off)', async () => {
    await writeFile(
      join(app, 'consumer.ts'),
      `import { parseScenario, runScenario, type LabResult, type Scenario } from 'redis-fault-lab';
import { useLab, type LabFixture } from 'redis-fault-lab/vitest';

export const scenario: Scenario = parseScenario('name: x\\nworkload: { command: INCR, commands: 1 }\\nmodes: [sync]\\n', 'x');
export const passed = async (): Promise<boolean> => (await runScenario(scenario, { runtime: 'local' })).pass;
export const medians = (result: LabResult): (number | null)[] => result.configs.map((c) => c.medianMs);
export const lab: LabFixture = useLab({ runtime: 'local' });
`,
    );
    await writeFile(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true, noEmit: true, skipLibCheck: false, types: ['node'] },
        files: ['consumer.ts'],
      }),
    );
    await mustRun(process.execPath, [join(app, 'node_modules/typescript/bin/tsc'), '-p', '.'], app);
  });
});
