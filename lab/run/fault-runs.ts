// A fault scenario's cells (fault × mode × retry policy, per link shape): each runs `repeat`
// times on the same fault, and the entry says whether every run found the same thing.
// Byte-counted cuts are deterministic, so their runs must agree; a time-triggered fault may not.

import type { Redis } from 'ioredis';
import { applyLink, type ToxiproxyApi } from '../network/index.ts';
import type { Endpoint } from '../runtime/types.ts';
import { expandFaultCells, modeLabel, type FaultCell, type Scenario } from '../scenario/index.ts';
import { buildPlan } from '../workload/index.ts';
import { runFault, type FaultRunFindings } from './fault-run.ts';
import { checkAborted } from './measure-link.ts';
import { calibrateShape, linkShapeKey } from './link-shape.ts';
import type { ProgressListener } from '../contracts/index.ts';
import type { Calibration, ReconcileEntry } from '../contracts/index.ts';

export interface FaultContext {
  scenario: Scenario;
  api: ToxiproxyApi;
  proxyName: string;
  proxiedEndpoint: Endpoint;
  direct: Redis;
  proxied: Redis;
  signal?: AbortSignal;
  emit: ProgressListener;
}

// Runs of one cell agree when every count and the verdict are the same.
const fingerprint = (f: FaultRunFindings) => JSON.stringify([f.counts, f.counter, f.prefix, f.verdict]);

const toEntry = (cell: FaultCell, runs: FaultRunFindings[]): ReconcileEntry => {
  const first = runs[0];
  if (first === undefined) throw new Error(`fault cell ${cell.id} has no runs`);
  const consistent = runs.every((run) => fingerprint(run) === fingerprint(first));
  return {
    id: cell.id,
    fault: cell.fault.name,
    mode: modeLabel(cell.mode),
    policy: cell.policy,
    rttMs: cell.rttMs,
    runs: runs.length,
    consistent,
    counts: first.counts,
    counter: first.counter,
    prefix: first.prefix,
    faultObserved: runs.every((run) => run.faultObserved),
    // Runs that disagree: the worst verdict stands.
    verdict: runs.some((r) => r.verdict === 'UNSAFE') ? 'UNSAFE' : runs.some((r) => r.verdict === 'UNKNOWN') ? 'UNKNOWN' : 'SAFE',
    reasons: consistent ? first.reasons : [...first.reasons, `the ${runs.length} runs did not all find the same counts`],
    examples: first.examples,
    errorsByKind: first.errorsByKind,
  };
};

export const runFaultCells = async (ctx: FaultContext): Promise<{ entries: ReconcileEntry[]; calibration: Calibration[] }> => {
  const { scenario, emit } = ctx;
  const cells = expandFaultCells(scenario);
  const workload = scenario.workloads[0];
  const commands = workload?.commands[0];
  const valueBytes = workload?.valueBytes[0];
  if (workload === undefined || commands === undefined || valueBytes === undefined) throw new Error('a fault scenario has one workload');
  const plan = buildPlan(workload, commands, valueBytes, scenario.seed);
  const entries: ReconcileEntry[] = [];
  const calibration: Calibration[] = [];
  let linkShape = '';
  for (const [index, cell] of cells.entries()) {
    checkAborted(ctx.signal);
    if (linkShapeKey(cell) !== linkShape) {
      linkShape = linkShapeKey(cell);
      calibration.push(await calibrateShape({ ...ctx, pings: scenario.calibrationPings }, cell));
    }
    const runs: FaultRunFindings[] = [];
    for (let r = 0; r < scenario.repeat; r++) {
      checkAborted(ctx.signal);
      const findings = await runFault({
        api: ctx.api,
        proxyName: ctx.proxyName,
        proxied: ctx.proxiedEndpoint,
        control: ctx.direct,
        plan,
        mode: cell.mode,
        fault: cell.fault,
        policy: cell.policy,
        options: scenario.reconcile,
        ...(ctx.signal ? { signal: ctx.signal } : {}),
      });
      checkAborted(ctx.signal);
      runs.push(findings);
      emit({ type: 'fault-run-done', entryId: cell.id, index, total: cells.length, runIndex: r, runCount: scenario.repeat, durationMs: findings.durationMs, verdict: findings.verdict });
    }
    const entry = toEntry(cell, runs);
    entries.push(entry);
    emit({ type: 'reconcile-done', entry });
  }
  await applyLink(ctx.api, ctx.proxyName, { rttMs: 0, jitterMs: 0 });
  return { entries, calibration };
};
