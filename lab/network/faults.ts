// Faults on the proxy. faultPlan says what a fault action means there (the toxics to add, or
// the proxy to disable; pure); startFault applies it and returns its heal. Every fault toxic is named `lab_fault_*`, so
// applyLink (which replaces the link's own `lab_*` toxics) never removes a standing fault.
//
// - reset: reset_peer (timeout 0) on the downstream. The command reaches Redis and is applied;
//   its reply is the first chunk back, which the toxic drops before closing the connection, so
//   the client is left not knowing (the case reconciliation is for). Toxiproxy only sets
//   SO_LINGER=0 (a real RST) on connections opened while a reset_peer toxic stands, so a
//   connection that was already open is closed with a FIN; either way the client sees it close.
// - cut-after: limit_data on one stream. It passes exactly `bytes` bytes (counted per
//   connection from the moment the toxic is added, or from connect for a connection opened
//   while it stands), truncating the chunk that crosses the limit, then closes the connection.
// - stall: timeout (timeout 0) on both streams: every byte either way is dropped and the
//   connection stays open, like a partition. Removing a timeout toxic closes the connections
//   it stalled (Toxiproxy PR #168), so healing a stall ends them.
// - down: the proxy disabled; existing connections closed, new ones refused.
// - bandwidth: a per-direction cap, as in a link.
//
// Healing without ever hanging a run. Toxiproxy's hazard: deleting a toxic while traffic
// flows can block its API (upstream #558, #412): RemoveToxic interrupts the toxic on every open connection while it holds the proxy's
// toxic-collection lock, and a toxic stuck sending to a connection that no longer reads never
// answers the interrupt. So every call here is bounded (the api's timeout), and heal has a
// fallback:
//   1. DELETE each toxic of the fault.
//   2. If that fails or times out: disable the proxy (this closes every connection, and the
//      links with them), DELETE the remaining toxics while no connection exists and no new one
//      can arrive, then enable the proxy again. Each step bounded.
//   3. If a toxic still cannot be removed, throw E_TOXIPROXY_API: the API is stuck.
// What step 2 can and cannot do (from reading Toxiproxy 2.12.0): it helps when the DELETE is
// slow because links are busy or slow to drain (closing them ends the drain); it cannot undo a
// true deadlock, because the stuck DELETE keeps holding the collection lock and the second
// DELETE waits on that same lock. Only restarting the Toxiproxy server recovers from that, and
// the error says so. Whatever happens, heal returns or throws within a few API timeouts.

import { LabError, errorMessage } from '../errors/index.ts';
import type { FaultAction } from '../contracts/index.ts';
import { bandwidthToxics, FAULT_TOXIC_PREFIX } from './link.ts';
import { ToxiproxyHttpError, type ToxicSpec, type ToxiproxyApi } from './toxiproxy.ts';

export type FaultPlan = { kind: 'toxics'; toxics: ToxicSpec[] } | { kind: 'proxy-disabled' };

const invalid = (message: string, hint: string) => new LabError('E_SCENARIO_INVALID', message, { hint });

// `bytes`: for cut-after, the byte count to let through (the lab sizes its units and
// plusBytes into it); ignored by the other actions.
export const faultPlan = (action: FaultAction, bytes?: number): FaultPlan => {
  switch (action.kind) {
    case 'reset':
      return { kind: 'toxics', toxics: [{ name: `${FAULT_TOXIC_PREFIX}reset_downstream`, type: 'reset_peer', stream: 'downstream', attributes: { timeout: 0 } }] };
    case 'cut-after': {
      if (bytes === undefined || !Number.isInteger(bytes) || bytes < 0) {
        throw invalid(`A cut-after fault needs a whole, non-negative byte count, got ${String(bytes)}`, 'Size the cut as the bytes of `units` whole replies or commands plus `plusBytes`.');
      }
      const stream = action.direction === 'up' ? 'upstream' : 'downstream';
      return { kind: 'toxics', toxics: [{ name: `${FAULT_TOXIC_PREFIX}cut_after_${stream}`, type: 'limit_data', stream, attributes: { bytes } }] };
    }
    case 'stall':
      return {
        kind: 'toxics',
        toxics: (['upstream', 'downstream'] as const).map((stream) => ({ name: `${FAULT_TOXIC_PREFIX}stall_${stream}`, type: 'timeout' as const, stream, attributes: { timeout: 0 } })),
      };
    case 'down':
      return { kind: 'proxy-disabled' };
    case 'bandwidth': {
      const toxics = bandwidthToxics(action.bandwidth, FAULT_TOXIC_PREFIX);
      if (toxics.length === 0) throw invalid('A bandwidth fault caps neither direction', 'Give upKBps and/or downKBps as whole KB/s (1 KB = 1000 bytes).');
      return { kind: 'toxics', toxics };
    }
  }
};

/** The calls a fault needs (a ToxiproxyApi; every call bounded by its timeout). */
export type FaultApi = Pick<ToxiproxyApi, 'addToxic' | 'removeToxic' | 'setProxyEnabled'>;

export interface HealReport {
  fault: FaultAction['kind'];
  /**
   * How it was healed: `delete` (the plain DELETE of each toxic), `disable-enable` (the
   * fallback: proxy disabled, toxics deleted, proxy enabled), `enable` (a `down` fault: the
   * proxy enabled again).
   */
  path: 'delete' | 'disable-enable' | 'enable';
  /** The fault's toxics, all gone now (none for `down`). */
  toxics: string[];
  /** Wall time of the heal, ms. */
  durationMs: number;
  /** Why the plain DELETE failed, when the fallback ran. */
  fallbackReason?: string;
  /** One line for logs and results, e.g. `removed lab_fault_reset_downstream by DELETE in 2.1 ms`. */
  describe: string;
}

export interface FaultHandle {
  readonly action: FaultAction;
  readonly proxyName: string;
  /** Names of the toxics the fault added (empty for `down`). */
  readonly toxics: readonly string[];
  /** Removes the fault. Idempotent: later calls return the first successful report; after a
   * failure, a later call tries again. Never hangs: every step is bounded. */
  heal(): Promise<HealReport>;
}

const ANSWERED_HINT =
  'Toxiproxy answered each call with an error (see the message): check that the proxy still exists and that nothing else changed it.';
const STUCK_HINT =
  "Toxiproxy's API is stuck (deleting a toxic under traffic can deadlock it, upstream #558); only restarting the Toxiproxy server recovers. Stop the runtime and start again.";

const removeAll = async (api: FaultApi, proxyName: string, remaining: string[]): Promise<void> => {
  while (remaining.length > 0) {
    await api.removeToxic(proxyName, remaining[0]!); // false (already gone) counts as removed
    remaining.shift();
  }
};

const healToxics = async (api: FaultApi, proxyName: string, action: FaultAction, toxics: string[]): Promise<HealReport> => {
  const startMs = performance.now();
  const report = (path: HealReport['path'], fallbackReason?: string): HealReport => {
    const durationMs = performance.now() - startMs;
    const how = path === 'delete' ? 'DELETE' : `disabling the proxy, DELETE, enabling it (the DELETE failed: ${fallbackReason})`;
    return {
      fault: action.kind,
      path,
      toxics,
      durationMs,
      ...(fallbackReason === undefined ? {} : { fallbackReason }),
      describe: `removed ${toxics.join(', ')} by ${how} in ${durationMs.toFixed(1)} ms`,
    };
  };
  const remaining = [...toxics];
  let firstError: unknown;
  try {
    await removeAll(api, proxyName, remaining);
    return report('delete');
  } catch (error) {
    firstError = error;
  }
  let disableError: unknown;
  let deleteError: unknown;
  let enableError: unknown;
  try {
    await api.setProxyEnabled(proxyName, false);
  } catch (error) {
    disableError = error; // delete and enable anyway: the disable may have gone through late
  }
  try {
    await removeAll(api, proxyName, remaining);
  } catch (error) {
    deleteError = error;
  }
  try {
    await api.setProxyEnabled(proxyName, true);
  } catch (error) {
    enableError = error;
  }
  const fallbackReason = errorMessage(firstError);
  if (deleteError === undefined && enableError === undefined) return report('disable-enable', fallbackReason);
  const ms = Math.round(performance.now() - startMs);
  const steps = [
    `DELETE: ${fallbackReason}`,
    `disable: ${disableError === undefined ? 'ok' : errorMessage(disableError)}`,
    `DELETE again: ${deleteError === undefined ? 'ok' : errorMessage(deleteError)}`,
    `enable: ${enableError === undefined ? 'ok' : errorMessage(enableError)}`,
  ].join('; ');
  const what =
    deleteError === undefined
      ? `removed ${toxics.join(', ')} but could not enable proxy ${proxyName} again`
      : `could not remove ${remaining.join(', ')} from proxy ${proxyName}`;
  // An error the server answered (404, 400...) is not a hang: say so rather than "restart".
  const answered = [firstError, deleteError ?? enableError].every((e) => e instanceof Error && e.cause instanceof ToxiproxyHttpError);
  throw new LabError('E_TOXIPROXY_API', `Healing fault ${action.kind} failed after ${ms} ms: ${what} (${steps})`, {
    hint: answered ? ANSWERED_HINT : STUCK_HINT,
    cause: deleteError ?? enableError,
  });
};

const healDown = async (api: FaultApi, proxyName: string): Promise<HealReport> => {
  const startMs = performance.now();
  try {
    await api.setProxyEnabled(proxyName, true);
  } catch (error) {
    throw new LabError('E_TOXIPROXY_API', `Healing fault down failed: could not enable proxy ${proxyName} again: ${errorMessage(error)}`, {
      hint: STUCK_HINT,
      cause: error,
    });
  }
  const durationMs = performance.now() - startMs;
  return { fault: 'down', path: 'enable', toxics: [], durationMs, describe: `enabled proxy ${proxyName} again in ${durationMs.toFixed(1)} ms` };
};

// Starts `action` on the proxy. `bytes` sizes a cut-after (see faultPlan). If a toxic cannot
// be added, those already added are removed (bounded) before the error is thrown.
export const startFault = async (api: FaultApi, proxyName: string, action: FaultAction, bytes?: number): Promise<FaultHandle> => {
  const plan = faultPlan(action, bytes);
  const toxics = plan.kind === 'toxics' ? plan.toxics.map((t) => t.name) : [];
  if (plan.kind === 'proxy-disabled') {
    await api.setProxyEnabled(proxyName, false);
  } else {
    const added: string[] = [];
    try {
      for (const toxic of plan.toxics) {
        await api.addToxic(proxyName, toxic);
        added.push(toxic.name);
      }
    } catch (error) {
      await removeAll(api, proxyName, added).catch(() => undefined); // best effort; the add error is the news
      throw error;
    }
  }
  let healed: Promise<HealReport> | undefined;
  const heal = (): Promise<HealReport> => {
    healed ??= (plan.kind === 'proxy-disabled' ? healDown(api, proxyName) : healToxics(api, proxyName, action, toxics)).catch(
      (error: unknown) => {
        healed = undefined; // let a later call try again
        throw error;
      },
    );
    return healed;
  };
  return { action, proxyName, toxics, heal };
};
