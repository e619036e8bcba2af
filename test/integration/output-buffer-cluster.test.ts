// The output-buffer limit on a Redis Cluster (issue 27): a request workload on a local cluster of
// three primaries, each request 8 GETs of 16 KiB values under one hash tag (one slot, so one
// primary per request). With a 64 KB hard limit for normal clients set on every primary, a request
// sent whole as one pipeline owes 128 KiB of replies and its primary closes the client; sent one
// command at a time, no reply passes 64 KB. The result says which primary closed it and why, the
// figures are reconciled against the primaries' own counts, every primary gets its previous value
// back, and the result goes through every surface (3 runs a config: enough for compare to judge). Real Redis Cluster nodes and Toxiproxy.

import { describe, expect, it } from 'vitest';
import { runScenario, type LabResult } from '../../lab/index.ts';
import { expectEverySurface } from './every-surface.ts';
import { childServers, inlineScenario, useTempDir } from './support.ts';

const REQUESTS = 6;
// every-surface.ts checks that the scenario's text reaches the HTML report escaped.
const HOSTILE = '</table><script>alert("surfaces")</script>';
const PER_REQUEST = 8;

const SCENARIO = `name: obl-cluster
description: '8 GETs of 16 KiB under one hash tag per request, on a cluster with a 64 KB hard limit ${HOSTILE}'
topology: { cluster: { primaries: 3, replicas: 0 } }
workload:
  label: pages
  requests: ${REQUESTS}
  request:
${Array.from({ length: PER_REQUEST }, (_, i) => `    - {command: GET, key: "page:{{r}}:${i}", value: 16KiB}`).join('\n')}
modes: [sync, pipeline:all]
server: {client-output-buffer-limit: {hard: 64KB, soft: 64KB, soft-seconds: 0}}
warmup: 0
repeat: 3
calibration: { pings: 10 }
expect:
  - "pipeline:all: output-buffer-disconnects > 0"
  - "pipeline:all: closed-lost == 0"
  - "sync: output-buffer-disconnects == 0"
  - "sync: errors == 0"
`;

describe('client-output-buffer-limit on a Redis Cluster (local runtime)', () => {
  const dir = useTempDir('rfl-obl-cluster-');

  it('is set on every primary: a whole request of large replies is closed by its primary, named, reconciled; one at a time passes', async () => {
    const before = childServers();
    const result: LabResult = await runScenario(inlineScenario(SCENARIO), { runtime: 'local' });
    expect(childServers()).toEqual(before);
    expect(result.topology?.nodes.filter((n) => n.role === 'primary').map((n) => n.name)).toStrictEqual(['primary-1', 'primary-2', 'primary-3']);

    const sync = result.configs.find((c) => c.id.includes('sync'));
    const whole = result.configs.find((c) => c.id.includes('pipeline:all'));
    // One GET's 16 KiB reply never passes 64 KB: no close, every run verified.
    expect(sync?.serverClosed).toBeUndefined();
    expect(sync?.errors).toBe(0);

    // 128 KiB of replies queued at once: closed in every run, and the row says why.
    const closed = whole?.serverClosed;
    expect(closed?.reason).toBe('client-output-buffer-limit');
    expect(closed?.runs).toBe(3);
    expect(closed?.count).toBeGreaterThanOrEqual(3);
    const [major = 0, minor = 0] = result.versions.redis.split('.').map(Number);
    const infoHasIt = major > 7 || (major === 7 && minor >= 4);
    expect(closed?.evidence).toBe(infoHasIt ? 'info' : 'log');
    if (!infoHasIt) {
      // Each primary's own log is read: the close is named on the primaries whose log shows it.
      expect(closed?.logLine).toMatch(/cmd=get .*scheduled to be closed ASAP for overcoming of output buffer limits/);
      expect(closed?.nodes?.length).toBeGreaterThan(0);
      for (const node of closed?.nodes ?? []) expect(['primary-1', 'primary-2', 'primary-3']).toContain(node);
    }
    for (const run of whole?.runs ?? []) {
      expect(run.verified).toBe(false);
      expect(run.failure).toMatch(/^the server closed the client \(client-output-buffer-limit/);
      // Reconciled against the primaries' summed commandstats: nothing acknowledged is missing.
      const figures = run.serverClosed;
      expect(figures?.issued).toBe(REQUESTS * PER_REQUEST);
      expect(figures?.executed).toBeGreaterThan(0);
      expect(figures?.acknowledged).toBeLessThan(figures?.issued ?? 0);
      expect(figures?.acknowledged).toBeLessThanOrEqual(figures?.executed ?? -1);
      expect(figures?.lost).toBe(0);
      expect(figures?.appliedUnacknowledged).toBe((figures?.executed ?? 0) - (figures?.acknowledged ?? 0));
    }
    expect(result.notMeasured.some((n) => n.includes('client-output-buffer-limit'))).toBe(true);
    expect(result.thresholds.every((t) => t.pass)).toBe(true);
    expect(result.pass).toBe(true);
    expect(result.warnings.some((w) => w.includes('could not restore'))).toBe(false);

    // Closed runs are not verified runs: toHaveVerifiedRuns says so, every other surface takes the result.
    await expectEverySurface(result, (name) => dir.file(`obl-cluster-${name}`), {
      matcher: (r) => expect(r).toHaveVerifiedRuns(),
      why: /pipeline:all/,
    });
  }, 180_000);
});
