// A complete Workload for plan and reply-check tests; each test overrides what it exercises.

import type { Workload } from '../../../lab/contracts/index.ts';

export const workload = (overrides: Partial<Workload> = {}): Workload => ({
  label: overrides.command ?? 'INCR',
  command: 'INCR',
  key: 'k:{i}',
  keys: { kind: 'one' },
  commands: [100],
  valueBytes: [{ minBytes: 16, maxBytes: 16 }],
  incrementBy: 1,
  field: 'f',
  mgetKeys: 3,
  args: [],
  reply: { kind: 'any' },
  ...overrides,
});

export const fixed = (bytes: number) => ({ minBytes: bytes, maxBytes: bytes });
