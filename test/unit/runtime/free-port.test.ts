// The local runtime's ports lie below the kernel's ephemeral range: a proxy disabled for a
// partition closes its listener, and a port from the ephemeral range could be taken meanwhile by
// any outgoing connection's local port (re-enabling then failed with "address already in use").

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../lab/runtime/local-processes.ts';

const ephemeralLow = (() => {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    return undefined;
  }
})();

describe('freePort', () => {
  it.skipIf(ephemeralLow === undefined || ephemeralLow <= 12_000)('hands out distinct ports below the ephemeral range', async () => {
    const ports = [];
    for (let i = 0; i < 20; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) {
      expect(port).toBeLessThan(ephemeralLow!);
      expect(port).toBeGreaterThanOrEqual(10_000);
    }
  });
});
