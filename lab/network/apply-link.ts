// Puts a link profile on the proxy: replaces the lab's link toxics (latency, bandwidth) with
// those of the profile and leaves everything else alone, standing faults (lab_fault_*)
// included.

import { isLinkToxic, linkToxics, type LinkProfileInput } from './link-profile.ts';
import type { ToxiproxyApi } from './toxiproxy-api.ts';

// Call it only while no workload traffic flows: removing a toxic under heavy traffic can hang
// Toxiproxy's API (upstream #558), and every call here is bounded by a timeout in any case.
// An absent `bandwidth` means uncapped.
export const applyLink = async (
  api: ToxiproxyApi,
  proxyName: string,
  profile: LinkProfileInput,
  toxicRttMs = profile.rttMs,
): Promise<void> => {
  const wanted = linkToxics(profile, toxicRttMs); // validates before anything changes
  const current = await api.toxicNames(proxyName);
  for (const name of current.filter(isLinkToxic)) {
    await api.removeToxic(proxyName, name);
  }
  for (const toxic of wanted) {
    await api.addToxic(proxyName, toxic);
  }
};
