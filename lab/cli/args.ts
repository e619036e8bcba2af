// Command-line parsing: turns argv into a command or a usage error. Knows nothing else.

import { parseArgs } from 'node:util';
import { LabError, errorMessage } from '../errors/index.ts';
import type { ExternalTarget, RuntimeChoice } from '../index.ts';

export const USAGE = `Usage:
  redis-fault-lab run <scenario...> [--runtime auto|containers|local|external] [--json FILE] [--out DIR] [--html FILE] [--quiet] [--wide]
      --runtime external --redis HOST:PORT --toxiproxy URL [--redis-password-file FILE]
                         [--proxy-listen HOST:PORT] [--proxy-host HOST] [--proxy-name NAME] [--disposable]
  redis-fault-lab validate <scenario...>
  redis-fault-lab report <result.json...> [--html FILE]
  redis-fault-lab compare <base.json> <new.json> [--threshold 10%] [--allow-missing]
                          [--match AXIS=BASE->NEW] [--markdown FILE]
  redis-fault-lab schema [result]
  redis-fault-lab --help

  run       start Redis behind Toxiproxy, replay each scenario, print the result table (stdout)
            and progress (stderr); --json writes the JSON result (one file: one scenario);
            --out writes result.json and one HdrHistogram .hgrm file per config into DIR
            (one scenario); --quiet prints no progress (a non-TTY stderr gets plain lines);
            --html writes one self-contained HTML report (charts inlined, opens offline);
            the table fits the terminal (or COLUMNS when piped, else 120 columns), leaving
            out the least important columns; --wide prints every column
  validate  check scenario files without starting anything
  report    print the table of saved results, or with --html write them as one HTML report
  compare   match configs by id (or with --match rtt=10ms->12ms across one changed axis) and
            judge every registry figure both have: median, request p50/p99, service p99,
            achieved rate, a ramp's knee, saturated; exit 1 when one got worse by more than
            --threshold (default 10%) beyond its noise (docs/compare.md), a retry policy's
            verdict turned UNSAFE, or a config is in one result only (--allow-missing lists it
            as skipped instead); exit 2 when the results have no config in common;
            --markdown writes a summary for a CI job page
  schema    print the JSON Schema of scenario files (as shipped in scenarios/scenario.schema.json);
            "schema result": of result files (scenarios/result.schema.json), which report and
            compare check every file against

--runtime external runs against a Redis and a Toxiproxy the lab did not start: --redis is
Redis's address as this machine and Toxiproxy both reach it, --toxiproxy its API URL; the
password comes from REDIS_FAULT_LAB_EXTERNAL_PASSWORD or --redis-password-file. The lab creates
one proxy of its own there (listening on --proxy-listen, default <API host>:0, reached at
--proxy-host) and deletes it at the end. Without --disposable it never flushes: every key it
touches carries a prefix of its own (rfl:<id>:) and only those are deleted. Each setting also
reads REDIS_FAULT_LAB_EXTERNAL_{REDIS,TOXIPROXY,PROXY_LISTEN,PROXY_HOST,PROXY_NAME,DISPOSABLE}.
A --proxy-name that exists there is refused, never reused or replaced.

Colour only on a terminal, never with NO_COLOR set.
Exit codes: 0 all passed; 1 a threshold or a reply check failed; 2 bad input or environment;
130 interrupted (Ctrl-C), after stopping everything the run started.`;

export type Command =
  | { name: 'help' }
  | { name: 'schema'; of?: 'result' }
  | { name: 'validate'; files: string[] }
  | { name: 'run'; files: string[]; runtime: RuntimeChoice; external?: ExternalTarget; passwordFile?: string; jsonFile?: string; outDir?: string; htmlFile?: string; quiet: boolean; wide?: true }
  | { name: 'report'; files: string[]; htmlFile?: string }
  | { name: 'compare'; base: string; next: string; thresholdPct: number; allowMissing?: true; match?: string; markdownFile?: string };

const DEFAULT_THRESHOLD_PCT = 10;

// "10%" or "10" → 10; anything else is a usage error.
const parseThreshold = (text: string | undefined): number => {
  if (text === undefined) return DEFAULT_THRESHOLD_PCT;
  const m = /^(\d+(?:\.\d+)?)%?$/.exec(text.trim());
  if (m === null) throw usageError(`--threshold "${text}" is not a percentage: write it like 10% or 2.5%`);
  return Number(m[1]);
};

const RUNTIMES: RuntimeChoice[] = ['auto', 'containers', 'local', 'external'];

const usageError = (message: string) => new LabError('E_USAGE', message, { hint: USAGE });

const externalFlagNames = ['redis', 'toxiproxy', 'redis-password-file', 'proxy-listen', 'proxy-host', 'proxy-name', 'disposable'] as const;

// The external runtime's settings given as flags (the rest come from the environment).
const externalFlags = (values: Partial<Record<(typeof externalFlagNames)[number], string | boolean>>): ExternalTarget => {
  const text = (flag: (typeof externalFlagNames)[number]) => (typeof values[flag] === 'string' ? (values[flag] as string) : undefined);
  const target: ExternalTarget = {};
  if (text('redis') !== undefined) target.redis = text('redis') as string;
  if (text('toxiproxy') !== undefined) target.toxiproxy = text('toxiproxy') as string;
  if (text('proxy-listen') !== undefined) target.proxyListen = text('proxy-listen') as string;
  if (text('proxy-host') !== undefined) target.proxyHost = text('proxy-host') as string;
  if (text('proxy-name') !== undefined) target.proxyName = text('proxy-name') as string;
  if (values.disposable === true) target.disposable = true;
  return target;
};

export const parseCommand = (argv: string[]): Command => {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        runtime: { type: 'string', default: 'auto' },
        json: { type: 'string' },
        out: { type: 'string' },
        html: { type: 'string' },
        threshold: { type: 'string' },
        'allow-missing': { type: 'boolean', default: false },
        match: { type: 'string' },
        markdown: { type: 'string' },
        quiet: { type: 'boolean', short: 'q', default: false },
        wide: { type: 'boolean', default: false },
        redis: { type: 'string' },
        toxiproxy: { type: 'string' },
        'redis-password-file': { type: 'string' },
        'proxy-listen': { type: 'string' },
        'proxy-host': { type: 'string' },
        'proxy-name': { type: 'string' },
        disposable: { type: 'boolean' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw usageError(errorMessage(error));
  }
  const { values, positionals } = parsed;
  const [name, ...files] = positionals;
  if (values.help || name === 'help' || name === undefined) return { name: 'help' };
  if (name === 'schema') {
    if (files.length === 1 && files[0] === 'result') return { name, of: 'result' };
    if (files.length > 0) throw usageError(`schema takes no arguments, got ${files.join(' ')}`);
    return { name };
  }
  if (name !== 'run' && name !== 'validate' && name !== 'report' && name !== 'compare') {
    throw usageError(`Unknown command "${name}": expected run, validate, report, compare or schema`);
  }
  if (name === 'compare') {
    const [base, next, ...extra] = files;
    if (base === undefined || next === undefined || extra.length > 0) {
      throw usageError(`compare takes exactly two result files (base, then new), got ${files.length}`);
    }
    return {
      name, base, next, thresholdPct: parseThreshold(values.threshold),
      ...(values['allow-missing'] ? { allowMissing: true as const } : {}),
      ...(values.match === undefined ? {} : { match: values.match }),
      ...(values.markdown === undefined ? {} : { markdownFile: values.markdown }),
    };
  }
  if (values.match !== undefined || values.markdown !== undefined) throw usageError(`--${values.match !== undefined ? 'match' : 'markdown'} belongs to compare`);
  if (values.threshold !== undefined) throw usageError('--threshold belongs to compare');
  if (values['allow-missing']) throw usageError('--allow-missing belongs to compare');
  if (name === 'report') {
    if (files.length === 0) throw usageError('report needs at least one result file, e.g. results/cross-dc-incr.json');
    return { name, files, ...(values.html !== undefined ? { htmlFile: values.html } : {}) };
  }
  if (files.length === 0) throw usageError(`${name} needs at least one scenario file, e.g. scenarios/cross-dc-incr.yaml`);
  if (name === 'validate') return { name, files };
  const runtime = values.runtime as RuntimeChoice;
  if (!RUNTIMES.includes(runtime)) throw usageError(`--runtime "${values.runtime}" is not a runtime: expected ${RUNTIMES.join(', ')}`);
  const external = externalFlags(values);
  const misplaced = externalFlagNames.filter((flag) => values[flag] !== undefined).map((flag) => `--${flag}`);
  if (runtime !== 'external' && misplaced.length > 0) throw usageError(`${misplaced.join(', ')} only apply to --runtime external (got --runtime ${runtime})`);
  if (values.json !== undefined && files.length > 1) throw usageError('--json takes one scenario; run several scenarios one at a time to get one JSON file each');
  if (values.out !== undefined && files.length > 1) throw usageError('--out takes one scenario; run several scenarios one at a time, each with its own --out DIR');
  return {
    name,
    files,
    runtime,
    ...(Object.keys(external).length > 0 ? { external } : {}),
    ...(values['redis-password-file'] !== undefined ? { passwordFile: values['redis-password-file'] } : {}),
    quiet: values.quiet,
    ...(values.wide ? { wide: true as const } : {}),
    ...(values.json !== undefined ? { jsonFile: values.json } : {}),
    ...(values.out !== undefined ? { outDir: values.out } : {}),
    ...(values.html !== undefined ? { htmlFile: values.html } : {}),
  };
};
