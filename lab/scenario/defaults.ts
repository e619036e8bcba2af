// Every default and every limit of the scenario language, in one place, so the parser, the
// docs and the error hints cannot disagree.

/** Values a scenario gets for the keys it leaves out. */
export const DEFAULTS = {
  description: '',
  key: 'bench:counter',
  rttMs: [0],
  jitterMs: [0],
  warmup: 1,
  repeat: 3,
  calibrationPings: 50,
} as const;

export interface IntRange {
  min: number;
  max: number;
}

/** Inclusive bounds of every whole-number field. */
export const LIMITS = {
  commands: { min: 1, max: 10_000_000 },
  batch: { min: 1, max: 1_000_000 },
  rttMs: { min: 0, max: 10_000 },
  jitterMs: { min: 0, max: 10_000 },
  warmup: { min: 0, max: 100 },
  repeat: { min: 1, max: 1000 },
  calibrationPings: { min: 5, max: 10_000 },
} as const satisfies Record<string, IntRange>;

/** Workload commands the lab can issue today. */
export const WORKLOAD_COMMANDS = ['INCR'] as const;

/** Keys allowed at each level of a scenario file. */
export const KEYS = {
  top: ['name', 'description', 'workload', 'modes', 'network', 'warmup', 'repeat', 'calibration', 'expect'],
  workload: ['command', 'key', 'commands'],
  mode: ['pipeline'],
  network: ['rtt', 'jitter'],
  calibration: ['pings'],
} as const;
