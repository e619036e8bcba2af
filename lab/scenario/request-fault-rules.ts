// A request workload under faults (one node): what runs, and what is refused with what would.
// A request carries exactly one write, a counter (INCR or INCRBY on one key) the fault path's
// checker reconciles, and reads (counted, not reconciled); one kind of request (no mix), one
// arrival (no rate or clients axis, no rate search), at most one window batcher (its batch is one
// policy batch; not auto) and no trace; faults at a
// time or after N requests (`after:` counts requests), not byte- or reply-counted cuts.

import { REQUEST_FAULT_READS, REQUEST_FAULT_WRITES, type Fault, type Workload } from '../contracts/index.ts';
import type { FieldPath, Problem } from './problems.ts';

const WRITES = REQUEST_FAULT_WRITES.join(' or ');
const VALID = `a request under a fault is one kind of request with one ${WRITES} on one key and reads (${REQUEST_FAULT_READS.join(', ')})`;

// The request's own shape: one kind, one write, reads around it.
const checkSteps = (w: Workload, path: FieldPath, problems: Problem[]): void => {
  const kinds = w.request?.kinds ?? [];
  if (kinds.length !== 1) {
    problems.push({ path: [...path, 'mix'], at: 'key', message: 'a mix of request kinds does not run under faults yet', hint: `${VALID}: write request: [...] instead of mix` });
    return;
  }
  const commands = kinds[0]?.steps.flatMap((step) => step.commands) ?? [];
  const writes = commands.filter((c) => (REQUEST_FAULT_WRITES as readonly string[]).includes(c.command));
  const others = commands.filter((c) => !(REQUEST_FAULT_WRITES as readonly string[]).includes(c.command) && !(REQUEST_FAULT_READS as readonly string[]).includes(c.command));
  for (const c of others) {
    problems.push({ path: [...path, 'request'], message: `${c.command} in a request cannot be reconciled after a fault`, hint: `${VALID}; other writes run as a command workload (command: ${c.command})` });
  }
  if (writes.length !== 1) {
    problems.push({ path: [...path, 'request'], message: `a request under a fault carries exactly one write (${WRITES}), found ${writes.length}`, hint: `${VALID}: the ledger reconciles one write per request` });
  }
  for (const c of writes) {
    if (c.keys.kind !== 'one') problems.push({ path: [...path, 'request'], message: `${c.command} in a request under a fault increments one counter, not keys: ${c.keys.kind}`, hint: 'the counter checker reads one counter: write keys: one (or leave keys out)' });
  }
};

// The arrival and clients: one config per fault cell.
const checkArrival = (w: Workload, path: FieldPath, problems: Problem[]): void => {
  const shape = w.request;
  if (shape === undefined) return;
  const arrival = shape.arrival;
  const batchers = shape.batchers ?? [];
  if (batchers.length > 1) {
    problems.push({ path: [...path, 'batch'], message: 'a fault scenario takes one batcher', hint: 'write one: batch: {window: 5ms, size: 16} (or leave batch out: each request is sent on arrival)' });
  } else if (batchers[0]?.kind === 'auto') {
    problems.push({
      path: [...path, 'batch'],
      message: "batch: auto does not run under faults: ioredis's auto-pipelining sits inside the client the retry policy drives, so the lab cannot tell which requests shared a batch",
      hint: 'write a window batch, e.g. batch: {window: 5ms, size: 16} (sent as one policy batch), or leave batch out',
    });
  } else if (batchers[0]?.kind === 'window' && arrival === undefined) {
    problems.push({ path: [...path, 'batch'], message: 'a window batch gathers open-loop arrivals', hint: 'add arrival: {rate: 200/s, for: 2s}' });
  }
  if (arrival !== undefined && arrival.rates.length > 1) {
    problems.push({ path: [...path, 'arrival', 'rate'], message: 'a fault scenario takes one arrival rate', hint: 'write one rate, e.g. rate: 100/s (a fault cell runs one schedule)' });
  }
  if (arrival?.slo !== undefined) problems.push({ path: [...path, 'arrival', 'slo'], at: 'key', message: 'a rate search does not run under faults', hint: 'write a fixed rate: rate: 100/s' });
  if (shape.clients.length > 1) problems.push({ path: [...path, 'clients'], message: 'a fault scenario takes one clients mode', hint: 'write one: clients: shared or clients: {pool: 4}' });
  if (arrival?.rates.some((r) => r.fromPerSec !== r.toPerSec) === true) {
    problems.push({ path: [...path, 'arrival', 'rate'], message: 'a ramp does not run under faults', hint: 'write a constant rate, e.g. rate: 100/s' });
  }
};

/** Requests a request workload sends in one fault run (one arrival: rate x for, else `requests`). */
const requestsOf = (w: Workload): number => {
  const arrival = w.request?.arrival;
  const rate = arrival?.rates[0];
  if (arrival === undefined || arrival.forMs === null || rate === undefined) return w.commands[0] ?? 1;
  return Math.max(1, Math.round((((rate.fromPerSec + rate.toPerSec) / 2) * arrival.forMs) / 1000));
};

// The faults against a request run: no byte or reply cut; `after:` within the requests.
const checkFaults = (w: Workload, faults: readonly { fault: Fault; index: number }[], problems: Problem[]): void => {
  const requests = requestsOf(w);
  for (const { fault, index } of faults) {
    if (fault.action.kind === 'cut-after') {
      problems.push({
        path: ['faults', index, 'cut-after'],
        at: 'key',
        message: 'a byte- or reply-counted cut does not run under a request workload (its requests mix commands whose bytes the lab does not count)',
        hint: 'use reset, stall or down, at a time (at: 1s) or after N requests (after: 100 requests)',
      });
    }
    if (fault.trigger.kind === 'commands' && fault.trigger.counts !== 'requests') {
      problems.push({ path: ['faults', index, 'after'], message: 'under a request workload after counts requests, not commands', hint: `write after: ${fault.trigger.after} requests (the fault starts just before that request), or at: 1s` });
    } else if (fault.trigger.kind === 'commands' && fault.trigger.after >= requests) {
      problems.push({ path: ['faults', index, 'after'], message: `after ${fault.trigger.after} requests, but the run sends ${requests}`, hint: `under a request workload after counts requests: below ${requests}, or the fault never starts` });
    }
  }
};

/** Checks a request workload of a fault scenario (trace workloads are refused whole). */
export const checkRequestFaults = (w: Workload, path: FieldPath, faults: readonly { fault: Fault; index: number }[], problems: Problem[]): void => {
  if (w.trace !== undefined) {
    problems.push({ path, message: 'a trace replay does not run under faults', hint: `replay the trace without faults; ${VALID}` });
    return;
  }
  checkSteps(w, path, problems);
  checkArrival(w, path, problems);
  checkFaults(w, faults, problems);
};
