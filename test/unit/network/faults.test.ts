import { describe, expect, it } from 'vitest';
import { isLabError } from '../../../lab/errors/index.ts';
import { faultPlan, isLinkToxic } from '../../../lab/network/index.ts';
import type { FaultAction } from '../../../lab/contracts/index.ts';

const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('fault actions to toxics', () => {
  it('reset: reset_peer with timeout 0 on the reply stream', () => {
    expect(faultPlan({ kind: 'reset' })).toEqual({
      kind: 'toxics',
      toxics: [{ name: 'lab_fault_reset_downstream', type: 'reset_peer', stream: 'downstream', attributes: { timeout: 0 } }],
    });
  });

  it('cut-after: limit_data of exactly the given bytes on the direction asked', () => {
    const up: FaultAction = { kind: 'cut-after', direction: 'up', units: 3, plusBytes: 2 };
    const down: FaultAction = { kind: 'cut-after', direction: 'down', units: 3, plusBytes: 2 };
    expect(faultPlan(up, 104)).toEqual({
      kind: 'toxics',
      toxics: [{ name: 'lab_fault_cut_after_upstream', type: 'limit_data', stream: 'upstream', attributes: { bytes: 104 } }],
    });
    expect(faultPlan(down, 14)).toEqual({
      kind: 'toxics',
      toxics: [{ name: 'lab_fault_cut_after_downstream', type: 'limit_data', stream: 'downstream', attributes: { bytes: 14 } }],
    });
    expect(faultPlan(down, 0)).toMatchObject({ toxics: [{ attributes: { bytes: 0 } }] });
  });

  it.each([undefined, -1, 1.5])('cut-after refuses a byte count of %s', (bytes) => {
    const error = thrown(() => faultPlan({ kind: 'cut-after', direction: 'down', units: 1, plusBytes: 0 }, bytes));
    expect(isLabError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'E_SCENARIO_INVALID' });
  });

  it('stall: a timeout toxic with timeout 0 on both streams', () => {
    expect(faultPlan({ kind: 'stall' })).toEqual({
      kind: 'toxics',
      toxics: [
        { name: 'lab_fault_stall_upstream', type: 'timeout', stream: 'upstream', attributes: { timeout: 0 } },
        { name: 'lab_fault_stall_downstream', type: 'timeout', stream: 'downstream', attributes: { timeout: 0 } },
      ],
    });
  });

  it('down: the proxy disabled, no toxic', () => {
    expect(faultPlan({ kind: 'down' })).toEqual({ kind: 'proxy-disabled' });
  });

  it('bandwidth: fault-named bandwidth toxics, and a cap on neither direction is an error', () => {
    expect(faultPlan({ kind: 'bandwidth', bandwidth: { upKBps: 10, downKBps: null } })).toEqual({
      kind: 'toxics',
      toxics: [{ name: 'lab_fault_bandwidth_upstream', type: 'bandwidth', stream: 'upstream', attributes: { rate: 10 } }],
    });
    const error = thrown(() => faultPlan({ kind: 'bandwidth', bandwidth: { upKBps: null, downKBps: null } }));
    expect(error).toMatchObject({ code: 'E_SCENARIO_INVALID' });
  });

  it('names every fault toxic so that applyLink leaves it alone', () => {
    const actions: FaultAction[] = [
      { kind: 'reset' },
      { kind: 'cut-after', direction: 'up', units: 1, plusBytes: 0 },
      { kind: 'stall' },
      { kind: 'bandwidth', bandwidth: { upKBps: 1, downKBps: 1 } },
    ];
    for (const action of actions) {
      const plan = faultPlan(action, 10);
      if (plan.kind !== 'toxics') throw new Error('expected toxics');
      for (const toxic of plan.toxics) expect([toxic.name, isLinkToxic(toxic.name)]).toEqual([toxic.name, false]);
    }
  });
});
