// Helpers for integration tests: small scenarios and a look at what the lab left behind.

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { getContainerRuntimeClient } from 'testcontainers';
import { LAB_LABEL } from '../../lab/runtime/index.ts';
import { afterAll, beforeAll, expect } from 'vitest';
import { calibrationWithinTolerance, parseScenario, type LabResult, type Scenario } from '../../lab/index.ts';

// A scenario written inline, parsed exactly as a file would be.
export const inlineScenario = (yaml: string): Scenario => parseScenario(yaml, 'inline.yaml');

// Ids of every container carrying the lab's label, running or not.
export const labContainerIds = async (): Promise<string[]> => {
  const client = await getContainerRuntimeClient();
  const containers = await client.container.dockerode.listContainers({ all: true, filters: { label: [`${LAB_LABEL}=true`] } });
  return containers.map((c) => c.Id);
};

// Names of docker networks created by the lab.
export const labNetworkNames = async (): Promise<string[]> => {
  const client = await getContainerRuntimeClient();
  return (await client.container.dockerode.listNetworks()).map((n) => n.Name).filter((name) => name.startsWith('redis-fault-lab-'));
};

// redis-server and toxiproxy-server processes whose parent is this process (zombies excluded).
export const childServers = (): number[] =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const [, comm = '', rest = ''] = /^\d+ \((.*)\) (.*)$/.exec(stat) ?? [];
        const [state, ppid] = rest.split(' ');
        return Number(ppid) === process.pid && state !== 'Z' && /redis-server|toxiproxy/.test(comm) ? [Number(pid)] : [];
      } catch {
        return [];
      }
    });

// A plain ioredis client of one endpoint (a node's or a sentinel's): connects on demand, never
// retries a command or a connection, so a test sees every failure as it happens.
export const endpointClient = (endpoint: { host: string; port: number; password?: string }): Redis =>
  new Redis({ host: endpoint.host, port: endpoint.port, ...(endpoint.password ? { password: endpoint.password } : {}), lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });

/** A temporary directory for the calling test file: made in its first beforeAll, removed with
 * everything in it after its tests. `file(name)` is a path inside it. */
export const useTempDir = (prefix: string): { file: (name: string) => string } => {
  let dir: string | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });
  return {
    file: (name) => {
      if (dir === undefined) throw new Error(`useTempDir(${prefix}): the directory exists from beforeAll on`);
      return join(dir, name);
    },
  };
};

// A zombie counts as gone (see lab/runtime/pid-alive.ts): this sandbox's init never reaps.
export { pidAlive as processAlive } from '../../lab/runtime/index.ts';

/**
 * Calibration as far as the link allows. Toxiproxy latency is whole milliseconds per direction
 * and overshoots by a few tenths of a millisecond per direction, so two neighbouring settings
 * can land 0.7 ms either side of the request (5 ms measured as 4.2 or 5.75 here, on an idle
 * machine): within one settings step (1 ms) plus 10 % is what calibration can promise. Closer
 * than that is the 0.5 ms / 10 % tolerance, and a calibration outside it must carry a warning
 * that says so, never pass silently.
 */
export const expectCalibratedHonestly = (result: LabResult): void => {
  for (const c of result.calibration) {
    const missMs = Math.abs(c.addedMs - c.requestedRttMs);
    // The promise holds for a link that measured steadily. A calibration whose own samples spread
    // over more than 2 ms (p10 to p90: the machine was busy while it pinged, e.g. 10.3 to 19.1 ms
    // for a 10 ms ask on the containers runtime) cannot land closer than that spread; it must then
    // carry the warning below, which is checked either way.
    const spreadMs = c.p90Ms - c.p10Ms;
    if (spreadMs <= 2) expect(missMs, JSON.stringify(c)).toBeLessThanOrEqual(1 + 0.1 * c.requestedRttMs);
    if (!calibrationWithinTolerance(c)) {
      expect(result.warnings.some((w) => w.includes(`rtt ${c.requestedRttMs} ms: the link added`)), JSON.stringify(result.warnings)).toBe(true);
    }
  }
};
