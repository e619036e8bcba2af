// The command line: the only place that prints or decides an exit code.
// stdout: the result table (or validate's verdicts); stderr: progress and errors.

import { LabError, isLabError, errorMessage, redactData, registerSecret } from '../errors/index.ts';
import { describeWork, estimateWork, loadPolicies, loadScenarioFile, runScenario, scenarioSchemaText } from '../index.ts';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { LabResult, Scenario } from '../contracts/index.ts';
import {
  compareResults,
  createProgressWriter,
  parseAxisMatch,
  progressMode,
  readResultFile,
  renderComparison,
  renderComparisonMarkdown,
  renderHtmlReport,
  renderTable,
  resultSchemaText,
  shouldColor,
  writeJsonResult,
  writeOutDir,
} from '../report/index.ts';
import { parseCommand, USAGE, type Command } from './args.ts';
import { redactedStream, say, show } from './output.ts';
import { tableWidth } from './table-width.ts';
import { watchRunSignals } from './signals.ts';

/** 0 all passed; 1 a threshold or a reply check failed; 2 bad input or environment; 130 SIGINT (Ctrl-C), 143 SIGTERM (signals.ts). */
export const EXIT = { pass: 0, fail: 1, input: 2, interrupted: 130 } as const;

// Prints a LabError as message + hint, anything else as an internal error; never a stack
// unless REDIS_FAULT_LAB_DEBUG is set. Secrets redacted, control characters escaped (output.ts).
const reportError = (error: unknown): number => {
  if (isLabError(error)) {
    say(process.stderr, `error [${error.code}]: ${error.message}\n`);
    if (error.hint) say(process.stderr, `hint: ${error.hint}\n`);
  } else {
    say(process.stderr, `internal error: ${errorMessage(error)}\n`);
  }
  if (process.env.REDIS_FAULT_LAB_DEBUG && error instanceof Error) say(process.stderr, `${error.stack}\n`);
  return isLabError(error) && error.code === 'E_INTERRUPTED' ? EXIT.interrupted : EXIT.input;
};

// The real process.exit, taken before a policy module's code runs: while one runs, the lab
// replaces process.exit (a module's call becomes E_POLICY), and a forced stop must still exit.
const forceExit = process.exit.bind(process);

// A fault scenario's policy modules, imported (their top-level code run) and checked; their names.
const checkModules = async (scenario: Scenario): Promise<string[]> => {
  if (scenario.faults.length === 0) return [];
  const policies = await loadPolicies(scenario);
  return [...policies.values()].filter((p) => p.source !== 'built-in').map((p) => `${p.name} (${p.source})`);
};

const validate = async (files: string[]): Promise<number> => {
  let status: number = EXIT.pass;
  for (const file of files) {
    try {
      const scenario = await loadScenarioFile(file);
      const modules = await checkModules(scenario);
      say(process.stdout, `ok  ${file}: ${scenario.name}${modules.length === 0 ? '' : `; policy modules loaded: ${modules.join(', ')}`}\n`);
      // The work estimate goes beside the verdict, on stderr: stdout keeps one line per file.
      say(process.stderr, `    work: ${describeWork(estimateWork(scenario))}\n`);
    } catch (error) {
      status = reportError(error);
    }
  }
  return status;
};

const printTable = (result: LabResult, wide = false): void => {
  const width = tableWidth({ wide, terminalColumns: process.stdout.isTTY ? process.stdout.columns : undefined, env: process.env });
  show(process.stdout, renderTable(result, { color: shouldColor(process.stdout, process.env), ...(width ? { width } : {}) }));
};

const writeHtml = async (file: string, results: readonly LabResult[]): Promise<number> => {
  const html = renderHtmlReport(results);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, html, 'utf8');
  return Buffer.byteLength(html);
};

// `report`: the saved results' tables, or one HTML file of them all.
const report = async (command: Extract<Command, { name: 'report' }>): Promise<number> => {
  const results = [];
  for (const file of command.files) results.push(redactData(await readResultFile(file)));
  if (command.htmlFile === undefined) {
    results.forEach((result) => printTable(result));
  } else {
    const bytes = await writeHtml(command.htmlFile, results);
    say(process.stderr, `wrote ${command.htmlFile} (${Math.round(bytes / 1000)} kB)\n`);
  }
  return EXIT.pass;
};

// `compare`: exit 1 when a config got worse beyond threshold and noise, a verdict turned UNSAFE,
// or a config is on one side only (unless --allow-missing); exit 2 (a LabError) when the two
// results have nothing in common.
const compare = async (command: Extract<Command, { name: 'compare' }>): Promise<number> => {
  const comparison = compareResults(redactData(await readResultFile(command.base)), redactData(await readResultFile(command.next)), command.thresholdPct, {
    allowMissing: command.allowMissing === true,
    names: { base: command.base, next: command.next },
    ...(command.match === undefined ? {} : { match: parseAxisMatch(command.match) }),
  });
  say(process.stdout, renderComparison(comparison));
  if (command.markdownFile !== undefined) await writeFile(command.markdownFile, renderComparisonMarkdown(comparison, { base: command.base, next: command.next }));
  return comparison.pass ? EXIT.pass : EXIT.fail;
};

// --redis-password-file: the password is its first line (a file, not a flag: any local user can
// read a process's arguments).
const readPasswordFile = async (file: string): Promise<string> => {
  const text = await readFile(file, 'utf8').catch((error: unknown) => {
    throw new LabError('E_TARGET_INVALID', `--redis-password-file ${file} cannot be read: ${errorMessage(error)}`, {
      hint: 'Give a file whose first line is the password (mode 0600), or set REDIS_FAULT_LAB_EXTERNAL_PASSWORD instead.',
    });
  });
  const password = text.split(/\r?\n/)[0] ?? '';
  registerSecret(password); // redacted from every message from here on
  return password;
};

const run = async (command: Extract<Command, { name: 'run' }>): Promise<number> => {
  const password = command.passwordFile === undefined ? undefined : await readPasswordFile(command.passwordFile);
  const external = password === undefined ? command.external : { ...command.external, password };
  const scenarios = [];
  for (const file of command.files) scenarios.push(await loadScenarioFile(file));
  // Every scenario's policy modules load before the first runtime starts.
  for (const scenario of scenarios) await checkModules(scenario);
  // forceExit: the real process.exit, which a policy module's guard (exit-guard.ts) does not replace.
  const signals = watchRunSignals({ write: (line) => process.stderr.write(`${line}\n`), stdinIsTty: process.stdin.isTTY === true, exit: (code) => forceExit(code) });
  const mode = progressMode(process.stderr, command.quiet);
  let progress: ReturnType<typeof createProgressWriter> | undefined;
  const note = (line: string) => (command.quiet ? undefined : say(process.stderr, `${line}\n`));
  try {
    let status: number = EXIT.pass;
    const results: LabResult[] = [];
    // --json FILE and --out DIR after each scenario (a later scenario's result replaces an earlier one's).
    const save = async (result: LabResult): Promise<void> => {
      if (command.jsonFile) {
        await writeJsonResult(command.jsonFile, result);
        note(`wrote ${command.jsonFile}`);
      }
      if (command.outDir) {
        const files = await writeOutDir(result, command.outDir);
        note(`wrote ${files.length} files to ${command.outDir}`);
      }
    };
    for (const scenario of scenarios) {
      progress = mode === 'none' ? undefined : createProgressWriter(redactedStream(process.stderr), { bar: mode === 'bar' });
      // What is printed and written has the runtime's password and URL credentials redacted.
      const result = redactData(await runScenario(scenario, {
        runtime: command.runtime,
        ...(external ? { external } : {}),
        signal: signals.signal,
        ...(progress ? { onProgress: progress.listener } : {}),
      }));
      progress?.close();
      printTable(result, command.wide === true);
      results.push(result);
      await save(result);
      if (!result.pass) status = EXIT.fail;
    }
    if (command.htmlFile) {
      const bytes = await writeHtml(command.htmlFile, results);
      note(`wrote ${command.htmlFile} (${Math.round(bytes / 1000)} kB)`);
    }
    return signals.exitCode() ?? status;
  } catch (error) {
    // Interrupted: what failed is reported, the exit code is the signal's (130, 143).
    const code = signals.exitCode();
    if (code === undefined) throw error;
    reportError(error);
    return code;
  } finally {
    progress?.close();
    signals.dispose();
  }
};

export const main = async (argv: string[]): Promise<number> => {
  try {
    const command = parseCommand(argv);
    if (command.name === 'help') {
      process.stdout.write(`${USAGE}\n`);
      return EXIT.pass;
    }
    if (command.name === 'schema') {
      process.stdout.write(command.of === 'result' ? resultSchemaText() : scenarioSchemaText());
      return EXIT.pass;
    }
    if (command.name === 'validate') return await validate(command.files);
    if (command.name === 'report') return await report(command);
    if (command.name === 'compare') return await compare(command);
    return await run(command);
  } catch (error) {
    return reportError(error);
  }
};
