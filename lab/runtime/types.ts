// What every runtime hands the rest of the lab: where Redis is (straight and through the
// proxy), how to reach Toxiproxy's API, what ran, and how to stop it all.

import type { ImageInfo, RuntimeKind } from '../contracts/index.ts';

export interface Endpoint {
  host: string;
  port: number;
}

export interface StartedRuntime {
  kind: RuntimeKind;
  /** Redis with no proxy in between: the baseline for calibration. */
  redisDirect: Endpoint;
  /** The proxy's listen address as the client reaches it. */
  proxied: Endpoint;
  /** Toxiproxy's HTTP API, e.g. http://127.0.0.1:8474. */
  toxiproxyApiUrl: string;
  /** Name of the Toxiproxy proxy that fronts Redis. */
  proxyName: string;
  /** Which images ran (containers runtime only). */
  images?: ImageInfo;
  /** What this runtime started, so a caller can check that stop() removed it all. */
  resources: { pids: number[]; containers: string[]; networks: string[] };
  /** Stop everything this runtime started. Safe to call more than once, never throws. */
  stop(): Promise<StopReport>;
}

/** What stop() did, so a caller can prove nothing was left behind. */
export interface StopReport {
  /** Human-readable problems met while stopping (each was retried or forced). */
  problems: string[];
}

export type RuntimeChoice = 'auto' | RuntimeKind;

export interface StartOptions {
  /** Aborting interrupts start-up; whatever was started is stopped before the error. */
  signal?: AbortSignal;
  /** Progress notes (e.g. "starting redis container"); never printed by the runtime itself. */
  onNote?: (note: string) => void;
}
