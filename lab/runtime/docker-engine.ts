// Reaching the Docker engine. Testcontainers tries several places in turn (DOCKER_HOST, then
// /var/run/docker.sock, then the rootless socket) and silently takes the first that answers.
// The lab is stricter: when DOCKER_HOST names an engine, the lab uses that engine or none, so a
// user who pointed it at a remote or rootless engine never gets containers started elsewhere.

import { LabError, errorMessage, withTimeout } from '../errors/index.ts';
import type { ContainerRuntimeClient } from 'testcontainers';

const ENGINE_PROBE_TIMEOUT_MS = 15_000;

interface Modem {
  socketPath?: string;
  host?: string;
  port?: string | number;
}

// Where DOCKER_HOST points, in the terms of dockerode's modem; undefined for a form not checked.
const expectedModem = (dockerHost: string): Modem | undefined => {
  if (dockerHost.startsWith('unix://')) return { socketPath: dockerHost.slice('unix://'.length) };
  const tcp = /^(?:tcp|https?):\/\/\[?([^\]/]+?)\]?:(\d+)\/?$/.exec(dockerHost);
  return tcp ? { host: tcp[1]!, port: tcp[2]! } : undefined;
};

// Why the engine Testcontainers found is not the one DOCKER_HOST names; undefined when it is.
const wrongEngine = (client: ContainerRuntimeClient, dockerHost: string | undefined): string | undefined => {
  if (!dockerHost) return undefined;
  const expected = expectedModem(dockerHost);
  if (!expected) return undefined;
  const modem = (client.container.dockerode as unknown as { modem: Modem }).modem;
  const same = expected.socketPath !== undefined ? modem.socketPath === expected.socketPath : modem.host === expected.host && String(modem.port) === expected.port;
  if (same) return undefined;
  const found = modem.socketPath ?? `${modem.host}:${modem.port}`;
  return `Testcontainers found none there and fell back to ${found}, which the lab does not use when DOCKER_HOST is set`;
};

const where = (dockerHost: string | undefined) => (dockerHost ? `DOCKER_HOST=${dockerHost}` : 'the default socket /var/run/docker.sock');

/** The Docker engine's client, or E_RUNTIME_UNAVAILABLE saying which engine did not answer and why. */
export const engineClient = async (getClient: () => Promise<ContainerRuntimeClient>): Promise<ContainerRuntimeClient> => {
  const dockerHost = process.env.DOCKER_HOST || undefined;
  let problem: string | undefined;
  let client: ContainerRuntimeClient | undefined;
  try {
    client = await withTimeout('docker probe', ENGINE_PROBE_TIMEOUT_MS, getClient, (_, ms) => new Error(`no answer within ${ms} ms`));
    problem = wrongEngine(client, dockerHost);
  } catch (error) {
    problem = errorMessage(error);
  }
  if (problem === undefined && client) return client;
  throw new LabError('E_RUNTIME_UNAVAILABLE', `No Docker engine answers at ${where(dockerHost)}: ${problem}`, {
    hint: 'Start the engine (`bash docker/provision.sh` as root starts dockerd), point DOCKER_HOST at a running one (or unset it for /var/run/docker.sock), or use --runtime local (redis-server and toxiproxy-server on PATH).',
  });
};
