// The per-file lab fixture for vitest suites: `useLab()` at the top level of a test file starts
// one runtime before the file's tests, lets them run scenarios on it, and stops it after them,
// whatever happened (failed tests, a failed or timed-out start, runs still in flight).

import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { loadScenarioFile, parseScenario, redactError, runScenario, startRuntime, type Scenario, type LabResult, type ProgressListener, type RuntimeChoice, type StartedRuntime, type StopReport } from '../index.ts';
import { labLifecycle } from './lifecycle.ts';
import { resultsDirFrom, saveResult } from './save-result.ts';

// What `lab.run` accepts as a scenario: a file path (or file: URL), inline YAML text, or a
// Scenario object, turned into a Scenario through the library's own loader and parser.

/**
 * A scenario file path (relative paths start at the current directory, as vitest runs in the
 * project root), a `file:` URL such as `new URL('./slow-link.yaml', import.meta.url)`, inline
 * YAML text (any string with a line break, or starting with `{`), or a parsed Scenario.
 */
export type ScenarioInput = string | URL | Scenario;

/** True when a string is scenario text rather than a path: it has a line break or is a flow mapping. */
export const isInlineYaml = (text: string): boolean => text.includes('\n') || text.trimStart().startsWith('{');

/** Loads, parses or passes through the scenario; `label` names inline YAML in error messages. */
export const toScenario = async (input: ScenarioInput, label: string): Promise<Scenario> => {
  if (input instanceof URL) return loadScenarioFile(fileURLToPath(input));
  if (typeof input === 'string') return isInlineYaml(input) ? parseScenario(input, label) : loadScenarioFile(input);
  return input;
};

export interface UseLabOptions {
  /** Which runtime to start once for the file. @default 'auto' */
  runtime?: RuntimeChoice;
  /** How long beforeAll may take to start it (containers take ~10 s, more on a cold image pull). @default 120_000 */
  startTimeoutMs?: number;
  /** How long afterAll may take to stop it. @default 60_000 */
  stopTimeoutMs?: number;
  /** Progress listener for every run that does not pass its own. */
  onProgress?: ProgressListener;
  /** Start-up notes, e.g. "starting redis container" (the runtime never prints them itself). */
  onNote?: (note: string) => void;
  /** Writes every run's result JSON into this directory (created when missing), as
   * `<scenario name>.json` (`-2.json`, `-3.json`... when taken; never overwritten), for
   * `redis-fault-lab report *.json --html FILE` over a suite's, or every shard's, results.
   * @default the REDIS_FAULT_LAB_RESULTS_DIR environment variable; unset: nothing written */
  resultsDir?: string;
}

export interface LabRunOptions {
  /** Aborts the run, e.g. the `signal` of vitest's test context (fires when the test times out). */
  signal?: AbortSignal;
  /** Replaces the fixture's onProgress for this run. */
  onProgress?: ProgressListener;
  /** Names inline YAML in scenario error messages. @default 'inline scenario' */
  label?: string;
}

export interface LabFixture {
  /** The started runtime; throws a LabError outside the window between useLab's beforeAll and afterAll. */
  readonly runtime: StartedRuntime;
  /** The toxiproxy-node-client Proxy that fronts the runtime's Redis: add your own toxics with
   * `lab.proxy.addToxic({ type: 'slicer', ... })` and remove them with `toxic.remove()`. Like
   * `runtime`, it throws outside the window between beforeAll and afterAll. */
  readonly proxy: StartedRuntime['toxiproxy']['proxy'];
  /** The toxiproxy-node-client client of the runtime's Toxiproxy API (same window as `proxy`). */
  readonly toxiproxy: StartedRuntime['toxiproxy']['client'];
  /** Runs a scenario (file path, `file:` URL, inline YAML or Scenario) on the fixture's runtime. */
  run(scenario: ScenarioInput, options?: LabRunOptions): Promise<LabResult>;
  /** What stopping the runtime reported, once afterAll has run (undefined before, or when it never started). */
  readonly stopReport: StopReport | undefined;
}

const DEFAULT_START_TIMEOUT_MS = 120_000;
const DEFAULT_STOP_TIMEOUT_MS = 60_000;

/**
 * Registers a beforeAll hook that starts the runtime and an afterAll hook that stops it (and
 * fails when stopping met problems), and returns the fixture the tests use. Call it at the top
 * level of a test file, or of a describe block to scope the runtime to that block.
 */
export const useLab = (options: UseLabOptions = {}): LabFixture => {
  const choice = options.runtime ?? 'auto';
  const resultsDir = resultsDirFrom(options.resultsDir);
  const life = labLifecycle(choice, (signal) => startRuntime(choice, { signal, ...(options.onNote ? { onNote: options.onNote } : {}) }));
  let stopReport: StopReport | undefined;

  beforeAll(() => life.start(), options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS);
  afterAll(async () => {
    stopReport = await life.stop();
    if (stopReport) expect(stopReport.problems, 'stopping the lab runtime met problems; something may be left running').toEqual([]);
  }, options.stopTimeoutMs ?? DEFAULT_STOP_TIMEOUT_MS);

  // Errors reach vitest, which prints them (message, stack, causes): secrets redacted first.
  const run = async (input: ScenarioInput, runOptions: LabRunOptions = {}): Promise<LabResult> => {
    try {
      const runtime = life.current();
      const scenario = await toScenario(input, runOptions.label ?? 'inline scenario');
      const signal = runOptions.signal ? AbortSignal.any([runOptions.signal, life.signal]) : life.signal;
      const onProgress = runOptions.onProgress ?? options.onProgress;
      const result = await life.track(runScenario(scenario, { runtime, signal, ...(onProgress ? { onProgress } : {}) }));
      if (resultsDir !== undefined) await saveResult(resultsDir, result);
      return result;
    } catch (error) {
      throw redactError(error);
    }
  };

  return {
    get runtime() {
      return life.current();
    },
    get proxy() {
      return life.current().toxiproxy.proxy;
    },
    get toxiproxy() {
      return life.current().toxiproxy.client;
    },
    run,
    get stopReport() {
      return stopReport;
    },
  };
};
