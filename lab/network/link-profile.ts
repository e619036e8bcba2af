// A link profile (rtt, jitter) turned into the Toxiproxy toxics that produce it.
// Toxiproxy latency is one-way and per chunk, so an rtt is split into an upstream and a
// downstream latency toxic; its attribute is whole milliseconds, so an odd rtt splits
// unevenly (1 ms: 0 up, 1 down).

import type { ToxicSpec } from './toxiproxy-api.ts';

export interface LinkProfile {
  /** Round trip to add above the direct baseline, whole ms. */
  rttMs: number;
  /** Jitter per direction, whole ms. */
  jitterMs: number;
}

/** Prefix of every toxic the lab owns, so it never touches a toxic it did not add. */
export const LAB_TOXIC_PREFIX = 'lab_';

export const latencySplitMs = (rttMs: number): { upstreamMs: number; downstreamMs: number } => {
  const upstreamMs = Math.floor(rttMs / 2);
  return { upstreamMs, downstreamMs: rttMs - upstreamMs };
};

// The toxics for a profile; none at all for a zero rtt with no jitter (the bare proxy).
// `toxicRttMs` is the latency to configure, which calibration may set below the requested
// rtt to cancel the proxy's own timer overshoot (see calibrate.ts).
export const linkToxics = (profile: LinkProfile, toxicRttMs = profile.rttMs): ToxicSpec[] => {
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
  return toxics;
};
