import { describe, expect, it } from 'vitest';
// The mode of a config result, which the model and the spread warnings use to pair configs:
// contracts' modeOfFlat (configMode) and sameMode, formerly copies in lab/metrics.
import { modeOfFlat as modeOfConfig, sameMode } from '../../../lab/contracts/index.ts';

describe('modeOfConfig', () => {
  it('rebuilds every mode kind from the flat fields', () => {
    expect(modeOfConfig({ mode: 'sync', batch: 1, batchLabel: '1' })).toEqual({ kind: 'sync' });
    expect(modeOfConfig({ mode: 'pipeline', batch: 256, batchLabel: '256' })).toEqual({ kind: 'pipeline', batch: 256 });
    expect(modeOfConfig({ mode: 'multi', batch: 8, batchLabel: '8' })).toEqual({ kind: 'multi', batch: 8 });
    expect(modeOfConfig({ mode: 'auto', batch: 16, batchLabel: '16' })).toEqual({ kind: 'auto', callers: 16 });
  });

  it("turns the label `all` into batch 'all', whatever the resolved batch", () => {
    expect(modeOfConfig({ mode: 'pipeline', batch: 2048, batchLabel: 'all' })).toEqual({ kind: 'pipeline', batch: 'all' });
    expect(modeOfConfig({ mode: 'multi', batch: 100, batchLabel: 'all' })).toEqual({ kind: 'multi', batch: 'all' });
  });

  it('keeps the written batch when the run resolved a smaller one', () => {
    // pipeline:4096 over 2048 commands ran batches of 2048 but is still the mode pipeline:4096.
    expect(modeOfConfig({ mode: 'pipeline', batch: 2048, batchLabel: '4096' })).toEqual({ kind: 'pipeline', batch: 4096 });
    // An unreadable label falls back to the resolved batch.
    expect(modeOfConfig({ mode: 'pipeline', batch: 64, batchLabel: '' })).toEqual({ kind: 'pipeline', batch: 64 });
  });
});

describe('sameMode', () => {
  it('needs the same kind and the same batch or callers', () => {
    expect(sameMode({ kind: 'sync' }, { kind: 'sync' })).toBe(true);
    expect(sameMode({ kind: 'pipeline', batch: 8 }, { kind: 'pipeline', batch: 8 })).toBe(true);
    expect(sameMode({ kind: 'pipeline', batch: 8 }, { kind: 'multi', batch: 8 })).toBe(false);
    expect(sameMode({ kind: 'pipeline', batch: 8 }, { kind: 'pipeline', batch: 16 })).toBe(false);
    expect(sameMode({ kind: 'pipeline', batch: 'all' }, { kind: 'pipeline', batch: 'all' })).toBe(true);
    expect(sameMode({ kind: 'pipeline', batch: 'all' }, { kind: 'pipeline', batch: 2048 })).toBe(false);
    expect(sameMode({ kind: 'auto', callers: 4 }, { kind: 'auto', callers: 4 })).toBe(true);
    expect(sameMode({ kind: 'auto', callers: 4 }, { kind: 'auto', callers: 8 })).toBe(false);
    expect(sameMode({ kind: 'sync' }, { kind: 'auto', callers: 1 })).toBe(false);
  });
});
