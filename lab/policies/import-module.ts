// Imports a policy module file, TypeScript or JavaScript, with its own imports. Every file goes
// through tsx's scoped loader (tsImport), so a .ts module that imports another .ts module works
// on plain Node, in a checkout, and under vitest alike; tsx is a dependency of the package.
// A failure is turned into an E_POLICY error that names its real cause: a package the module
// imports that is not installed, a file it imports that is not there, a CommonJS/ESM mismatch
// (with the package.json to fix), or an error the module's own top-level code threw.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LabError, errorMessage } from '../errors/index.ts';

type TsImport = (specifier: string, parent: string) => Promise<Record<string, unknown>>;

const loadTsx = async (): Promise<TsImport> => {
  const api = (await import('tsx/esm/api').catch(() => undefined)) as { tsImport?: TsImport } | undefined;
  if (api?.tsImport !== undefined) return api.tsImport;
  throw new LabError('E_POLICY', 'Policy modules cannot be loaded: the package tsx is not installed', {
    hint: 'tsx is a dependency of redis-fault-lab: reinstall it (npm install redis-fault-lab), or npm install tsx',
  });
};

/** The module's exports (tsImport's namespace). */
export const importModule = async (file: string): Promise<Record<string, unknown>> => (await loadTsx())(pathToFileURL(file).href, import.meta.url);

// The package.json that decides whether a .js / .ts file is CommonJS or ESM, and its "type".
const packageTypeOf = async (file: string): Promise<{ packageJson: string | undefined; type: string }> => {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const packageJson = path.join(dir, 'package.json');
    const text = await readFile(packageJson, 'utf8').catch(() => undefined);
    if (text !== undefined) {
      const type = (() => {
        try {
          return String((JSON.parse(text) as { type?: unknown }).type ?? 'commonjs');
        } catch {
          return 'commonjs';
        }
      })();
      return { packageJson, type };
    }
    if (path.dirname(dir) === dir) return { packageJson: undefined, type: 'commonjs' };
  }
};

const MISMATCH = /Top-level await is currently not supported with the "cjs" output format|Cannot use import statement outside a module|Unexpected token 'export'|require\(\) ES Module|ERR_REQUIRE_ESM|ERR_REQUIRE_CYCLE_MODULE|ERR_REQUIRE_ASYNC_MODULE|is not defined in ES module scope/;

const mismatchHint = async (file: string, message: string): Promise<string> => {
  const { packageJson, type } = await packageTypeOf(file);
  if (/is not defined in ES module scope/.test(message)) {
    return `the module is read as ESM (${packageJson ?? 'no package.json'} has "type": "${type}") but uses CommonJS (module.exports / require): write export default { connect, perform, close }, or rename it to .cjs`;
  }
  const where = packageJson === undefined ? `no package.json above ${path.dirname(file)}` : `${packageJson} has no "type": "module"`;
  return `the module is written as ESM (import / export) but read as CommonJS, since ${where}: add "type": "module" to that package.json (or create one beside the module), or rename the module to .mts / .mjs`;
};

/** Explains why a module did not load, as an E_POLICY error for `source` (its path and name). */
export const loadFailure = async (error: unknown, file: string, source: string): Promise<LabError> => {
  if (error instanceof LabError) return error;
  const message = errorMessage(error);
  const code = String((error as { code?: unknown }).code ?? '');
  const fail = (what: string, hint: string) => new LabError('E_POLICY', `Policy module ${source}: ${what}`, { hint, cause: error });
  const pkg = /Cannot find package '([^']+)' imported from (.+)$/m.exec(message);
  if (pkg) {
    const [, name, importer] = pkg;
    return fail(`imports the package ${name}, which is not installed (imported from ${importer})`, `install ${name} where the module can resolve it (npm install ${name} in the module's project), or remove the import`);
  }
  const missing = /Cannot find module '([^']+)' imported from (.+)$/m.exec(message);
  if (missing) {
    const [, target, importer] = missing;
    return fail(`imports ${target}, which does not exist (imported from ${importer})`, 'fix the import path: relative imports need the file extension, e.g. ./helper.ts');
  }
  if (MISMATCH.test(message) || MISMATCH.test(code)) {
    const line = message.split('\n').find((text) => MISMATCH.test(text)) ?? message.split('\n')[0];
    return fail(`failed to load (CommonJS/ESM mismatch): ${line}`, await mismatchHint(file, `${message} ${code}`));
  }
  return fail(`failed to load: ${message}`, 'fix the module so that it loads: its top-level code threw, or it does not parse (node --check finds syntax errors in .js)');
};
