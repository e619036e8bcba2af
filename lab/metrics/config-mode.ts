// A ConfigResult stores its mode flat (`mode`, `batch`, `batchLabel`); the model, thresholds and
// spread checks compare it with a scenario Mode, so the conversion and the comparison live here.

import type { ConfigResult } from '../contracts/index.ts';
import type { Batch, Mode } from '../contracts/index.ts';

// The batch as the scenario wrote it: `all`, or the written number (a pipeline:4096 over 2048
// commands ran batches of 2048 but is still the mode `pipeline:4096`); else the resolved batch.
const writtenBatch = (config: Pick<ConfigResult, 'batch' | 'batchLabel'>): Batch => {
  if (config.batchLabel === 'all') return 'all';
  return /^[1-9]\d*$/.test(config.batchLabel) ? Number(config.batchLabel) : config.batch;
};

// The scenario Mode a config ran in.
export const modeOfConfig = (config: Pick<ConfigResult, 'mode' | 'batch' | 'batchLabel'>): Mode => {
  switch (config.mode) {
    case 'sync':
      return { kind: 'sync' };
    case 'pipeline':
    case 'multi':
      return { kind: config.mode, batch: writtenBatch(config) };
    case 'auto':
      return { kind: 'auto', callers: config.batch };
  }
};

// Same kind and the same batch (`all` equals only `all`) or the same callers.
export const sameMode = (a: Mode, b: Mode): boolean => {
  switch (a.kind) {
    case 'sync':
      return b.kind === 'sync';
    case 'pipeline':
    case 'multi':
      return b.kind === a.kind && b.batch === a.batch;
    case 'auto':
      return b.kind === 'auto' && b.callers === a.callers;
  }
};
