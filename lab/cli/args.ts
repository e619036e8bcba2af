// Command-line parsing: turns argv into a command or a usage error. Knows nothing else.

import { parseArgs } from 'node:util';
import { LabError, errorMessage } from '../errors/index.ts';
import type { RuntimeChoice } from '../index.ts';

export const USAGE = `Usage:
  redis-fault-lab run <scenario...> [--runtime auto|containers|local] [--json FILE] [--out DIR] [--quiet]
  redis-fault-lab validate <scenario...>
  redis-fault-lab schema
  redis-fault-lab --help

  run       start Redis behind Toxiproxy, replay each scenario, print the result table (stdout)
            and progress (stderr); --json writes the JSON result (one file: one scenario);
            --out writes result.json and one HdrHistogram .hgrm file per config into DIR
            (one scenario); --quiet prints no progress (a non-TTY stderr gets plain lines)
  validate  check scenario files without starting anything
  schema    print the JSON Schema of scenario files (as shipped in scenarios/scenario.schema.json)

Colour only on a terminal, never with NO_COLOR set.
Exit codes: 0 all passed; 1 a threshold or a reply check failed; 2 bad input or environment;
130 interrupted (Ctrl-C), after stopping everything the run started.`;

export type Command =
  | { name: 'help' }
  | { name: 'schema' }
  | { name: 'validate'; files: string[] }
  | { name: 'run'; files: string[]; runtime: RuntimeChoice; jsonFile?: string; outDir?: string; quiet: boolean };

const RUNTIMES: RuntimeChoice[] = ['auto', 'containers', 'local'];

const usageError = (message: string) => new LabError('E_USAGE', message, { hint: USAGE });

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
        quiet: { type: 'boolean', short: 'q', default: false },
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
    if (files.length > 0) throw usageError(`schema takes no arguments, got ${files.join(' ')}`);
    return { name };
  }
  if (name !== 'run' && name !== 'validate') throw usageError(`Unknown command "${name}": expected run, validate or schema`);
  if (files.length === 0) throw usageError(`${name} needs at least one scenario file, e.g. scenarios/cross-dc-incr.yaml`);
  if (name === 'validate') return { name, files };
  const runtime = values.runtime as RuntimeChoice;
  if (!RUNTIMES.includes(runtime)) throw usageError(`--runtime "${values.runtime}" is not a runtime: expected ${RUNTIMES.join(', ')}`);
  if (values.json !== undefined && files.length > 1) throw usageError('--json takes one scenario; run several scenarios one at a time to get one JSON file each');
  if (values.out !== undefined && files.length > 1) throw usageError('--out takes one scenario; run several scenarios one at a time, each with its own --out DIR');
  return {
    name,
    files,
    runtime,
    quiet: values.quiet,
    ...(values.json !== undefined ? { jsonFile: values.json } : {}),
    ...(values.out !== undefined ? { outDir: values.out } : {}),
  };
};
