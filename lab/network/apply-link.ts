import { LAB_TOXIC_PREFIX, linkToxics, type LinkProfile } from './link-profile.ts';
import type { ToxiproxyApi } from './toxiproxy-api.ts';

// Replaces the lab's toxics on the proxy with those of `profile`. Call it only while no
// workload traffic flows: removing a toxic under heavy traffic can hang Toxiproxy's API
// (upstream #558), and every call here is bounded by a timeout in any case.
export const applyLink = async (api: ToxiproxyApi, proxyName: string, profile: LinkProfile, toxicRttMs = profile.rttMs): Promise<void> => {
  const current = await api.toxicNames(proxyName);
  for (const name of current.filter((n) => n.startsWith(LAB_TOXIC_PREFIX))) {
    await api.removeToxic(proxyName, name);
  }
  for (const toxic of linkToxics(profile, toxicRttMs)) {
    await api.addToxic(proxyName, toxic);
  }
};
