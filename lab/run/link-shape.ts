// One link shape (rtt, jitter, bandwidth): the key that groups the configs or fault cells
// sharing it, and its calibration, which both the measured and the fault runs do once per shape.

import type { Redis } from 'ioredis';
import { calibrateLink, type ToxiproxyApi } from '../network/index.ts';
import type { Bandwidth } from '../contracts/index.ts';
import type { ProgressListener } from '../contracts/index.ts';
import type { Calibration } from '../contracts/index.ts';

export interface LinkShape {
  rttMs: number;
  jitterMs: number;
  bandwidth: Bandwidth;
}

export interface CalibrationContext {
  api: ToxiproxyApi;
  proxyName: string;
  direct: Redis;
  proxied: Redis;
  pings: number;
  emit: ProgressListener;
}

/** Equal for cells that run on the same link. */
export const linkShapeKey = (link: LinkShape): string => `${link.rttMs}/${link.jitterMs}/${link.bandwidth.upKBps}/${link.bandwidth.downKBps}`;

/** Applies and calibrates the link (leaving it applied) and reports the calibration. */
export const calibrateShape = async (ctx: CalibrationContext, link: LinkShape): Promise<Calibration> => {
  const { api, proxyName, direct, proxied, pings } = ctx;
  const profile = { rttMs: link.rttMs, jitterMs: link.jitterMs, bandwidth: link.bandwidth };
  const calibration = await calibrateLink({ api, proxyName, profile, direct, proxied, pings });
  ctx.emit({ type: 'calibrated', calibration });
  return calibration;
};
