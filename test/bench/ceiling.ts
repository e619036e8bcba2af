// The open-loop generator's ceiling (issue 26): the highest offered rate at which the lab's
// open-loop generator (lab/workload/open-loop.ts) starts its requests on time, that is with the
// p99 of its lateness (actual start minus intended start) under GENERATOR_CEILING.lateP99Ms.
// One GET per request on one shared connection, direct to the local Redis (no proxy, rtt 0):
// the cheapest request there is, so no open-loop run of this client on this machine holds a
// higher rate. Each probe is a full measured run of the lab (runRequests: reset, prefill, the
// schedule, verification) of a few seconds. The rate is doubled until a probe misses, then the
// interval between the last rate held and the first missed is bisected. As in the SLO search, a
// miss is believed only when the same rate misses twice (one stall on a shared machine is not the
// generator's limit). The same client's closed-loop rate (the same GETs, each request sent when
// the previous one finished) is measured beside it.

import type { Redis } from 'ioredis';
import { GENERATOR_CEILING, type ConfigCell, type ScheduleHealth } from '../../lab/contracts/index.ts';
import { ownKeyspace } from '../../lab/keyspace/index.ts';
import { expandMatrix, parseScenario } from '../../lab/scenario/index.ts';
import { buildRequestPlan, runRequests } from '../../lab/workload/index.ts';

/** One probe at one offered rate. */
interface CeilingProbe {
  offeredPerSec: number;
  achievedPerSec: number;
  lateP99Ms: number;
  worstLateMs: number;
  lateStarts: number;
  scheduled: number;
  held: boolean;
  /** The second try at a rate whose first try missed. */
  retry: boolean;
}

export interface CeilingResult {
  /** The highest offered rate held (requests/s); null when even the first probe missed. */
  ceilingPerSec: number | null;
  /** The lowest rate that missed twice; null when none did up to maxPerSec. */
  missedPerSec: number | null;
  probes: CeilingProbe[];
  /** Closed loop, the same GET requests on the same shared connection: requests/s. */
  closedPerSec: number;
  probeS: number;
}

export interface CeilingOptions {
  startPerSec: number;
  /** The search goes down to this rate when the start misses. */
  minPerSec: number;
  maxPerSec: number;
  probeS: number;
  /** Bisect until (missed - held) / held is under this. */
  precision: number;
  note: (text: string) => void;
}

// The one-GET request workload, as a scenario would write it; `rate` is the probe's.
const scenarioText = (ratePerSec: number, forS: number): string => `
name: generator-ceiling
workload:
  label: get
  request: [{command: GET, key: ceiling:key}]
  ${ratePerSec === 0 ? `requests: ${Math.round(forS)}` : `arrival: {rate: ${ratePerSec}/s, for: ${forS}s, deadline: 10s}\n  clients: shared`}
modes: [sync]
network: {direct: true, rtt: [0ms]}
`;

const directCell = (text: string): ConfigCell => {
  const cell = expandMatrix(parseScenario(text, 'generator-ceiling')).find((c) => c.link === 'direct');
  if (cell === undefined) throw new Error('the ceiling scenario expanded to no direct config');
  return cell;
};

const probe = async (client: Redis, control: Redis, ratePerSec: number, probeS: number, seed: number): Promise<ScheduleHealth> => {
  const cell = directCell(scenarioText(ratePerSec, probeS));
  const plan = buildRequestPlan(cell.workload, cell.arrival?.requests ?? 0, seed);
  const run = await runRequests({ clients: [client], control, keyspace: ownKeyspace(), cell, plan, seed });
  if (!run.verified) throw new Error(`the probe at ${ratePerSec}/s did not verify: ${run.failure ?? 'no reason given'}`);
  if (run.schedule === null) throw new Error(`the probe at ${ratePerSec}/s ran no schedule`);
  return run.schedule;
};

// Closed loop: `requests` GETs, one after another on the shared connection; requests/s.
const closedLoop = async (client: Redis, control: Redis, requests: number): Promise<number> => {
  const cell = directCell(scenarioText(0, requests));
  const plan = buildRequestPlan(cell.workload, requests, 1);
  const run = await runRequests({ clients: [client], control, keyspace: ownKeyspace(), cell, plan, seed: 1 });
  if (!run.verified) throw new Error(`the closed-loop run did not verify: ${run.failure ?? 'no reason given'}`);
  return requests / (run.outcome.totalMs / 1000);
};

const held = (s: ScheduleHealth): boolean => (s.lateP99Ms ?? Number.POSITIVE_INFINITY) < GENERATOR_CEILING.lateP99Ms && s.unfinished === 0;

/** Doubles the rate from startPerSec until a rate misses twice (or halves it until one holds), then bisects. */
export const measureCeiling = async (client: Redis, control: Redis, o: CeilingOptions): Promise<CeilingResult> => {
  const probes: CeilingProbe[] = [];
  let seed = 1;
  const tryRate = async (ratePerSec: number): Promise<boolean> => {
    for (const retry of [false, true]) {
      const s = await probe(client, control, ratePerSec, o.probeS, seed++);
      const p: CeilingProbe = {
        offeredPerSec: ratePerSec, achievedPerSec: s.achievedPerSec, lateP99Ms: s.lateP99Ms ?? Number.NaN, worstLateMs: s.worstLateMs,
        lateStarts: s.lateStarts, scheduled: s.scheduled, held: held(s), retry,
      };
      probes.push(p);
      o.note(`ceiling probe ${ratePerSec}/s${retry ? ' (again)' : ''}: late p99 ${p.lateP99Ms.toFixed(3)} ms, worst ${p.worstLateMs.toFixed(1)} ms, achieved ${p.achievedPerSec.toFixed(0)}/s: ${p.held ? 'held' : 'missed'}`);
      if (p.held) return true;
    }
    return false;
  };
  o.note(`ceiling: warm-up probe at ${o.startPerSec}/s`);
  await probe(client, control, o.startPerSec, o.probeS, seed++);
  let lo: number | null = null;
  let hi: number | null = null;
  // Up from the start while rates hold; down from it (halving, to minPerSec) while they miss.
  for (let rate = o.startPerSec; rate <= o.maxPerSec && hi === null; rate *= 2) {
    if (await tryRate(rate)) lo = rate;
    else hi = rate;
  }
  for (let rate = o.startPerSec / 2; lo === null && rate >= o.minPerSec; rate = Math.round(rate / 2)) {
    if (await tryRate(rate)) lo = rate;
    else hi = rate;
  }
  if (lo !== null && hi !== null) {
    while ((hi - lo) / lo > o.precision) {
      const mid = Math.round((lo + hi) / 2);
      if (await tryRate(mid)) lo = mid;
      else hi = mid;
    }
  }
  o.note('ceiling: closed-loop run of the same GETs');
  const requests = Math.max(1000, Math.round((lo ?? o.startPerSec) * o.probeS));
  await closedLoop(client, control, requests); // warm-up
  const closedPerSec = await closedLoop(client, control, requests);
  return { ceilingPerSec: lo, missedPerSec: hi, probes, closedPerSec, probeS: o.probeS };
};

const rate = (perSec: number): string => Math.round(perSec).toLocaleString('en-US');

/** The bench's lines for the ceiling. */
export const ceilingSection = (r: CeilingResult, setup: string): string => {
  const limit = `p99 lateness < ${GENERATOR_CEILING.lateP99Ms} ms`;
  const ceiling =
    r.ceilingPerSec === null
      ? `none: no rate held ${limit}, down to ${rate(Math.min(...r.probes.map((p) => p.offeredPerSec)))}/s`
      : `${rate(r.ceilingPerSec)} requests/s offered with ${limit}` + (r.missedPerSec === null ? ' (the highest rate tried; no rate missed)' : ` (${rate(r.missedPerSec)}/s missed twice)`);
  const lastHeld = r.probes.filter((p) => p.held && p.offeredPerSec === r.ceilingPerSec).at(-1);
  return [
    `4. Open-loop generator ceiling: ${setup}; probes of ${r.probeS} s, the rate doubled then bisected, a miss believed when the same rate missed twice`,
    `   ceiling: ${ceiling}` + (lastHeld === undefined ? '' : `; at it: late p99 ${lastHeld.lateP99Ms.toFixed(3)} ms, achieved ${rate(lastHeld.achievedPerSec)}/s`),
    `   closed loop, the same client and GETs: ${rate(r.closedPerSec)} requests/s` +
      (r.ceilingPerSec === null ? '' : ` (the open-loop ceiling is ${((100 * r.ceilingPerSec) / r.closedPerSec).toFixed(0)} % of it)`),
    `   probes: ${r.probes.map((p) => `${rate(p.offeredPerSec)}/s ${p.held ? 'held' : 'missed'} (p99 ${p.lateP99Ms.toFixed(2)} ms)`).join(', ')}`,
  ].join('\n');
};
