// Where the host reaches the containers' published ports. The lab publishes every port on
// 127.0.0.1 (see containers.ts), so for an engine on this machine (a unix socket) that is the
// address, whatever Testcontainers concluded. Testcontainers resolves its host once per
// process and caches it: inside a container (a /.dockerenv file) it picks the bridge gateway
// (172.17.0.1), where nothing is published, unless TESTCONTAINERS_HOST_OVERRIDE was set before
// its first client was made. A process that made its own client first (a test suite using
// Testcontainers for something else) would otherwise send the lab to the gateway and wait in
// vain. Hence the lab's own host and its own HTTP wait, which uses that host.

import type { BoundPorts, ContainerRuntimeClient, WaitStrategy } from 'testcontainers';
import { publishPlan, type PublishPlan } from './publish-plan.ts';

type Container = Parameters<WaitStrategy['waitUntilReady']>[0];

const LOOPBACK = '127.0.0.1';
const POLL_MS = 200;
const REQUEST_TIMEOUT_MS = 1_000;

/** The address of the containers' published ports, as seen from this process. */
export const publishedHost = (client: ContainerRuntimeClient, plan: PublishPlan = publishPlan()): string => {
  if (!plan.engineLocal) return plan.reachHost; // the one address of the remote engine the user named
  const override = process.env.TESTCONTAINERS_HOST_OVERRIDE;
  if (override) return override;
  const modem = (client.container.dockerode as unknown as { modem: { socketPath?: string } }).modem;
  return modem.socketPath !== undefined ? LOOPBACK : client.info.containerRuntime.host;
};

/** Ready when GET http://host:<published internalPort><path> answers 2xx; fails at once if the container exits. */
export const httpReady = (host: string, internalPort: number, path: string): WaitStrategy => {
  let timeoutMs = 60_000;
  let timeoutSet = false;
  const strategy: WaitStrategy = {
    async waitUntilReady(container: Container, boundPorts: BoundPorts): Promise<void> {
      const url = `http://${host}:${boundPorts.getBinding(internalPort)}${path}`;
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const answered = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).then(
          (response) => response.ok,
          () => false,
        );
        if (answered) return;
        const { State } = await container.inspect();
        if (!State.Running) throw new Error(`the container exited (exit code ${State.ExitCode}) before ${url} answered`);
        if (performance.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
    withStartupTimeout(ms: number) {
      timeoutMs = ms;
      timeoutSet = true;
      return strategy;
    },
    isStartupTimeoutSet: () => timeoutSet,
    getStartupTimeout: () => timeoutMs,
  };
  return strategy;
};
