// `auto` picks a runtime: containers when a Docker engine answers, else local binaries,
// else an error that says what to install.

import { LabError, errorMessage } from '../errors/index.ts';
import { loadTestcontainers, startContainersRuntime } from './containers.ts';
import { localBinaries, startLocalRuntime } from './local.ts';
import type { RuntimeChoice, StartOptions, StartedRuntime } from './types.ts';

const DOCKER_PROBE_TIMEOUT_MS = 15_000;

// Why Docker cannot be used, or undefined when an engine answers.
export const dockerUnavailableReason = async (): Promise<string | undefined> => {
  try {
    const tc = await loadTestcontainers();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${DOCKER_PROBE_TIMEOUT_MS} ms`)), DOCKER_PROBE_TIMEOUT_MS);
    });
    await Promise.race([tc.getContainerRuntimeClient(), timeout]).finally(() => clearTimeout(timer));
    return undefined;
  } catch (error) {
    return errorMessage(error);
  }
};

export const startRuntime = async (choice: RuntimeChoice, options: StartOptions = {}): Promise<StartedRuntime> => {
  if (choice === 'containers') return startContainersRuntime(options);
  if (choice === 'local') return startLocalRuntime(options);
  const dockerProblem = await dockerUnavailableReason();
  if (dockerProblem === undefined) return startContainersRuntime(options);
  options.onNote?.(`no Docker engine answers (${dockerProblem}); trying local binaries`);
  const binaries = await localBinaries();
  if (binaries.redis && binaries.toxiproxy) return startLocalRuntime(options);
  throw new LabError('E_RUNTIME_UNAVAILABLE', `No runtime is available: no Docker engine answers (${dockerProblem}) and redis-server / toxiproxy-server are not on PATH`, {
    hint: 'Run `bash docker/provision.sh` as root on Debian (installs docker.io, redis-server and toxiproxy-server 2.12.0 and starts dockerd), or start a Docker engine, or pass --runtime local with both binaries on PATH.',
  });
};
