// A ConfigResult stores its mode flat (`mode` + `batch`); the model and thresholds compare it
// with a scenario Mode, so the conversion and the comparison live in one place.

import type { ConfigResult } from '../run/result.ts';
import type { Mode } from '../scenario/types.ts';

// The scenario Mode a config ran in.
export const modeOfConfig = (config: Pick<ConfigResult, 'mode' | 'batch'>): Mode =>
  config.mode === 'sync' ? { kind: 'sync' } : { kind: 'pipeline', batch: config.batch };

// Same kind and, for pipelines, the same batch size.
export const sameMode = (a: Mode, b: Mode): boolean =>
  a.kind === b.kind && (a.kind === 'sync' || (b.kind === 'pipeline' && a.batch === b.batch));
