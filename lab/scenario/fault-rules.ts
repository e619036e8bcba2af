// What a fault scenario needs so that its outcome can be reconciled: one workload whose effect
// the checker can count, one run size, one connections value, proxied links only, and faults
// whose triggers and cuts fall inside the run. A fault hits every connection (Toxiproxy's
// toxics act on the whole proxy); a byte-counted cut counts on each connection's own stream. Also the
// `policies:` and `reconcile:` sections, which mean nothing without faults.

import { batchSize, COLLECTION_COMMANDS, modeLabel, type Fault, type Mode, type NetworkAxes, type ReconcileOptions, type Workload } from '../contracts/index.ts';
import { DEFAULTS, KEYS, LIMITS } from './defaults.ts';
import { checkKeys, hasKey, isRecord, optionalKey, readInt, readMs, readRecord, type MsRules } from './fields.ts';
import { workloadPath } from './workload.ts';
import { checkRequestFaults } from './request-fault-rules.ts';
import { formatMs } from './quantities.ts';
import { describeValue, type FieldPath, type Problem } from './problems.ts';

const FAULT_COMMANDS = ['INCR', 'INCRBY', 'SET', 'HSET', ...COLLECTION_COMMANDS] as const;
// One collection per workload: each op's element lands in the same list, set or stream.
const ONE_KEY_COMMANDS: readonly string[] = ['LPUSH', 'RPUSH', 'SADD', 'XADD'];

interface FaultRuleInput {
  record: Record<string, unknown>;
  workloads: Workload[] | undefined;
  modes: Mode[] | undefined;
  connections: number[] | undefined;
  network: NetworkAxes | undefined;
  /** Every fault that was read without a problem, with its index in the list. */
  faults: { fault: Fault; index: number }[];
  reconcile: ReconcileOptions | undefined;
}

/** Top-level keys only a fault scenario takes. */
export const FAULT_ONLY_KEYS = ['policies', 'reconcile'] as const;

// `policies` / `reconcile` written in a scenario that has no faults.
const checkFaultOnlyKeys = (record: Record<string, unknown>, problems: Problem[]): void => {
  for (const key of FAULT_ONLY_KEYS) {
    if (!hasKey(record, key)) continue;
    // A topology past one node judges policies across its timeline (topology.ts says where not).
    const topology = record.topology;
    if (isRecord(topology) && (hasKey(topology, 'replicas') || hasKey(topology, 'cluster')) && (key === 'policies' || hasKey(record, 'timeline'))) continue;
    problems.push({
      path: [key],
      at: 'key',
      message: `only a fault scenario takes ${key}, and this one has no faults`,
      hint: `add faults: [{name: cut, after: 100 commands, reset: {}}] to compare retry policies under a fault, or remove ${key}`,
    });
  }
};

// The workloads (one, or several writes compared side by side, e.g. INCR vs LPUSH vs SADD), each
// command, and their single commands value (the same for all, so triggers and cuts line up).
const checkWorkload = (input: FaultRuleInput, problems: Problem[]): number | undefined => {
  const { workloads } = input;
  if (workloads === undefined) return undefined;
  const requestAt = workloads.findIndex((w) => w.request !== undefined);
  if (requestAt >= 0) {
    const [only, other] = workloads;
    if (other !== undefined) problems.push({ path: ['workload'], message: 'a request workload runs alone in a fault scenario', hint: 'give the fault scenario one workload: the request workload, or command workloads only' });
    else if (only !== undefined) checkRequestFaults(only, workloadPath(input.record.workload, 0), input.faults, problems);
    return undefined;
  }
  workloads.forEach((w, index) => checkOneWorkload(input, w, index, problems));
  const counts = new Set(workloads.flatMap((w) => w.commands));
  if (workloads.length > 1 && counts.size > 1) {
    problems.push({
      path: ['workload'],
      at: 'key',
      message: `the workloads of a fault scenario issue different commands values (${[...counts].join(', ')})`,
      hint: 'triggers and cuts are sized against one run: give every workload the same commands',
    });
    return undefined;
  }
  const [w] = workloads;
  return w !== undefined && w.commands.length === 1 ? w.commands[0] : undefined;
};

const checkOneWorkload = (input: FaultRuleInput, w: Workload, index: number, problems: Problem[]): void => {
  const path = workloadPath(input.record.workload, index);
  if (!(FAULT_COMMANDS as readonly string[]).includes(w.command)) {
    const reads = w.command === 'GET' || w.command === 'MGET';
    const why = reads ? 'reads change nothing the checker could count' : 'the lab cannot know what a script or a custom command changes';
    problems.push({
      path: [...path, 'command'],
      message: `${w.command} cannot be reconciled after a fault: ${why}`,
      hint: `fault scenarios use ${FAULT_COMMANDS.join(', ')}`,
    });
  }
  // The checkers read one counter, or one key per write: the key distribution must say so.
  const counter = w.command === 'INCR' || w.command === 'INCRBY' || ONE_KEY_COMMANDS.includes(w.command);
  const keyed = w.command === 'SET' || w.command === 'HSET' || w.command === 'SETNX';
  const { keys } = w;
  const ownKeys = keys.kind === 'sequential' && (keys.count === 'commands' || w.commands.every((n) => n <= Number(keys.count)));
  if (counter && w.keys.kind !== 'one') {
    problems.push({
      path: [...path, 'keys'],
      message: ONE_KEY_COMMANDS.includes(w.command)
        ? `${w.command} under a fault writes into one ${collectionNoun(w.command)}, not keys: ${w.keys.kind}`
        : `${w.command} under a fault increments one counter, not keys: ${w.keys.kind}`,
      hint: ONE_KEY_COMMANDS.includes(w.command)
        ? `the checker reads the whole ${collectionNoun(w.command)} back: write keys: one (or leave keys out)`
        : 'the counter checker reads one counter: write keys: one (or leave keys out)',
    });
  } else if (keyed && !ownKeys) {
    problems.push({
      path: [...path, 'keys'],
      message: `${w.command} under a fault needs a key of its own per operation`,
      hint: `write keys: sequential (and a key with {i}), so that each write's effect can be read back on its own key`,
    });
  }
  if (w.commands.length > 1) {
    problems.push({
      path: [...path, 'commands'],
      message: 'a fault scenario takes one commands value',
      hint: 'triggers and cuts are sized against one run: write e.g. commands: 2048',
    });
  }
  if (w.valueBytes.length > 1) {
    problems.push({
      path: [...path, 'value'],
      message: 'a fault scenario takes one value size',
      hint: 'fault cells have no value axis: write e.g. value: 16B',
    });
  }
};

const collectionNoun = (command: string): string => (command === 'SADD' ? 'set' : command === 'XADD' ? 'stream' : 'list');

// Wire units (commands up, replies down) that follow operation `from` under a mode: one per
// operation, and under multi also MULTI/+OK and EXEC/its reply for each batch.
const unitsAfter = (mode: Mode, commands: number, from: number): number => {
  const left = commands - from;
  if (mode.kind !== 'multi') return left;
  const batch = batchSize(mode, commands);
  const full = Math.floor(left / batch);
  const rest = left % batch;
  return full * (batch + 2) + (rest > 0 ? rest + 2 : 0);
};

// `after: N commands` is reached only when a run issues more than N commands: in every mode the
// driver starts the fault just before the batch (for sync, the command) that holds operation N,
// so with N at or past the run's commands the fault would start after the last command was
// issued and the run would judge nothing. Checked for every commands value; false: unreachable.
const checkTriggerReached = (after: number, path: FieldPath, input: FaultRuleInput, problems: Problem[]): boolean => {
  const [workload, other] = input.workloads ?? [];
  // A request workload's `after` counts requests (request-fault-rules.ts checks it).
  if (workload === undefined || other !== undefined || workload.request !== undefined) return true;
  const counts = [...new Set(workload.commands)].sort((a, b) => a - b);
  const short = counts.filter((n) => after >= n);
  const [only] = counts;
  if (short.length === 0 || only === undefined) return true;
  if (counts.length === 1) {
    problems.push({ path, message: `after ${after} commands, but the run issues only ${only}`, hint: `after must be below commands (${only}), or the fault never starts` });
  } else {
    problems.push({
      path,
      message: `after ${after} commands, but the runs of ${short.join(', ')} commands issue no more than that`,
      hint: `after must be below every commands value (${only}), or the fault never starts in those runs`,
    });
  }
  return false;
};

// One fault against the run: its trigger within the run, its cut before the end, its times before the deadline.
const checkFault = (fault: Fault, index: number, input: FaultRuleInput, commands: number | undefined, problems: Problem[]): void => {
  const path = ['faults', index];
  const { trigger, action } = fault;
  const deadlineMs = input.reconcile?.deadlineMs;
  if (trigger.kind === 'commands' && trigger.counts === 'requests' && input.workloads?.every((w) => w.request === undefined) === true) {
    problems.push({ path: [...path, 'after'], message: `after ${trigger.after} requests, but the workload sends commands, not requests`, hint: `write after: ${trigger.after} commands` });
    return;
  }
  const reachable = trigger.kind !== 'commands' || checkTriggerReached(trigger.after, [...path, 'after'], input, problems);
  // The fault starts between two batches (the driver awaits it there), so byte counts line up
  // with whole batches: `after` must be a batch boundary in every batched mode.
  if (trigger.kind === 'commands' && commands !== undefined && reachable) {
    const misaligned = (input.modes ?? []).find((mode) => {
      if (mode.kind !== 'pipeline' && mode.kind !== 'multi') return false;
      return trigger.after % batchSize(mode, commands) !== 0;
    });
    if (misaligned !== undefined) {
      const batch = batchSize(misaligned, commands);
      problems.push({
        path: [...path, 'after'],
        message: `after ${trigger.after} commands falls inside a batch of ${modeLabel(misaligned)}`,
        hint: `a fault starts between batches: use a multiple of ${batch}, e.g. after: ${Math.max(batch, Math.floor(trigger.after / batch) * batch)} commands`,
      });
    }
  }
  if (trigger.kind === 'time' && deadlineMs !== undefined && trigger.atMs >= deadlineMs) {
    const message = `at ${formatMs(trigger.atMs)} is not before the reconcile deadline (${formatMs(deadlineMs)})`;
    problems.push({ path: [...path, 'at'], message, hint: 'start the fault earlier, or raise reconcile.deadline' });
  }
  if (fault.forMs !== null && deadlineMs !== undefined && fault.forMs >= deadlineMs) {
    const message = `for ${formatMs(fault.forMs)} outlasts the reconcile deadline (${formatMs(deadlineMs)})`;
    problems.push({
      path: [...path, 'for'],
      message,
      hint: 'the run would be dropped before the fault heals: shorten for, or raise reconcile.deadline',
    });
  }
  if (action.kind !== 'cut-after' || commands === undefined || input.modes === undefined) return;
  const from = trigger.kind === 'commands' ? Math.min(trigger.after, commands) : 0;
  const noun = action.direction === 'up' ? 'commands' : 'replies';
  // Each connection carries about 1/N of what follows the start, and is cut on its own stream.
  const connections = input.connections?.[0] ?? 1;
  const tightest = input.modes
    .map((mode) => ({ mode, available: Math.floor(unitsAfter(mode, commands, from) / connections) }))
    .sort((a, b) => a.available - b.available)[0];
  if (tightest === undefined || action.units < tightest.available) return;
  const multi = tightest.mode.kind === 'multi' ? ' (multi counts MULTI, each queued command and EXEC as one each)' : '';
  const where = connections > 1 ? ` on each of ${connections} connections` : '';
  problems.push({
    path: [...path, 'cut-after', action.direction],
    message: `${action.units} ${noun} leave nothing to cut: under ${modeLabel(tightest.mode)} only ${tightest.available} follow the fault's start${where}`,
    hint: `cut within the run: fewer than ${tightest.available} ${noun}${multi}`,
  });
};

/** Checks a fault scenario's sections against each other; a performance scenario only for stray keys. */
export const checkFaultRules = (input: FaultRuleInput, problems: Problem[]): void => {
  const { record, faults, connections, network } = input;
  const written = record.faults;
  if (!Array.isArray(written) || written.length === 0) {
    if (written === undefined || written === null || Array.isArray(written)) checkFaultOnlyKeys(record, problems);
    return;
  }
  const commands = checkWorkload(input, problems);
  if (connections !== undefined && connections.length > 1) {
    problems.push({
      path: ['connections'],
      message: 'a fault scenario takes one connections value',
      hint: 'the fault hits every connection of a run, and a cut is sized per connection: write e.g. connections: 4',
    });
  }
  if (network?.direct === true) {
    problems.push({
      path: ['network', 'direct'],
      message: 'direct configs bypass the proxy, so no fault can reach them',
      hint: 'remove direct: true from a fault scenario',
    });
  }
  for (const { fault, index } of faults) checkFault(fault, index, input, commands, problems);
};

// --- `policies:` (the retry policies compared under each fault) and `reconcile:` (how a fault
// run is judged). Both belong to fault scenarios only; checkFaultOnlyKeys above reports them in
// a scenario without faults, so these read the sections on their own.

export const TAGS = ['log', 'none'] as const;
const TAGS_HINT = 'tags is log (each operation appends its id to a list, so the checker knows exactly which applied; default) or none (bare commands: bounds only)';
const DEADLINE: MsRules = {
  name: 'deadline',
  range: LIMITS.deadlineMs,
  meaning: 'longest a fault run may take before the lab drops the client',
  wholeWhy: 'the deadline is kept in whole milliseconds',
};
const { min: retriesMin, max: retriesMax } = LIMITS.appRetries;
const RETRIES_HINT = `re-issues per failed operation (app-retry, idempotent), ${retriesMin} to ${retriesMax}; default ${DEFAULTS.reconcile.appRetries}`;

// `log` or `none`.
const readTags = (value: unknown, path: FieldPath, problems: Problem[]): ReconcileOptions['tags'] | undefined => {
  const tags = TAGS.find((t) => t === value);
  if (tags !== undefined) return tags;
  problems.push({ path, message: `expected log or none, got ${describeValue(value)}`, hint: TAGS_HINT });
  return undefined;
};

/** Reads `reconcile: {tags, deadline, app-retries}`; each key left out takes its default. */
export const readReconcile = (value: unknown, path: FieldPath, problems: Problem[]): ReconcileOptions | undefined => {
  const defaults = DEFAULTS.reconcile;
  if (value === undefined) return { ...defaults };
  const record = readRecord(value, path, problems, 'reconcile: {tags: log, deadline: 10s, app-retries: 3}');
  if (record === undefined) return undefined;
  const before = problems.length;
  checkKeys(record, KEYS.reconcile, path, problems);
  const tagsValue = optionalKey(record, 'tags');
  const deadlineValue = optionalKey(record, 'deadline');
  const retriesValue = optionalKey(record, 'app-retries');
  const tags = tagsValue === undefined ? defaults.tags : readTags(tagsValue, [...path, 'tags'], problems);
  const deadlineMs = deadlineValue === undefined ? defaults.deadlineMs : readMs(deadlineValue, [...path, 'deadline'], DEADLINE, problems);
  const appRetries = retriesValue === undefined ? defaults.appRetries : readInt(retriesValue, [...path, 'app-retries'], LIMITS.appRetries, problems, RETRIES_HINT);
  if (problems.length > before || tags === undefined || deadlineMs === undefined || appRetries === undefined) return undefined;
  return { tags, deadlineMs, appRetries };
};
