// Where the containers runtime publishes its ports, decided from DOCKER_HOST before anything
// starts. The lab publishes Redis, its proxy and the Toxiproxy API (which can create a proxy
// to anywhere) on 127.0.0.1 of the engine's machine. For an engine on this machine (no
// DOCKER_HOST, a unix socket, a named pipe, or tcp:// to a loopback address) that is where the
// lab reaches them. For an engine on another machine, 127.0.0.1 there is unreachable from
// here, and publishing on every interface would put the Toxiproxy API on that machine's
// network: so the lab publishes on one address of that machine only when the user names it
// (REDIS_FAULT_LAB_PUBLISH_HOST), and otherwise stops with an error that says why.

import { isIP } from 'node:net';
import { LabError } from '../errors/index.ts';

export const PUBLISH_HOST_ENV = 'REDIS_FAULT_LAB_PUBLISH_HOST';

export interface PublishPlan {
  /** The HostIp every published port binds to, on the engine's machine. */
  bindIp: string;
  /** Where this process reaches the published ports. */
  reachHost: string;
  /** The engine runs on this machine: its containers' owner pids are this machine's pids. */
  engineLocal: boolean;
}

const LOOPBACK = '127.0.0.1';
const LOCAL: PublishPlan = { bindIp: LOOPBACK, reachHost: LOOPBACK, engineLocal: true };

// The host part of a tcp://, http(s):// or ssh:// DOCKER_HOST; undefined for a local transport.
const remoteHostOf = (dockerHost: string): string | undefined => {
  if (dockerHost === '' || dockerHost.startsWith('unix://') || dockerHost.startsWith('npipe://')) return undefined;
  let url: URL;
  try {
    url = new URL(dockerHost);
  } catch {
    return dockerHost; // not a URL: judged as a remote host by name, never as loopback
  }
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
};

const isLoopback = (host: string): boolean =>
  host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));

const unavailable = (message: string, hint: string) => new LabError('E_RUNTIME_UNAVAILABLE', message, { hint });

/** The publish plan for `env` (DOCKER_HOST, REDIS_FAULT_LAB_PUBLISH_HOST); throws E_RUNTIME_UNAVAILABLE. */
export const publishPlan = (env: NodeJS.ProcessEnv = process.env): PublishPlan => {
  const dockerHost = (env.DOCKER_HOST ?? '').trim();
  const publishHost = (env[PUBLISH_HOST_ENV] ?? '').trim();
  const remote = remoteHostOf(dockerHost);
  if (remote === undefined || isLoopback(remote)) {
    if (publishHost !== '' && publishHost !== LOOPBACK) {
      throw unavailable(`${PUBLISH_HOST_ENV}=${publishHost} is set, but the Docker engine (${dockerHost === '' ? 'the default socket' : `DOCKER_HOST=${dockerHost}`}) runs on this machine, where the lab publishes on 127.0.0.1 only`, `Unset ${PUBLISH_HOST_ENV}: it is only for an engine on another machine.`);
    }
    return LOCAL;
  }
  if (publishHost === '') {
    throw unavailable(
      `The Docker engine at DOCKER_HOST=${dockerHost} is on another machine (${remote}): the lab publishes Redis, its proxy and the Toxiproxy API on 127.0.0.1 only, which this machine cannot reach there, and it does not publish on every interface of a machine it does not know`,
      `Set ${PUBLISH_HOST_ENV} to one IP address of ${remote} that this machine reaches and nothing untrusted does (a private interface: the Toxiproxy API published there can create a proxy to anywhere), or run the lab on that machine, or use --runtime local or --runtime external.`,
    );
  }
  if (isIP(publishHost) === 0 || publishHost === '0.0.0.0' || publishHost === '::' || isLoopback(publishHost)) {
    throw unavailable(
      `${PUBLISH_HOST_ENV}=${publishHost} is not one IP address of the engine's machine`,
      `Give one interface address of ${remote} that this machine reaches, e.g. 10.0.0.5: not 0.0.0.0 or :: (every interface would expose the Toxiproxy API), not a loopback address (unreachable from here), not a name (Docker binds published ports to IP addresses).`,
    );
  }
  return { bindIp: publishHost, reachHost: publishHost, engineLocal: false };
};
