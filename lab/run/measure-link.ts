// All configs that share one link shape: calibrate the link once (direct configs skip the
// proxy and need none), warm every config up, then measure in rotated order so that no config
// always runs first (or last).

import type { Redis } from 'ioredis';
import { interruptedError } from '../errors/index.ts';
import type { ToxiproxyApi } from '../network/index.ts';
import type { Scenario } from '../contracts/index.ts';
import { buildPlan, runWorkload, type OperationPlan } from '../workload/index.ts';
import { recordRun, runRecord, type ConfigRuns } from './config-runs.ts';
import type { ProgressListener } from '../contracts/index.ts';
import type { Calibration } from '../contracts/index.ts';
import type { RunClients } from './run-clients.ts';
import { calibrateShape } from './link-shape.ts';

export interface LinkContext {
  scenario: Scenario;
  api: ToxiproxyApi;
  proxyName: string;
  /** Straight to Redis: baseline PINGs, state resets, prefill, INFO and read-backs. */
  direct: Redis;
  /** Through the proxy: calibration PINGs. */
  proxied: Redis;
  clients: RunClients;
  /** Configs in the whole matrix, for progress. */
  total: number;
  signal?: AbortSignal;
  emit: ProgressListener;
}

// Rotation r of a list: [a,b,c] → r=1: [b,c,a].
const rotate = <T>(items: readonly T[], r: number): T[] => {
  const k = items.length === 0 ? 0 : r % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
};

export const checkAborted = (signal: AbortSignal | undefined) => {
  if (signal?.aborted) throw interruptedError();
};

// Calibrates a proxied link; a direct group gets no calibration entry (there is no link).
const setUpLink = async (ctx: LinkContext, first: ConfigRuns): Promise<Calibration | undefined> => {
  const { cell } = first;
  if (cell.link === 'direct') return undefined;
  return calibrateShape({ ...ctx, pings: ctx.scenario.calibrationPings }, cell);
};

export const measureLink = async (ctx: LinkContext, configs: ConfigRuns[]): Promise<Calibration | undefined> => {
  const { scenario, emit } = ctx;
  const first = configs[0];
  if (!first) throw new Error('measureLink needs at least one config');
  checkAborted(ctx.signal);
  const calibration = await setUpLink(ctx, first);

  // Plans are built once per config, outside every timed span (keys, values, arguments).
  const plans = new Map<ConfigRuns, OperationPlan>();
  const started = new Set<ConfigRuns>();
  const runOnce = async (config: ConfigRuns) => {
    checkAborted(ctx.signal);
    if (!started.has(config)) {
      started.add(config);
      emit({ type: 'config-start', configId: config.cell.id, index: config.index, total: ctx.total });
    }
    const { cell } = config;
    let plan = plans.get(config);
    if (plan === undefined) {
      plan = buildPlan(cell.workload, cell.commands, cell.valueBytes, scenario.seed);
      plans.set(config, plan);
    }
    const clients = await ctx.clients.connect(cell);
    try {
      const run = await runWorkload({ clients, control: ctx.direct, mode: cell.mode, plan });
      checkAborted(ctx.signal); // an abort drops the connections: the run it cut short is not a result
      return run;
    } finally {
      await ctx.clients.close(clients);
    }
  };
  for (let w = 0; w < scenario.warmup; w++) {
    for (const config of rotate(configs, w)) {
      const record = runRecord(await runOnce(config), -1); // warmups are reported, never kept
      emit({ type: 'run-done', configId: config.cell.id, index: config.index, total: ctx.total, warmup: true, runIndex: w, runCount: scenario.warmup, run: record });
    }
  }
  let order = 0;
  for (let r = 0; r < scenario.repeat; r++) {
    for (const config of rotate(configs, r)) {
      const record = recordRun(config, await runOnce(config), order++);
      emit({ type: 'run-done', configId: config.cell.id, index: config.index, total: ctx.total, warmup: false, runIndex: r, runCount: scenario.repeat, run: record });
    }
  }
  return calibration;
};

