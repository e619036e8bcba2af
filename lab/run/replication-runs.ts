// A replication-measurement topology run (no timeline): for each WAIT setting, `warmup` untimed
// and `repeat` measured runs of the workload, one command per round trip through the client proxy
// of the primary (writes) or of `read-from` (reads), each write followed by WAIT on the same
// connection when asked; meanwhile replication lag is sampled (replication-lag.ts).

import type { Redis } from 'ioredis';
import { closeClient, connectClient } from '../client/index.ts';
import { LabError, errorMessage } from '../errors/index.ts';
import { createLatencyHistogram, recordUs, summarizeLatency, type LatencyHistogram } from '../metrics/index.ts';
import type { StartedRuntime } from '../runtime/index.ts';
import { buildPlan, type OperationPlan } from '../workload/index.ts';
import type { LatencySummaryUs, ProgressListener, ReplicaLag, RunRecord, Scenario, WaitOption } from '../contracts/index.ts';
import { emptyLagSamples, startLagSampling, summarizeLag, type LagSamples } from './replication-lag.ts';
import { checkAborted } from './session.ts';

const SETTLE_WAIT_MS = 5_000;

export const waitLabel = (wait: WaitOption | null): string => (wait === null ? 'no WAIT' : `WAIT ${wait.replicas} ${wait.timeoutMs}ms`);

/** One WAIT setting of one workload over its measured runs (topology-rows.ts makes it a config). */
export interface ReplicationFindings {
  /** `SET / no WAIT`, `SET / WAIT 1 100ms`, `GET / reads from replica-1`. */
  id: string;
  workload: string;
  command: string;
  wait: WaitOption | null;
  /** One per measured run: the timed span is the writes (and their WAITs), not the reset before. */
  runs: RunRecord[];
  /** Write + its WAIT, per write, over all runs. */
  writeLatencyUs: LatencySummaryUs | null;
  /** The WAIT alone, per write; null without WAIT. */
  waitLatencyUs: LatencySummaryUs | null;
  waitReached: Record<string, number>;
  underReplicated: number;
  /** The node the commands went to. */
  readsFrom: string;
  lag: ReplicaLag[];
}

interface Tally {
  write: LatencyHistogram;
  wait: LatencyHistogram;
  reached: Map<number, number>;
  underReplicated: number;
  writes: number;
  errors: string[];
}

// Empties every node (FLUSHDB on the primary, replicated) and writes what GET reads; returns once
// every replica has caught up (WAIT on the control connection).
const resetNodes = async (primary: Redis, replicas: number, plan: OperationPlan): Promise<void> => {
  await primary.flushdb();
  const fill = primary.pipeline();
  for (const { key, value } of plan.prefill.entries()) fill.set(key, value);
  await fill.exec();
  const reached = Number(await primary.call('WAIT', String(replicas), String(SETTLE_WAIT_MS)));
  if (reached < replicas) {
    throw new LabError('E_REDIS', `Replicas did not catch up before a run: WAIT ${replicas} reached ${reached} within ${SETTLE_WAIT_MS} ms`, {
      hint: 'The replication links are down or far slower than the scenario says; check the topology runtime.',
    });
  }
};

const expectedReply = (plan: OperationPlan, op: number, reply: unknown): string | undefined => {
  if (plan.command === 'SET') return reply === 'OK' ? undefined : `SET answered ${String(reply)}`;
  if (plan.command === 'GET') return reply === plan.valueOf(op) ? undefined : `GET of ${plan.keyOf(op)} did not return its prefilled value`;
  return typeof reply === 'number' ? undefined : `${plan.command} answered ${String(reply)}`;
};

// The run's time from the first command to the last reply (or the error that stopped it).
const runOnce = async (input: { topology: StartedRuntime; control: Map<string, Redis>; plan: OperationPlan; wait: WaitOption | null; readFrom: string; markersPerSec: number; tally?: Tally; lag?: Map<string, LagSamples> }): Promise<{ totalMs: number; failure?: string }> => {
  const { topology, control, plan, tally, lag } = input;
  const primaryNode = topology.nodes.find((n) => n.role === 'primary');
  const replicas = topology.nodes.filter((n) => n.role === 'replica');
  const primary = control.get(primaryNode?.name ?? 'primary') as Redis;
  await resetNodes(primary, replicas.length, plan);
  const reads = plan.command === 'GET';
  const target = topology.nodes.find((n) => n.name === (reads ? input.readFrom : primaryNode?.name)) ?? primaryNode;
  const client = await connectClient(target?.proxied ?? topology.nodes[0]!.proxied, `${target?.name} through its proxy`);
  const sampling = lag ? startLagSampling({ primary, replicas: replicas.map((r) => ({ name: r.name, client: control.get(r.name) as Redis, announced: r.listedAs ?? '' })), markersPerSec: input.markersPerSec, samples: lag }) : undefined;
  const wait = reads ? null : input.wait;
  const startMs = performance.now();
  let failure: string | undefined;
  try {
    for (let op = 0; op < plan.size; op++) {
      const startNs = process.hrtime.bigint();
      const reply = await client.call(plan.name, ...plan.argsOf(op));
      const wrong = expectedReply(plan, op, reply);
      if (wrong !== undefined) throw new Error(wrong);
      if (wait !== null) {
        const waitNs = process.hrtime.bigint();
        const reached = Number(await client.call('WAIT', String(wait.replicas), String(wait.timeoutMs)));
        const endNs = process.hrtime.bigint();
        if (tally) {
          recordUs(tally.wait, Number(endNs - waitNs) / 1e3);
          tally.reached.set(reached, (tally.reached.get(reached) ?? 0) + 1);
          if (reached < wait.replicas) tally.underReplicated += 1;
        }
      }
      if (tally) {
        recordUs(tally.write, Number(process.hrtime.bigint() - startNs) / 1e3);
        tally.writes += 1;
      }
    }
  } catch (error) {
    failure = errorMessage(error);
    tally?.errors.push(failure);
  } finally {
    await sampling?.stop();
    await closeClient(client);
  }
  const totalMs = performance.now() - startMs;
  return failure === undefined ? { totalMs } : { totalMs, failure };
};

/** Every WAIT setting of the scenario's (first) workload: its figures. */
export const runReplication = async (input: { scenario: Scenario; topology: StartedRuntime; control: Map<string, Redis>; emit: ProgressListener; signal?: AbortSignal }): Promise<{ figures: ReplicationFindings[]; problems: string[] }> => {
  const { scenario, topology, control } = input;
  const replication = scenario.replication ?? { wait: [null], readFrom: 'primary', markersPerSec: 20 };
  const figures: ReplicationFindings[] = [];
  const problems: string[] = [];
  for (const workload of scenario.workloads) {
    const plan = buildPlan(workload, workload.commands[0] ?? 0, workload.valueBytes[0] ?? { minBytes: 0, maxBytes: 0 }, scenario.seed);
    const reads = plan.command === 'GET';
    for (const wait of reads ? [null] : replication.wait) {
      const tally: Tally = { write: createLatencyHistogram(), wait: createLatencyHistogram(), reached: new Map(), underReplicated: 0, writes: 0, errors: [] };
      const lag = new Map(topology.nodes.filter((n) => n.role === 'replica').map((n) => [n.name, emptyLagSamples()]));
      const common = { topology, control, plan, wait, readFrom: replication.readFrom, markersPerSec: replication.markersPerSec };
      for (let r = 0; r < scenario.warmup; r++) {
        checkAborted(input.signal);
        await runOnce(common);
      }
      const runs: RunRecord[] = [];
      for (let r = 0; r < scenario.repeat; r++) {
        checkAborted(input.signal);
        const { totalMs, failure } = await runOnce({ ...common, tally, lag });
        runs.push({ order: r, totalMs, verified: failure === undefined, clientGcMs: null, ...(failure === undefined ? {} : { failure }) });
      }
      const id = `${workload.label} / ${reads ? `reads from ${replication.readFrom}` : waitLabel(wait)}`;
      problems.push(...tally.errors.map((e) => `${id}: a run stopped early: ${e}`));
      figures.push({
        id,
        workload: workload.label,
        wait,
        command: workload.command,
        runs,
        writeLatencyUs: tally.writes === 0 ? null : summarizeLatency(tally.write),
        waitLatencyUs: wait === null || tally.wait.totalCount === 0 ? null : summarizeLatency(tally.wait),
        waitReached: Object.fromEntries([...tally.reached].sort(([a], [b]) => a - b).map(([k, v]) => [String(k), v])),
        underReplicated: tally.underReplicated,
        readsFrom: reads ? replication.readFrom : topology.nodes.find((n) => n.role === 'primary')?.name ?? 'primary',
        lag: [...lag].map(([name, samples]) => summarizeLag(name, samples)),
      });
      tally.write.destroy();
      tally.wait.destroy();
    }
  }
  return { figures, problems };
};
