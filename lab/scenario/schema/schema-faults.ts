// The `faults:` items of the JSON Schema: one entry per KEYS.fault key (tsc enforces it). That a
// fault has exactly one trigger and one action is added where the item is assembled (schema.ts).

import { KEYS, LIMITS } from '../defaults.ts';
import { bandwidth, duration, field, mapping, SIZE_TEXT, type Fields, type JsonSchema } from './schema-shapes.ts';

// `"32 replies"`, `"32 replies + 3B"` (a cut inside the next one), or `"3B"` (raw bytes).
const cutAmount = (noun: string, singular: string): JsonSchema => {
  const units = `\\d+(?:_\\d+)*\\s*(?:${noun}|${singular})`;
  return {
    type: 'string',
    pattern: `^\\s*(?:${units}(?:\\s*\\+\\s*${SIZE_TEXT})?|${SIZE_TEXT})\\s*$`,
    description: `"N ${noun}", "N ${noun} + SIZE" (a cut inside the next one) or "SIZE" (raw bytes), counted from when the fault starts`,
  };
};

const CUT_FIELDS: Fields<typeof KEYS.cutAfter> = {
  up: field({ description: "cut after this much of the client's commands", examples: ['32 commands', '32 commands + 3B'] }, cutAmount('commands', 'command')),
  down: field({ description: "cut after this much of the server's replies", examples: ['32 replies + 3B', '100B'] }, cutAmount('replies', 'reply')),
};

// reset, stall and down take no options: `reset: {}` (or `reset:` with nothing after it).
const flag = (description: string): JsonSchema =>
  field({ description: `${description}; takes no options: write {}`, examples: [{}] }, { anyOf: [{ type: 'null' }, mapping({})] });

export const FAULT_FIELDS: Fields<typeof KEYS.fault> = {
  name: field({ description: 'names the fault in ids and thresholds (at fault=NAME): lowercase letters, digits and -', examples: ['cut-mid-batch'] }, { type: 'string', pattern: '^[a-z0-9-]+$' }),
  after: field(
    { description: `trigger: once this many commands were issued (at most ${LIMITS.commands.max}); under a request workload, N requests: just before request N starts`, examples: ['128 commands', '100 requests'] },
    { type: 'string', pattern: '^\\s*\\d+(?:_\\d+)*\\s+(?:commands?|requests?)\\s*$' },
  ),
  at: field({ description: 'trigger: this long after the workload starts', examples: ['200ms'] }, duration(LIMITS.faultAtMs)),
  for: field({ description: 'how long the fault lasts; default until the client connection closes (then it is healed)', examples: ['500ms'] }, duration(LIMITS.faultForMs)),
  'cut-after': field(
    { description: 'action: close the connection after an amount in one direction (Toxiproxy limit_data)', examples: [{ down: '32 replies + 3B' }] },
    mapping(CUT_FIELDS, { minProperties: 1, maxProperties: 1 }),
  ),
  reset: flag('action: reset the connection (TCP RST, Toxiproxy reset_peer)'),
  stall: flag('action: drop data and keep the connection open (Toxiproxy timeout)'),
  down: flag('action: disable the proxy: connections closed, new ones refused'),
  bandwidth: field({ description: 'action: cap the bandwidth while the fault lasts', examples: [{ up: '1KB/s', down: '1KB/s' }] }, bandwidth()),
};
