// The operation plan of one run: per operation, the command and its arguments, decided
// before the run. Key indexes and value sizes are typed arrays drawn from the seed; each
// operation's argument strings are built on demand by `argsOf` (cheap: cached key names,
// sliced filler values, precompiled placeholder templates), so a driver does no random
// draws and no parsing inside the timed span.
//
// Read a measured run in this order: plan.ts (what is sent), drive.ts (how it is sent and
// recorded), reply-checks.ts and run-checks.ts (what must come back), measured-run.ts (the run).

import { createHash } from 'node:crypto';
import { LabError } from '../errors/index.ts';
import { takesValue, type CommandName, type ValueSize, type Workload } from '../contracts/index.ts';
import { cachedKeyNames, keyCountOf, keyDraws } from './key-distributions.ts';
import {
  keySetOf,
  mgetKeyIndex,
  mgetKeySet,
  prefillOf,
  readsKeys,
  type KeySet,
  type Prefill,
} from './key-sets.ts';
import { deriveSeed } from './rng.ts';
import type { OpDraws } from './op-draws.ts';
import { keyValueSize, makeValue, sizeAt, valueDraws } from './values.ts';

export interface OperationPlan {
  readonly workload: Workload;
  readonly command: CommandName;
  /** The command name sent to Redis, lower case (CUSTOM: the first of `args`). */
  readonly name: string;
  /** Operations in the run. */
  readonly commands: number;
  /** The same as `commands` (operations are 0..size-1). */
  readonly size: number;
  readonly seed: number;
  readonly valueSize: ValueSize;
  /** Size of the key space: key indexes are 0..keyCount-1. */
  readonly keyCount: number;
  /** The key index of every operation (drawn in chunks as they are read: nothing per operation is kept). */
  readonly keyIndexes: OpDraws;
  /** Size of the value each operation sends (a number when fixed, or when no operation sends one). */
  readonly valueSizes: OpDraws | number;
  /** INCR: 1; INCRBY: the workload's increment; others: 0. */
  readonly incrementBy: number;
  /** EVALSHA: the script's SHA1 (hex), which the runner must SCRIPT LOAD first. */
  readonly sha: string | undefined;
  /** Distinct key indexes the operations address (their own key; MGET's first key). */
  readonly opKeys: KeySet;
  readonly prefill: Prefill;
  /** The name of a key index (cached for up to a million distinct keys). */
  keyName(keyIndex: number): string;
  /** The key of operation `op`. */
  keyOf(op: number): string;
  /** The value operation `op` sends; GET and MGET: the value prefilled at its (first) key. */
  valueOf(op: number): string;
  /** The arguments of operation `op`, after the command name. */
  argsOf(op: number): string[];
}

const invalid = (message: string, hint: string): LabError => new LabError('E_SCENARIO_INVALID', message, { hint });

// The checks the scenario loader should already have made, repeated where a bad value would
// silently produce a wrong plan.
const checkWorkload = (w: Workload): void => {
  if (w.command === 'INCRBY' && !Number.isSafeInteger(w.incrementBy)) {
    throw invalid(`INCRBY needs a whole increment, got ${String(w.incrementBy)}`, 'e.g. incrementBy: 5');
  }
  if (w.command === 'MGET' && (!Number.isInteger(w.mgetKeys) || w.mgetKeys < 1)) {
    throw invalid(`MGET needs at least 1 key per command, got ${String(w.mgetKeys)}`, 'e.g. mgetKeys: 10');
  }
  if ((w.command === 'EVAL' || w.command === 'EVALSHA') && !w.script) {
    throw invalid(`${w.command} needs a script`, "e.g. script: \"return redis.call('INCR', KEYS[1])\"");
  }
  if (w.command === 'CUSTOM' && (w.args.length === 0 || !w.args[0])) {
    throw invalid('CUSTOM needs args, the command name first', 'e.g. args: [SETEX, "{key}", "60", "{value}"]');
  }
};

const incrementOf = (w: Workload): number => (w.command === 'INCR' ? 1 : w.command === 'INCRBY' ? w.incrementBy : 0);

/** The SHA1 (hex) Redis gives a script, for EVALSHA. */
export const scriptSha = (script: string): string => createHash('sha1').update(script, 'utf8').digest('hex');

// The argument templates of EVAL / EVALSHA (ARGV) and CUSTOM (everything after the name).
const templatesOf = (w: Workload): Template[] =>
  (w.command === 'CUSTOM' ? w.args.slice(1) : w.command === 'EVAL' || w.command === 'EVALSHA' ? w.args : []).map(compileTemplate);

/** Builds the plan of one run of `commands` operations of `workload` with values of `valueSize`. */
export const buildPlan = (workload: Workload, commands: number, valueSize: ValueSize, seed: number): OperationPlan => {
  checkWorkload(workload);
  const { command } = workload;
  const keyCount = keyCountOf(workload.keys, commands);
  const keyIndexes = keyDraws(workload.keys, commands, deriveSeed(seed, 'keys'));
  const templates = templatesOf(workload);
  // GET and MGET take a value size too, but read the prefilled values: no per-operation draw.
  const sendsValue = takesValue(workload) && !readsKeys(command);
  const valueSizes = sendsValue ? valueDraws(valueSize, commands, deriveSeed(seed, 'values')) : valueSize.minBytes;
  const opKeys = keySetOf(keyIndexes, keyCount);
  const touchedSet = command === 'MGET' ? mgetKeySet(opKeys, workload.mgetKeys, keyCount) : opKeys;
  const keyName = cachedKeyNames(workload.key, touchedSet);
  const prefillSeed = deriveSeed(seed, 'prefill');
  const prefill = prefillOf(readsKeys(command) ? touchedSet.keyIndexes : new Uint32Array(0), keyName, (k) =>
    keyValueSize(valueSize, prefillSeed, k),
  );
  const keyOf = (op: number): string => keyName(keyIndexes.at(op));
  const valueOf = readsKeys(command)
    ? (op: number): string => prefill.valueOf(keyIndexes.at(op))
    : (op: number): string => makeValue(op, sizeAt(valueSizes, op));
  const sha = command === 'EVALSHA' ? scriptSha(workload.script ?? '') : undefined;
  const parts: ArgParts = { workload, keyCount, keyIndexes, keyName, keyOf, valueOf, templates, sha };
  return {
    workload,
    command,
    // Lower case: ioredis lower-cases every command name several times per command and
    // allocates a new string each time unless it already is (measured: 5-15 % of a pipelined run).
    name: (command === 'CUSTOM' ? (workload.args[0] ?? '') : command === 'SETNX' ? 'SET' : command).toLowerCase(),
    commands,
    size: commands,
    seed,
    valueSize,
    keyCount,
    keyIndexes,
    valueSizes,
    incrementBy: incrementOf(workload),
    sha,
    opKeys,
    prefill,
    keyName,
    keyOf,
    valueOf,
    argsOf: argsBuilder(parts),
  };
};

interface ArgParts {
  workload: Workload;
  keyCount: number;
  keyIndexes: OpDraws;
  keyName: (keyIndex: number) => string;
  keyOf: (op: number) => string;
  valueOf: (op: number) => string;
  templates: Template[];
  sha: string | undefined;
}

// The per-command argument builder, chosen once per plan.
const argsBuilder = (p: ArgParts): ((op: number) => string[]) => {
  const { workload: w, keyOf, valueOf } = p;
  switch (w.command) {
    case 'INCR':
    case 'GET':
      return (op) => [keyOf(op)];
    case 'INCRBY': {
      const by = String(w.incrementBy);
      return (op) => [keyOf(op), by];
    }
    case 'SET':
      return (op) => [keyOf(op), valueOf(op)];
    case 'HSET':
      return (op) => [keyOf(op), w.field, valueOf(op)];
    case 'MGET':
      return (op) => {
        const first = p.keyIndexes.at(op);
        const args = new Array<string>(w.mgetKeys);
        for (let j = 0; j < w.mgetKeys; j++) args[j] = p.keyName(mgetKeyIndex(first, j, p.keyCount));
        return args;
      };
    case 'EVAL':
    case 'EVALSHA': {
      const head = w.command === 'EVAL' ? (w.script ?? '') : (p.sha ?? '');
      return (op) => [head, '1', keyOf(op), ...fillAll(p.templates, op, keyOf, valueOf)];
    }
    case 'CUSTOM':
      return (op) => fillAll(p.templates, op, keyOf, valueOf);
    // Each write carries its op id, so reading the structure back counts each op's applications.
    case 'LPUSH':
    case 'RPUSH':
    case 'SADD':
      return (op) => [keyOf(op), elementOf(op)];
    case 'XADD':
      return (op) => [keyOf(op), '*', 'op', String(op)];
    case 'SETNX': {
      // A lease (px:) makes it a lock that Redis releases by itself: SET key id NX PX ms.
      const lease = w.leaseMs === undefined ? [] : ['PX', String(w.leaseMs)];
      return (op) => [keyOf(op), String(op), 'NX', ...lease];
    }
  }
};

/** The element LPUSH / RPUSH / SADD write for operation `op`. */
const elementOf = (op: number): string => `op:${op}`;

const fillAll = (templates: Template[], op: number, keyOf: (op: number) => string, valueOf: (op: number) => string): string[] => {
  const values = { i: op, key: () => keyOf(op), value: () => valueOf(op) };
  return templates.map((t) => t.fill(values));
};

// Argument templates with the placeholders `{i}` (operation index), `{key}` (the operation's
// key) and `{value}` (the operation's value), compiled once so that filling one in during a
// run is a few concatenations.

interface PlaceholderValues {
  /** The operation index. */
  i: number;
  key: () => string;
  value: () => string;
}

/** A compiled template: `fill` builds the text for one operation. */
export interface Template {
  readonly text: string;
  fill(values: PlaceholderValues): string;
}

const PLACEHOLDER = /\{(i|key|value)\}/;

/** Compiles `text` into literal parts and placeholders. */
export const compileTemplate = (text: string): Template => {
  // split with a capture group alternates literal, name, literal, name, …, literal.
  const parts = text.split(PLACEHOLDER);
  if (parts.length === 1) return { text, fill: () => text };
  const fill = (values: PlaceholderValues): string => {
    let out = parts[0] ?? '';
    for (let n = 1; n < parts.length; n += 2) {
      const name = parts[n];
      out += name === 'i' ? String(values.i) : name === 'key' ? values.key() : values.value();
      out += parts[n + 1] ?? '';
    }
    return out;
  };
  return { text, fill };
};
