// Starting a fault on the proxy and healing it without ever hanging a run.
//
// Toxiproxy's hazard: deleting a toxic while traffic flows can block its API (upstream #558,
// #412): RemoveToxic interrupts the toxic on every open connection while it holds the proxy's
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
import { faultPlan } from './fault-toxics.ts';
import { ToxiproxyHttpError, type ToxiproxyApi } from './toxiproxy-api.ts';

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
