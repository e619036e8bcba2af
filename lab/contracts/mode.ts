// How the client issues a workload's commands: one Mode value, written one way everywhere
// (`sync`, `pipeline:256`, `pipeline:all`, `multi:8`, `auto:16`) and read back from that text or
// from a result's flat fields (`mode`, `batch`, `batchLabel`, which the JSON contract keeps).

/** Commands per batch: a number, or `all` (one batch of the whole run). */
export type Batch = number | 'all';

export type Mode =
  | { kind: 'sync' } // one command, await its reply, next command
  | { kind: 'pipeline'; batch: Batch } // B commands per non-transactional pipeline, await all replies
  | { kind: 'multi'; batch: Batch } // B commands per MULTI/EXEC transaction
  | { kind: 'auto'; callers: number }; // ioredis enableAutoPipelining, C concurrent awaiting callers

/** The one label of a mode, as scenario files, ids, thresholds and tables write it. */
export const modeLabel = (mode: Mode): string => {
  switch (mode.kind) {
    case 'sync':
      return 'sync';
    case 'pipeline':
    case 'multi':
      return `${mode.kind}:${mode.batch}`;
    case 'auto':
      return `auto:${mode.callers}`;
  }
};

/** A well-formed mode label back to its Mode (undefined when the text is not one). */
export const modeFromLabel = (text: string): Mode | undefined => {
  if (text === 'sync') return { kind: 'sync' };
  const m = /^(pipeline|multi|auto):(\d+|all)$/.exec(text);
  if (m === null) return undefined;
  const [, kind, size = ''] = m;
  if (kind === 'auto') return size === 'all' ? undefined : { kind: 'auto', callers: Number(size) };
  return { kind: kind === 'multi' ? 'multi' : 'pipeline', batch: size === 'all' ? 'all' : Number(size) };
};

/** Same kind and the same batch (`all` equals only `all`) or the same callers. */
export const sameMode = (a: Mode, b: Mode): boolean => modeLabel(a) === modeLabel(b);

/** A result's flat mode fields: `batchLabel` is the batch as written (`all` or the number). */
export interface FlatMode {
  mode: Mode['kind'];
  batch: number;
  batchLabel: string;
}

/** The Mode a result row ran in (a pipeline:4096 over 2048 commands is still `pipeline:4096`). */
export const modeOfFlat = (flat: FlatMode): Mode => {
  switch (flat.mode) {
    case 'sync':
      return { kind: 'sync' };
    case 'pipeline':
    case 'multi': {
      const batch: Batch = flat.batchLabel === 'all' ? 'all' : /^[1-9]\d*$/.test(flat.batchLabel) ? Number(flat.batchLabel) : flat.batch;
      return { kind: flat.mode, batch };
    }
    case 'auto':
      return { kind: 'auto', callers: flat.batch };
  }
};

/** Commands per batch for N commands: `all` is N, sync is 1, auto is its callers. */
export const batchSize = (mode: Mode, commands: number): number => {
  switch (mode.kind) {
    case 'sync':
      return 1;
    case 'pipeline':
    case 'multi':
      return mode.batch === 'all' ? commands : Math.min(mode.batch, commands);
    case 'auto':
      return mode.callers;
  }
};

/** The flat fields a result stores for a mode run over N commands. */
export const flatMode = (mode: Mode, commands: number): FlatMode => {
  const batch = batchSize(mode, commands);
  return { mode: mode.kind, batch, batchLabel: mode.kind === 'pipeline' || mode.kind === 'multi' ? String(mode.batch) : String(batch) };
};

/**
 * Round trips one connection waits on, sequentially, for its share of the commands: the
 * quantity the RTT cost model multiplies. sync: one per command; pipeline/multi: one per batch
 * (multi also sends MULTI and EXEC in the same write); auto: each caller awaits its own commands,
 * so about ceil(share / callers) (callers share round trips).
 */
export const waitsFor = (mode: Mode, commands: number, connections = 1): number => {
  const share = Math.ceil(commands / connections);
  switch (mode.kind) {
    case 'sync':
      return share;
    case 'pipeline':
    case 'multi':
      return Math.ceil(share / batchSize(mode, share));
    case 'auto':
      return Math.ceil(share / mode.callers);
  }
};
