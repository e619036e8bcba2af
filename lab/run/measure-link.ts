// All configs that share one link shape: calibrate the link once, warm every config up,
// then measure in rotated order so that no config always runs first (or last).

import type { Redis } from 'ioredis';
import { interruptedError } from '../errors/index.ts';
import { calibrateLink, type ToxiproxyApi } from '../network/index.ts';
import type { Scenario } from '../scenario/types.ts';
import { runIncr } from '../workload/index.ts';
import type { ConfigRuns } from './config-runs.ts';
import { recordRun, runRecord } from './config-runs.ts';
import type { ProgressListener } from './progress.ts';
import type { Calibration } from './result.ts';

export interface LinkContext {
  scenario: Scenario;
  api: ToxiproxyApi;
  proxyName: string;
  /** Straight to Redis: baseline PINGs, counter resets and read-backs. */
  direct: Redis;
  /** Through the proxy: the measured workload. */
  proxied: Redis;
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

const checkAborted = (signal: AbortSignal | undefined) => {
  if (signal?.aborted) throw interruptedError();
};

export const measureLink = async (ctx: LinkContext, configs: ConfigRuns[]): Promise<Calibration> => {
  const { scenario, emit } = ctx;
  const first = configs[0];
  if (!first) throw new Error('measureLink needs at least one config');
  checkAborted(ctx.signal);
  const calibration = await calibrateLink({
    api: ctx.api,
    proxyName: ctx.proxyName,
    profile: { rttMs: first.cell.rttMs, jitterMs: first.cell.jitterMs },
    direct: ctx.direct,
    proxied: ctx.proxied,
    pings: scenario.calibrationPings,
  });
  emit({ type: 'calibrated', calibration });

  const started = new Set<ConfigRuns>();
  const runOnce = async (config: ConfigRuns) => {
    checkAborted(ctx.signal);
    if (!started.has(config)) {
      started.add(config);
      emit({ type: 'config-start', configId: config.cell.id, index: config.index, total: ctx.total });
    }
    const run = await runIncr(ctx.proxied, ctx.direct, config.cell.mode, scenario.workload);
    checkAborted(ctx.signal); // an abort drops the connection: the run it cut short is not a result
    return run;
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
