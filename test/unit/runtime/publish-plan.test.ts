// Where the containers runtime publishes its ports for each kind of DOCKER_HOST. No remote
// engine is reachable from the test machine, so this decision is tested on its own; the local
// case runs for real in containers-runtime.test.ts and loopback-auth.test.ts.

import { describe, expect, it } from 'vitest';
import { PUBLISH_HOST_ENV, publishPlan } from '../../../lab/runtime/publish-plan.ts';

const LOCAL = { bindIp: '127.0.0.1', reachHost: '127.0.0.1', engineLocal: true };

describe('publish plan', () => {
  it.each([undefined, '', 'unix:///var/run/docker.sock', 'unix:///run/user/1000/docker.sock', 'npipe:////./pipe/docker_engine', 'tcp://127.0.0.1:2375', 'tcp://localhost:2375', 'tcp://[::1]:2375'])(
    'publishes on 127.0.0.1 for an engine on this machine (DOCKER_HOST=%s)',
    (dockerHost) => {
      expect(publishPlan(dockerHost === undefined ? {} : { DOCKER_HOST: dockerHost })).toEqual(LOCAL);
    },
  );

  it('refuses a remote engine without an address to publish on, saying why and what to do', () => {
    let error: unknown;
    try {
      publishPlan({ DOCKER_HOST: 'tcp://10.0.0.5:2376' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: 'E_RUNTIME_UNAVAILABLE' });
    expect((error as Error).message).toContain('DOCKER_HOST=tcp://10.0.0.5:2376 is on another machine (10.0.0.5)');
    expect((error as Error).message).toContain('127.0.0.1 only');
    expect((error as { hint: string }).hint).toContain(`Set ${PUBLISH_HOST_ENV} to one IP address of 10.0.0.5`);
    expect(() => publishPlan({ DOCKER_HOST: 'ssh://me@build-host' })).toThrow(/another machine \(build-host\)/);
  });

  it('publishes on the one address the user named for a remote engine, and reaches it there', () => {
    expect(publishPlan({ DOCKER_HOST: 'tcp://10.0.0.5:2376', [PUBLISH_HOST_ENV]: '10.0.0.5' })).toEqual({ bindIp: '10.0.0.5', reachHost: '10.0.0.5', engineLocal: false });
    expect(publishPlan({ DOCKER_HOST: 'tcp://docker.internal:2376', [PUBLISH_HOST_ENV]: '192.168.7.2' })).toMatchObject({ bindIp: '192.168.7.2', engineLocal: false });
  });

  it.each(['0.0.0.0', '::', '127.0.0.1', 'docker.internal'])('never publishes a remote engine on %s', (address) => {
    expect(() => publishPlan({ DOCKER_HOST: 'tcp://10.0.0.5:2376', [PUBLISH_HOST_ENV]: address })).toThrow(
      expect.objectContaining({ code: 'E_RUNTIME_UNAVAILABLE', message: `${PUBLISH_HOST_ENV}=${address} is not one IP address of the engine's machine` }),
    );
  });

  it('refuses a publish address for an engine on this machine, which publishes on loopback only', () => {
    expect(() => publishPlan({ [PUBLISH_HOST_ENV]: '10.0.0.5' })).toThrow(/runs on this machine, where the lab publishes on 127.0.0.1 only/);
    expect(publishPlan({ [PUBLISH_HOST_ENV]: '127.0.0.1' })).toEqual(LOCAL);
  });
});
