// A link shape (rtt, jitter, bandwidth; contracts' LinkShape) turned into the Toxiproxy toxics
// that produce it, and put on the proxy.
//
// Toxiproxy latency is one-way and per chunk, so an rtt is split into an upstream and a
// downstream latency toxic; its attribute is whole milliseconds, so an odd rtt splits
// unevenly (1 ms: 0 up, 1 down). A bandwidth cap is one `bandwidth` toxic per capped
// direction, `rate` in KB/s with KB = 1000 bytes, per connection.
//
// Order matters on a stream: latency first, then bandwidth. The latency toxic moves the
// chunk's timestamp on when it releases it and the bandwidth toxic does not, so in this order
// the delays add (rtt + bytes / rate); the other way round the latency would swallow the
// bandwidth delay.

import { LabError } from '../errors/index.ts';
import { UNCAPPED, type Bandwidth, type LinkShape } from '../contracts/index.ts';
import type { ToxicSpec, ToxiproxyApi } from './toxiproxy.ts';

/** What callers may pass: an absent bandwidth means uncapped both ways. */
export type LinkShapeInput = Omit<LinkShape, 'bandwidth'> & { bandwidth?: Bandwidth };

export const linkShape = (input: LinkShapeInput): LinkShape => ({
  rttMs: input.rttMs,
  jitterMs: input.jitterMs,
  bandwidth: input.bandwidth ?? UNCAPPED,
});

/** Prefix of every toxic the lab owns, so it never touches a toxic it did not add. */
const LAB_TOXIC_PREFIX = 'lab_';
/** Prefix of fault toxics (see faults.ts): the lab's, but not the link's. */
export const FAULT_TOXIC_PREFIX = `${LAB_TOXIC_PREFIX}fault_`;

/** A toxic that applyLink owns and replaces: the lab's, and not a standing fault. */
export const isLinkToxic = (name: string): boolean => name.startsWith(LAB_TOXIC_PREFIX) && !name.startsWith(FAULT_TOXIC_PREFIX);

export const latencySplitMs = (rttMs: number): { upstreamMs: number; downstreamMs: number } => {
  const upstreamMs = Math.floor(rttMs / 2);
  return { upstreamMs, downstreamMs: rttMs - upstreamMs };
};

// Toxiproxy's `rate` is an integer and 0 stalls the stream instead of capping it, so a cap
// must be a whole number of KB/s above zero.
const checkRate = (rateKBps: number, direction: string): number => {
  if (!Number.isInteger(rateKBps) || rateKBps < 1) {
    throw new LabError('E_SCENARIO_INVALID', `Bandwidth cap ${direction} must be a whole number of KB/s above 0, got ${rateKBps}`, {
      hint: 'Use null (or leave it out) for uncapped; Toxiproxy rates are whole KB/s (1 KB = 1000 bytes) and a rate of 0 stalls the link.',
    });
  }
  return rateKBps;
};

// Bandwidth toxics for a cap, named `${prefix}bandwidth_<stream>`; none for null directions.
export const bandwidthToxics = (bandwidth: Bandwidth, prefix: string): ToxicSpec[] => {
  const toxics: ToxicSpec[] = [];
  for (const [stream, rate] of [['upstream', bandwidth.upKBps], ['downstream', bandwidth.downKBps]] as const) {
    if (rate === null) continue;
    toxics.push({ name: `${prefix}bandwidth_${stream}`, type: 'bandwidth', stream, attributes: { rate: checkRate(rate, stream) } });
  }
  return toxics;
};

// The toxics for a link; none at all for a zero rtt with no jitter and no cap (the bare
// proxy). `toxicRttMs` is the latency to configure, which calibration may set below the
// requested rtt to cancel the proxy's own timer overshoot (see calibrate.ts).
export const linkToxics = (input: LinkShapeInput, toxicRttMs = input.rttMs): ToxicSpec[] => {
  const link = linkShape(input);
  const { upstreamMs, downstreamMs } = latencySplitMs(toxicRttMs);
  const toxics: ToxicSpec[] = [];
  for (const [stream, latency] of [['upstream', upstreamMs], ['downstream', downstreamMs]] as const) {
    if (latency === 0 && link.jitterMs === 0) continue;
    toxics.push({
      name: `${LAB_TOXIC_PREFIX}latency_${stream}`,
      type: 'latency',
      stream,
      attributes: { latency, jitter: link.jitterMs },
    });
  }
  return [...toxics, ...bandwidthToxics(link.bandwidth, LAB_TOXIC_PREFIX)];
};

// Puts a link on the proxy: replaces the lab's link toxics (latency, bandwidth) with those of
// the link and leaves everything else alone, standing faults (lab_fault_*) included.
// Call it only while no workload traffic flows: removing a toxic under heavy traffic can hang
// Toxiproxy's API (upstream #558), and every call here is bounded by a timeout in any case.
export const applyLink = async (api: ToxiproxyApi, proxyName: string, link: LinkShapeInput, toxicRttMs = link.rttMs): Promise<void> => {
  const wanted = linkToxics(link, toxicRttMs); // validates before anything changes
  const current = await api.toxicNames(proxyName);
  for (const name of current.filter(isLinkToxic)) {
    await api.removeToxic(proxyName, name);
  }
  for (const toxic of wanted) {
    await api.addToxic(proxyName, toxic);
  }
};
