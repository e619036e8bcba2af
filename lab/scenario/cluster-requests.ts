// Request workloads on a Redis Cluster (the single-node path with ioredis Cluster clients): what a
// cluster cannot send. A command goes to its key's slot; a request sent whole (pipeline:all,
// multi:all) or a window batch is one pipeline, which ioredis sends to one node and Redis runs as
// one transaction only within one slot, and an MGET names several keys: each must stay in one
// slot, which the key patterns decide before anything runs (a hash tag, `{...}` in the key).
// A trace workload is checked when its file is read (trace/trace-file.ts).

import { keySlot } from '../client/index.ts';
import { modeLabel, type Mode, type StepCommand, type Workload } from '../contracts/index.ts';
import type { Problem } from './problems.ts';

const MARK = '\u0000';
const TAG_HINT = 'give the request’s keys one hash tag, e.g. key: "user:{{r}}" and key: "cart:{{r}}" (Redis hashes only the text in braces), or use sync or auto:C, whose commands each go to their own slot';

// What Redis hashes of a key written as `pattern`: its hash tag (the text between the first `{` and
// the next `}`, when not empty), else the whole key; `{i}` (the key index) kept as a mark.
const hashedPart = (pattern: string): string => {
  const key = pattern.replaceAll('{i}', MARK);
  const open = key.indexOf('{');
  const close = open < 0 ? -1 : key.indexOf('}', open + 1);
  return close > open + 1 ? key.slice(open + 1, close) : key;
};

// Which slot a command's key is in: a fixed slot (`slot:N`) when the hashed part names no key
// index, else the hashed part with its key distribution (equal ones put a request's commands,
// which share the request's index, in one slot).
const slotOf = (command: StepCommand): string => {
  const hashed = hashedPart(command.key);
  if (!hashed.includes(MARK) || command.keys.kind === 'one') return `slot:${keySlot(hashed.replaceAll(MARK, '0'))}`;
  return `${hashed}|${JSON.stringify(command.keys)}`;
};

const commandsOf = (workload: Workload): StepCommand[][] => (workload.request?.kinds ?? []).map((kind) => kind.steps.flatMap((step) => step.commands));

/** When every key of every request workload is in one fixed slot (one hash tag, no key index in
 * it): that slot and the text Redis hashes for it; else undefined (the keys are spread). */
export const oneFixedSlot = (workloads: readonly Workload[]): { slot: number; hashed: string } | undefined => {
  const commands = workloads.flatMap((w) => commandsOf(w).flat());
  const slots = new Set(commands.map(slotOf));
  const [only] = slots;
  const first = commands[0];
  if (slots.size !== 1 || only === undefined || !only.startsWith('slot:') || first === undefined) return undefined;
  return { slot: Number(only.slice('slot:'.length)), hashed: hashedPart(first.key).replaceAll(MARK, '0') };
};

/** The refusals of request workloads on a cluster; `modes` as the scenario lists them. */
export const checkClusterRequests = (record: Record<string, unknown>, workloads: Workload[], modes: Mode[] | undefined, problems: Problem[]): void => {
  const whole = (modes ?? []).filter((m) => m.kind === 'pipeline' || m.kind === 'multi');
  workloads.forEach((workload, index) => {
    const path = workloads.length > 1 ? ['workload', index] : ['workload'];
    // A trace's keys are known only when its file is read: a command naming keys of several slots is
    // refused there, with its line (trace-file.ts); a round across slots goes as one pipeline per slot.
    if (workload.trace !== undefined) return;
    const kinds = commandsOf(workload);
    for (const command of kinds.flat()) {
      if (command.command === 'MGET' && !slotOf(command).startsWith('slot:')) {
        problems.push({ path, message: `MGET ${command.key} names keys of several slots: a cluster refuses that (CROSSSLOT)`, hint: 'give its key a fixed hash tag, e.g. key: "{cart}:{i}", or use GET' });
      }
    }
    const split = kinds.findIndex((commands) => new Set(commands.map(slotOf)).size > 1);
    // batch: auto sends each command on its own (ioredis auto-pipelines them per node); none and no batcher send the request whole.
    const batchers = workload.request?.batchers;
    if (split >= 0 && (batchers === undefined || batchers.some((b) => b.kind === 'none'))) {
      for (const mode of whole) {
        const kinds = workload.request?.kinds ?? [];
        const kind = kinds.length > 1 ? (kinds[split]?.label ?? '') : '';
        problems.push({
          path: Array.isArray(record.modes) ? ['modes', (modes ?? []).indexOf(mode)] : ['modes'],
          message: `${modeLabel(mode)} sends a request as one ${mode.kind === 'multi' ? 'transaction' : 'pipeline'}, but the keys of ${workload.label}${kind === '' ? '' : ` (${kind})`} are in several slots of the cluster`,
          hint: TAG_HINT,
        });
      }
    }
    const windowed = workload.request?.batchers?.some((b) => b.kind === 'window') === true;
    const slots = new Set(kinds.flat().map(slotOf));
    if (windowed && (slots.size > 1 || ![...slots].every((s) => s.startsWith('slot:')))) {
      problems.push({ path: [...path, 'batch'], message: 'a window batch is one pipeline of several requests, but their keys are in several slots of the cluster', hint: 'use batch: auto (ioredis sends one pipeline per node), or one fixed hash tag for every key, e.g. key: "{shop}:user:{r}"' });
    }
  });
};
