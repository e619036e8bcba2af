// What every runtime hands the rest of the lab: where Redis is (straight and through the
// proxy), how to reach Toxiproxy's API, what ran, and how to stop it all.

import type { Proxy, Toxiproxy } from 'toxiproxy-node-client';
import type { Endpoint, ImageInfo, RuntimeKind } from '../contracts/index.ts';
import type { ExternalTarget } from './external-target.ts';

export type { Endpoint } from '../contracts/index.ts';

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
  /** The same API and proxy as toxiproxy-node-client objects, so a suite can add its own
   * toxics (`slicer`, `slow_close`, ...) with `toxiproxy.proxy.addToxic(...)`. Calls made through
   * them are the caller's and unbounded, as the client's always are. */
  toxiproxy: { client: Toxiproxy; proxy: Proxy };
  /** Which images ran (containers runtime only). */
  images?: ImageInfo;
  /** External runtime only: the target's Redis (host:port) and whether it was declared
   * disposable. Without `disposable: true` a run touches only keys under a prefix of its own
   * and never flushes; the lab's own instances (containers, local) are always its to empty. */
  external?: { redis: string; disposable: boolean };
  /** What this runtime started, so a caller can check that stop() removed it all. */
  resources: { pids: number[]; containers: string[]; networks: string[] };
  /** Aborts, with a LabError E_RUNTIME_DIED naming the part as its reason, when Redis or
   * Toxiproxy exits on its own (not through stop()); runScenario ends its run on it. */
  lost: AbortSignal;
  /** Looks at each part now (not waiting for its exit to be reported) and fires `lost` if one
   * has exited: a run that failed on a dropped connection calls it to learn whether a part died. */
  checkParts(): Promise<void>;
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
  /**
   * false: Redis without a password. Only for tests that count protocol bytes on a raw socket
   * (an AUTH reply would count too); everything still listens on loopback only. Default true:
   * a generated password (Endpoint.password).
   */
  redisAuth?: boolean;
  /** Progress notes (e.g. "starting redis container"); never printed by the runtime itself. */
  onNote?: (note: string) => void;
  /** The external runtime's target; each field not given here is read from its
   * REDIS_FAULT_LAB_EXTERNAL_* environment variable (see external-target.ts). */
  external?: ExternalTarget;
}
