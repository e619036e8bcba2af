// A sentinel's config file: it monitors the primary at the address given (its client proxy),
// announces its own proxy, authenticates to the nodes and the other sentinels with the runtime's
// password and requires it of its clients; the settings come from the scenario.

import { describe, expect, it } from 'vitest';
import { sentinelConfig } from '../../../lab/runtime/sentinels.ts';

const options = { sentinels: 3, quorum: 2, downAfterMs: 1500, failoverTimeoutMs: 7000 };

describe('sentinelConfig', () => {
  it('monitors lab-primary at the primary proxy, announces its own proxy, and carries the settings and the password', () => {
    const lines = sentinelConfig({ port: 26379, bind: '0.0.0.0', password: 'pw', announce: { host: '172.20.0.2', port: 8670 }, primary: { host: '172.20.0.2', port: 8666 }, options }).split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'port 26379',
        'bind 0.0.0.0',
        'requirepass pw',
        'sentinel sentinel-pass pw',
        'sentinel auth-pass lab-primary pw',
        'sentinel announce-ip 172.20.0.2',
        'sentinel announce-port 8670',
        'sentinel monitor lab-primary 172.20.0.2 8666 2',
        'sentinel down-after-milliseconds lab-primary 1500',
        'sentinel failover-timeout lab-primary 7000',
      ]),
    );
    // monitor comes before the settings that name the master.
    expect(lines.findIndex((l) => l.startsWith('sentinel monitor'))).toBeLessThan(lines.findIndex((l) => l.startsWith('sentinel down-after')));
  });

  it('without a password: no auth lines, protected mode off (it binds loopback or its own container only)', () => {
    const text = sentinelConfig({ port: 1, bind: '127.0.0.1', password: undefined, announce: { host: '127.0.0.1', port: 2 }, primary: { host: '127.0.0.1', port: 3 }, options });
    expect(text).not.toMatch(/pass/);
    expect(text).toContain('protected-mode no');
  });
});
