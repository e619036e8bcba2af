// How resolved values are written back as scenario text, for ids, reports and messages: the
// inverse of parsing, in the largest unit that is exact (`1KiB`, `1MB/s`, `10ms`).

import type { KeyDistribution, Workload } from '../contracts/index.ts';
import { takesValue } from '../contracts/index.ts';

export { formatMs } from './units.ts';
export { formatSize } from './sizes.ts';
export { formatValueSize } from './value-sizes.ts';
export { formatRate, formatBandwidth, isUnlimited } from './bandwidth.ts';

/** The key distribution as written in reports: `one`, `sequential`, `uniform(1000)`, `zipfian(10000, 0.99)`. */
export const formatKeys = (keys: KeyDistribution): string => {
  switch (keys.kind) {
    case 'one':
      return 'one';
    case 'sequential':
      return keys.count === 'commands' ? 'sequential' : `sequential(${keys.count})`;
    case 'uniform':
      return `uniform(${keys.count})`;
    case 'zipfian':
      return `zipfian(${keys.count}, ${keys.theta})`;
  }
};

/** Whether the workload writes or reads values, so its value size means something. */
export const workloadUsesValues = (workload: Workload): boolean => takesValue(workload);
