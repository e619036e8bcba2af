// A config as one redis-benchmark command line. redis-benchmark repeats a single command line:
// `-c` connections, `-n` requests in all, `-P` commands in flight per connection, and with
// `-r N` every `__rand_int__` in the line becomes a fresh uniform draw from 0..N-1, written as
// 12 zero-padded digits. So the lab's key pattern maps as: keys one → `{i}` is 0 (no -r; a
// literal `__rand_int__` stays literal, as in the seed's `-t set`), keys {uniform: N} → `{i}`
// becomes `__rand_int__` with `-r N`. Pure: it builds text, runs nothing.

import type { ConfigCell } from '../../contracts/index.ts';
import { makeValue } from '../values.ts';

export interface BenchmarkCommand {
  /** redis-benchmark's arguments without host, port and credentials. */
  args: string[];
  /** The same for people: the value written as `<N-byte value>`. */
  display: string;
  /** The command as INFO commandstats names it (lower case), for the server's count. */
  statName: string;
  /** GET and MGET read keys that must exist: the keys to write first (none for writes). */
  prefill: { keys: () => Iterable<string>; value: string } | undefined;
}

const RAND = '__rand_int__';

/** The key name redis-benchmark's -r gives draw `n`: 12 digits, zero-padded. */
export const randKey = (pattern: string, n: number): string => pattern.replaceAll(RAND, String(n).padStart(12, '0'));

// -P from the mode: sync sends one command per round trip, pipeline:N keeps N in flight.
const depthOf = (cell: ConfigCell): number => {
  if (cell.mode.kind === 'sync') return 1;
  if (cell.mode.kind === 'pipeline' && cell.mode.batch !== 'all') return cell.mode.batch;
  throw new Error(`redis-benchmark has no ${cell.mode.kind} mode (validation lets only sync and pipeline:N through)`);
};

// The command's own arguments, the key and value filled in.
const commandArgs = (cell: ConfigCell, key: string, value: string): string[] => {
  const w = cell.workload;
  const fill = (arg: string) => arg.replaceAll('{key}', key).replaceAll('{value}', value);
  switch (w.command) {
    case 'SET':
      return ['SET', key, value];
    case 'GET':
      return ['GET', key];
    case 'INCR':
      return ['INCR', key];
    case 'INCRBY':
      return ['INCRBY', key, String(w.incrementBy)];
    case 'HSET':
      return ['HSET', key, w.field, value];
    case 'MGET':
      return ['MGET', ...Array.from({ length: w.mgetKeys }, () => key)];
    case 'LPUSH':
    case 'RPUSH':
      return [w.command, key, 'op:0'];
    case 'EVAL':
      return ['EVAL', w.script ?? '', '1', key, ...w.args.map(fill)];
    case 'CUSTOM':
      return w.args.map(fill);
    default:
      throw new Error(`redis-benchmark cannot send ${w.command} (validation lets only the C engine's commands through)`);
  }
};

// An argument as a shell would need it to be read back: quoted when it holds a space or a quote.
const showArg = (arg: string): string => (/^[\w:.{}*@/+=-]+$/.test(arg) ? arg : JSON.stringify(arg));

/** The command line of one config. */
export const benchmarkCommand = (cell: ConfigCell): BenchmarkCommand => {
  const { keys } = cell.workload;
  const uniform = keys.kind === 'uniform' ? keys.count : undefined;
  const key = cell.workload.key.replaceAll('{i}', uniform === undefined ? '0' : RAND);
  const value = makeValue(0, cell.valueBytes.maxBytes);
  const command = commandArgs(cell, key, value);
  const options = ['-c', String(cell.connections), '-n', String(cell.commands), '-P', String(depthOf(cell)), ...(uniform === undefined ? [] : ['-r', String(uniform)])];
  const shown = command.map((arg) => (arg === value && value !== '' ? `<${Buffer.byteLength(value)}-byte value>` : showArg(arg)));
  const reads = cell.workload.command === 'GET' || cell.workload.command === 'MGET';
  const keyNames = function* (): Iterable<string> {
    if (uniform === undefined) yield key;
    else for (let n = 0; n < uniform; n++) yield randKey(key, n);
  };
  return {
    args: [...options, ...command],
    display: [...options, ...shown].join(' '),
    statName: (command[0] ?? '').toLowerCase(),
    prefill: reads ? { keys: keyNames, value } : undefined,
  };
};
