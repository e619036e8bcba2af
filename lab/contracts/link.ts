// One link shape: the round trip, jitter and bandwidth cap that Toxiproxy puts between the
// client and Redis. The same type for a scenario's matrix cell, a calibration and a fault cell.

/** Per-direction bandwidth cap in KB/s (KB = 1000 bytes, Toxiproxy's unit); null = uncapped. */
export interface Bandwidth {
  upKBps: number | null;
  downKBps: number | null;
}

export const UNCAPPED: Bandwidth = { upKBps: null, downKBps: null };

export interface LinkShape {
  /** Round trip added above the direct baseline, whole milliseconds. */
  rttMs: number;
  /** Jitter per direction, whole milliseconds (Toxiproxy latency jitter). */
  jitterMs: number;
  bandwidth: Bandwidth;
}

/** Equal for cells that run on the same link. */
export const linkShapeKey = (link: LinkShape): string =>
  `${link.rttMs}/${link.jitterMs}/${link.bandwidth.upKBps}/${link.bandwidth.downKBps}`;
