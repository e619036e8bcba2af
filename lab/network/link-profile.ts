// A link profile (rtt, jitter, bandwidth) turned into the Toxiproxy toxics that produce it.
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
import type { Bandwidth } from '../contracts/index.ts';
import type { ToxicSpec } from './toxiproxy-api.ts';

export interface LinkProfile {
  /** Round trip to add above the direct baseline, whole ms. */
  rttMs: number;
  /** Jitter per direction, whole ms. */
  jitterMs: number;
  /** Per-direction cap in KB/s (1000 bytes); null = uncapped. */
  bandwidth: Bandwidth;
}

/** What callers may pass: an absent bandwidth means uncapped both ways. */
export type LinkProfileInput = Omit<LinkProfile, 'bandwidth'> & { bandwidth?: Bandwidth };

export const UNCAPPED: Bandwidth = { upKBps: null, downKBps: null };

export const linkProfile = (input: LinkProfileInput): LinkProfile => ({
  rttMs: input.rttMs,
  jitterMs: input.jitterMs,
  bandwidth: input.bandwidth ?? UNCAPPED,
});

/** Prefix of every toxic the lab owns, so it never touches a toxic it did not add. */
export const LAB_TOXIC_PREFIX = 'lab_';
/** Prefix of fault toxics (see fault-toxics.ts): the lab's, but not the link's. */
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

// The toxics for a profile; none at all for a zero rtt with no jitter and no cap (the bare
// proxy). `toxicRttMs` is the latency to configure, which calibration may set below the
// requested rtt to cancel the proxy's own timer overshoot (see calibrate.ts).
export const linkToxics = (input: LinkProfileInput, toxicRttMs = input.rttMs): ToxicSpec[] => {
  const profile = linkProfile(input);
  const { upstreamMs, downstreamMs } = latencySplitMs(toxicRttMs);
  const toxics: ToxicSpec[] = [];
  for (const [stream, latency] of [['upstream', upstreamMs], ['downstream', downstreamMs]] as const) {
    if (latency === 0 && profile.jitterMs === 0) continue;
    toxics.push({
      name: `${LAB_TOXIC_PREFIX}latency_${stream}`,
      type: 'latency',
      stream,
      attributes: { latency, jitter: profile.jitterMs },
    });
  }
  return [...toxics, ...bandwidthToxics(profile.bandwidth, LAB_TOXIC_PREFIX)];
};
