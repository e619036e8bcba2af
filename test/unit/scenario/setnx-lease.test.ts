// SET NX takes a lease (`px:`): whole milliseconds, SETNX only, sent as SET key id NX PX ms.

import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../lab/scenario/index.ts';
import { buildPlan } from '../../../lab/workload/index.ts';

const scenario = (workload: string) => parseScenario(`name: lock\nworkload: ${workload}\nmodes: [sync]\n`, 'lock.yaml');

describe('SET NX with a lease', () => {
  it('reads px: as whole milliseconds and sends PX', () => {
    const [workload] = scenario('{command: SETNX, key: "lock:{i}", keys: sequential, commands: 4, px: 30s}').workloads;
    expect(workload?.leaseMs).toBe(30_000);
    const plan = buildPlan(workload!, 4, { minBytes: 0, maxBytes: 0 }, 1);
    expect(plan.argsOf(2)).toEqual([plan.keyOf(2), '2', 'NX', 'PX', '30000']);
  });

  it('without px: sends no lease', () => {
    const [workload] = scenario('{command: SETNX, key: "lock:{i}", keys: sequential, commands: 4}').workloads;
    expect(workload?.leaseMs).toBeUndefined();
    expect(buildPlan(workload!, 4, { minBytes: 0, maxBytes: 0 }, 1).argsOf(0)).toEqual(['lock:0', '0', 'NX']);
  });

  it('refuses px: on another command, and a lease that is not a duration', () => {
    expect(() => scenario('{command: SET, commands: 4, px: 30s}')).toThrow(/px applies to SETNX only, not SET/);
    expect(() => scenario('{command: SETNX, key: "lock:{i}", keys: sequential, commands: 4, px: 0ms}')).toThrow(/px/);
  });
});
