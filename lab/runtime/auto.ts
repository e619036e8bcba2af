// The one start of every runtime and topology. `auto` picks a runtime: containers when a Docker
// engine answers, else local binaries, else an error that says what to install. It never picks
// `external`, which needs a target (and takes one node).

import { LabError, errorMessage } from '../errors/index.ts';
import type { RuntimeKind } from '../contracts/index.ts';
import { startContainersRuntime } from './containers.ts';
import { loadTestcontainers } from './container-group.ts';
import { engineClient } from './docker-engine.ts';
import { startExternalRuntime } from './external.ts';
import { startLocalRuntime } from './local.ts';
import { localBinaries } from './local-group.ts';
import type { RuntimeChoice, StartOptions, StartedRuntime } from './types.ts';

// Why Docker cannot be used, or undefined when an engine answers (the one DOCKER_HOST names, if set).
const dockerUnavailableReason = async (): Promise<string | undefined> => {
  try {
    const tc = await loadTestcontainers();
    await engineClient(() => tc.getContainerRuntimeClient());
    return undefined;
  } catch (error) {
    return errorMessage(error);
  }
};

export interface AvailableParts {
  /** Why no Docker engine can be used; undefined when one answers. */
  dockerProblem: string | undefined;
  binaries: { redis?: string; toxiproxy?: string };
}

// The `auto` decision, kept pure so it can be tested without taking Docker away.
export const pickRuntime = ({ dockerProblem, binaries }: AvailableParts): RuntimeKind => {
  if (dockerProblem === undefined) return 'containers';
  if (binaries.redis && binaries.toxiproxy) return 'local';
  const missing = [!binaries.redis && 'redis-server', !binaries.toxiproxy && 'toxiproxy-server'].filter(Boolean).join(' and ');
  throw new LabError('E_RUNTIME_UNAVAILABLE', `No runtime is available: no Docker engine answers (${dockerProblem}) and ${missing} ${missing.includes(' and ') ? 'are' : 'is'} not on PATH`, {
    hint: 'Run `bash docker/provision.sh` as root on Debian (installs docker.io, redis-server and toxiproxy-server 2.12.0 and starts dockerd), or start a Docker engine, or put both binaries on PATH and pass --runtime local.',
  });
};

/** The runtime `choice` names; for `auto`, the one pickRuntime takes on this machine now. */
const resolveRuntime = async (choice: RuntimeChoice, onNote?: (note: string) => void): Promise<RuntimeKind> => {
  if (choice !== 'auto') return choice;
  const dockerProblem = await dockerUnavailableReason();
  if (dockerProblem !== undefined) onNote?.(`no Docker engine answers (${dockerProblem}); trying local binaries`);
  return pickRuntime({ dockerProblem, binaries: dockerProblem === undefined ? {} : await localBinaries() });
};

/** Starts `options.topology` (default: one node) on the runtime `choice` names. */
export const startRuntime = async (choice: RuntimeChoice, options: StartOptions = {}): Promise<StartedRuntime> => {
  const topology = options.topology ?? { kind: 'single' };
  const kind = await resolveRuntime(choice, options.onNote);
  const start = { external: startExternalRuntime, containers: startContainersRuntime, local: startLocalRuntime }[kind];
  return start(topology, options);
};
