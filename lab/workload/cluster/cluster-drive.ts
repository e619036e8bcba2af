// Driving a workload through a Redis Cluster client, one measured run: `sync` (one command per
// round trip, each to its slot's primary) or `pipeline:B` (B commands per batch; ioredis
// refuses a pipeline whose keys live on different primaries, so each batch is split into one
// pipeline per owning primary, all sent at once: the batch costs the round trip of its
// farthest primary). Every reply is checked. A write pipeline that gets MOVED is not retried
// by ioredis; the driver counts the redirect, waits for the client's slot map to refresh and
// re-sends the moved commands (MOVED means the node did not run them), one more wait.

import type { Cluster } from 'ioredis';
import { countPipelineRedirect, type LabCluster } from '../../client/index.ts';
import { batchSize, type Mode, type ValueSize, type Workload } from '../../contracts/index.ts';
import { LabError } from '../../errors/index.ts';

export interface ClusterOp {
  key: string;
  args: string[];
}

/** What a cluster config drives: what it reads of a cell of the scenario's matrix (expandMatrix). */
export interface ClusterCell {
  workload: Pick<Workload, 'command' | 'key' | 'keys'>;
  commands: number;
  valueBytes: Pick<ValueSize, 'maxBytes'>;
}

/** Keys a cluster run spreads its commands over: one, or a sequential count (the grammar gives no other). */
export const clusterKeys = (cell: ClusterCell): number => {
  const { keys } = cell.workload;
  if (keys.kind === 'one') return 1;
  if (keys.kind === 'sequential') return keys.count === 'commands' ? cell.commands : keys.count;
  throw new LabError('E_SCENARIO_INVALID', `a cluster run cannot spread keys ${keys.kind}`, { hint: 'Validate the scenario with parseScenario/loadScenarioFile first: it refuses, at the field, what a cluster cannot run.' });
};

/** The command a cluster run drives: SET or INCR (the grammar refuses any other on a cluster). */
export const clusterCommand = (cell: ClusterCell): 'SET' | 'INCR' => {
  const { command } = cell.workload;
  if (command === 'SET' || command === 'INCR') return command;
  throw new LabError('E_SCENARIO_INVALID', `a cluster run cannot drive ${command}`, { hint: 'use SET or INCR on a cluster' });
};

/** The commands of one run: op i on key i mod keys; SET values carry the run's tag and i. */
export const clusterOps = (cell: ClusterCell, tag: string, prefix = ''): ClusterOp[] => {
  const keys = clusterKeys(cell);
  const command = clusterCommand(cell);
  return Array.from({ length: cell.commands }, (_, i) => {
    const key = prefix + cell.workload.key.replaceAll('{i}', String(i % keys));
    const value = `${tag}:${i}:`.padEnd(cell.valueBytes.maxBytes, 'x');
    return { key, args: command === 'SET' ? [key, value] : [key] };
  });
};

export interface ClusterDriveOutcome {
  totalMs: number;
  /** Per wait, the nodes (announced addresses) it waited on; a batch costs its farthest. */
  waits: string[][];
  /** Latency of each wait per node, µs. */
  samplesUs: Map<string, number[]>;
  /** Commands per node (first attempt). */
  commands: Map<string, number>;
  errors: number;
  firstError?: string;
}

const replyOk = (command: 'SET' | 'INCR', reply: unknown): boolean => (command === 'SET' ? reply === 'OK' : typeof reply === 'number');

const sendOne = (cluster: Cluster, command: 'SET' | 'INCR', op: ClusterOp): Promise<unknown> =>
  command === 'SET' ? cluster.set(op.args[0]!, op.args[1]!) : cluster.incr(op.args[0]!);

const refreshSlots = (cluster: Cluster): Promise<void> => new Promise((resolve) => cluster.refreshSlotsCache(() => resolve()));

export const driveCluster = async (client: LabCluster, command: 'SET' | 'INCR', mode: Mode, ops: ClusterOp[]): Promise<ClusterDriveOutcome> => {
  // The grammar gives a cluster sync or pipeline:B (B a number); batchSize reads either.
  const batch = batchSize(mode, ops.length);
  const out: ClusterDriveOutcome = { totalMs: 0, waits: [], samplesUs: new Map(), commands: new Map(), errors: 0 };
  const bump = (map: Map<string, number>, node: string) => map.set(node, (map.get(node) ?? 0) + 1);
  const sample = (node: string, us: number) => (out.samplesUs.get(node) ?? out.samplesUs.set(node, []).get(node)!).push(us);
  const fail = (message: string) => {
    out.errors++;
    out.firstError ??= message;
  };
  const startNs = process.hrtime.bigint();
  if (mode.kind === 'sync') {
    for (const op of ops) {
      const node = client.ownerOf(op.key) ?? 'unknown';
      bump(out.commands, node);
      const t0 = process.hrtime.bigint();
      try {
        const reply = await sendOne(client.cluster, command, op);
        if (!replyOk(command, reply)) fail(`unexpected reply ${JSON.stringify(reply)} to ${command} ${op.key}`);
      } catch (error) {
        fail((error as Error).message);
      }
      sample(node, Number(process.hrtime.bigint() - t0) / 1e3);
      out.waits.push([node]);
    }
  } else {
    for (let start = 0; start < ops.length; start += batch) {
      let pending = ops.slice(start, start + batch);
      let first = true;
      while (pending.length > 0) {
        const groups = new Map<string, ClusterOp[]>();
        for (const op of pending) {
          const node = client.ownerOf(op.key) ?? 'unknown';
          (groups.get(node) ?? groups.set(node, []).get(node)!).push(op);
          if (first) bump(out.commands, node);
        }
        const moved: ClusterOp[] = [];
        await Promise.all(
          [...groups].map(async ([node, group]) => {
            const pipeline = client.cluster.pipeline();
            for (const op of group) {
              if (command === 'SET') pipeline.set(op.args[0]!, op.args[1]!);
              else pipeline.incr(op.args[0]!);
            }
            const t0 = process.hrtime.bigint();
            try {
              const replies = (await pipeline.exec()) ?? [];
              group.forEach((op, i) => {
                const [error, reply] = replies[i] ?? [new Error('no reply'), undefined];
                if (error && countPipelineRedirect(client, error, node)) moved.push(op);
                else if (error) fail(error.message);
                else if (!replyOk(command, reply)) fail(`unexpected reply ${JSON.stringify(reply)} to ${command} ${op.key}`);
              });
            } catch (error) {
              fail((error as Error).message);
            }
            sample(node, Number(process.hrtime.bigint() - t0) / 1e3);
          }),
        );
        out.waits.push([...groups.keys()]);
        if (moved.length > 0) await refreshSlots(client.cluster);
        pending = moved;
        first = false;
      }
    }
  }
  out.totalMs = Number(process.hrtime.bigint() - startNs) / 1e6;
  return out;
};
