// A request run's plan: kinds drawn by weight from the seed, each request's index among its
// kind, and one operation plan per step command sized to that kind's count.

import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../lab/scenario/index.ts';
import { buildRequestPlan } from '../../../lab/workload/request-plan.ts';

const workloadOf = (mix: string) => {
  const scenario = parseScenario(`name: t\nworkload:\n  requests: 4000\n  mix:\n${mix}\nmodes: [sync]\n`, 'x.yaml');
  const [workload] = scenario.workloads;
  if (workload === undefined) throw new Error('no workload');
  return workload;
};

describe('request plan', () => {
  it('draws kinds by weight, numbers requests within their kind, and sizes each command plan to its kind', () => {
    const workload = workloadOf(
      ['    - {label: read, weight: 3, request: [{command: GET, key: "k:{r}"}]}', '    - {label: write, request: [{command: INCR, key: c}, {command: INCR, key: d}]}'].join('\n'),
    );
    const plan = buildRequestPlan(workload, 4000, 1);
    const reads = plan.kindOf.filter((k) => k === 0).length;
    expect(reads / 4000).toBeGreaterThan(0.72);
    expect(reads / 4000).toBeLessThan(0.78);
    expect(plan.commands).toBe(reads + 2 * (4000 - reads));
    expect(plan.steps[0]?.[0]?.[0]?.size).toBe(reads);
    expect(plan.steps[1]?.[1]?.[0]?.size).toBe(4000 - reads);
    const firstWrite = plan.kindOf.indexOf(1);
    expect(plan.ordinalOf[firstWrite]).toBe(0);
    expect(buildRequestPlan(workload, 4000, 1).kindOf).toEqual(plan.kindOf);
    expect(buildRequestPlan(workload, 4000, 2).kindOf).not.toEqual(plan.kindOf);
  });

  it('leaves a kind that drew no request out of what is prefilled and verified', () => {
    const workload = workloadOf(['    - {label: a, weight: 1000, request: [{command: INCR, key: a}]}', '    - {label: b, weight: 1, request: [{command: INCR, key: b}]}'].join('\n'));
    const plan = buildRequestPlan(workload, 1, 1);
    expect(plan.plans).toHaveLength(1);
  });
});
