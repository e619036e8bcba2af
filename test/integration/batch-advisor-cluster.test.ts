// The batch-size advisor off one node (issue 27, item 4), against real Redis nodes and a real
// Toxiproxy (local runtime), started by the code under test:
// - a window size on a Redis Cluster of 3 primaries: GETs of 1 KB values at 400/s, every key under
//   the hash tag {page} (so every window batch goes to one primary), through
//   `batch: {window: 50ms, size: 2}` with an output-buffer budget of 8 KB (7 replies of 1,033
//   bytes), 3 runs a probe (so compare can judge 3 runs against 3). The budget reads the busiest
//   primary's bytes, the advice is near its edge, the evidence table and notMeasured say which
//   node, and the result goes through every surface;
// - a pipeline depth on a primary with a replica watched by a sentinel (probed on the primary):
//   GETs of 1 KB values with an output-buffer budget of 16 KB (15 replies).

import { describe, expect, it } from 'vitest';
import '../../lab/vitest/index.ts';
import { parseScenario, runScenario, type LabResult } from '../../lab/index.ts';
import { evaluateThresholds } from '../../lab/metrics/index.ts';
import { renderHtmlReport, renderTable } from '../../lab/report/index.ts';
import { keySlot } from '../../lab/client/index.ts';
import { expectEverySurface } from './every-surface.ts';
import { childServers, inlineScenario, useTempDir } from './support.ts';

// `$1024\r\n` + 1024 bytes + `\r\n`: one GET reply of a 1 KB value.
const REPLY_BYTES = 1033;

const clusterText = (expect: string[]): string => `
name: cluster-window-advise
# every-surface.ts checks this text reaches the HTML report escaped.
description: 'a window size advised on a cluster, every key under one hash tag </table><script>alert("surfaces")</script>'
topology: { cluster: { primaries: 3, replicas: 0 } }
workload:
  label: page
  request: [{command: GET, key: "{page}:p:{r}", value: 1KB}]
  arrival: {rate: 400/s, for: 1s}
  batch: {window: 50ms, size: 2}
  advise: {request-p99: 1s, client-memory: 512MB, server-output-buffer: 8KB}
modes: [pipeline:all]
network: {rtt: 2ms}
warmup: 0
repeat: 3
calibration: { pings: 10 }
expect: [${expect.map((e) => JSON.stringify(e)).join(', ')}]
`;

const SENTINEL = `
name: sentinel-depth-advise
topology: {primary: 1, replicas: 1, sentinels: 1}
workload:
  label: GET-1k
  command: GET
  key: "page:{i}"
  keys: sequential
  value: 1KB
  commands: 1200
  advise: {request-p99: 500ms, server-output-buffer: 16KB}
modes: [pipeline:4]
network: {rtt: 2ms}
warmup: 0
repeat: 1
calibration: { pings: 10 }
expect: ["advised-batch >= 8"]
`;

// A run on the local runtime that leaves no server behind.
const run = async (text: string): Promise<LabResult> => {
  const before = childServers();
  const result = await runScenario(inlineScenario(text), { runtime: 'local' });
  expect(childServers()).toEqual(before);
  return result;
};

describe('batch-size advisor on a cluster and on a primary with a sentinel', () => {
  const dir = useTempDir('rfl-advise-cluster-');

  it('advises a window size on a cluster from the busiest primary’s bytes, shows it, and passes every surface', async () => {
    // The tag's slot is one primary's (3 primaries: 0..5460, 5461..10922, 10923..16383).
    expect(keySlot('{page}:p:1')).toBe(keySlot('page'));
    const text = clusterText(['advised-batch >= 4', 'advised-window == 50ms']);
    const result = await run(text);
    const config = result.configs[0];
    const advice = config?.advice;
    if (config === undefined || advice === undefined) throw new Error('no advice on the config');
    expect(result.topology?.links.map((l) => l.to)).toEqual(['primary-1', 'primary-2', 'primary-3']);
    expect(advice.target).toBe('window-size');
    expect(advice.windowMs).toBe(50);
    const advised = advice.advisedBatch;
    if (advised === null) throw new Error(`nothing advised: ${advice.stopped}`);
    const edge = Math.floor(8_000 / REPLY_BYTES);
    expect(advised).toBeLessThanOrEqual(edge);
    // Sizes tie at the offered rate; a probe slower beyond the tie (a busy machine) ends the refining early.
    expect(advised / edge, advice.stopped).toBeGreaterThanOrEqual(0.5);
    // A size above the edge was probed and missed the output-buffer budget.
    expect(advice.firstMissedBatch).not.toBeNull();
    expect(advice.probes.find((p) => p.batch === advice.firstMissedBatch)?.missed).toContain('server-output-buffer');

    // Read from every primary: the busiest one wrote the replies, the others next to nothing.
    const info = config.serverInfo;
    if (info === null || info.busiestNodeNetOutputBytes === undefined) throw new Error('no busiest-primary bytes on a cluster');
    expect(info.busiestNodeNetOutputBytes).toBeLessThanOrEqual(info.netOutputBytes);
    const perCommand = info.busiestNodeNetOutputBytes / (config.runs.length * config.commands);
    expect(perCommand / REPLY_BYTES).toBeGreaterThan(0.95);
    expect(perCommand / REPLY_BYTES).toBeLessThan(1.05);
    // The advised probe's estimate: the largest batch its window sent, times a reply.
    const probe = advice.probes.find((p) => p.batch === advised);
    const largest = config.batching?.maxBatchCommands ?? Number.NaN;
    expect(largest).toBeLessThanOrEqual(advised);
    expect((probe?.serverOutputBufferBytes ?? 0) / (REPLY_BYTES * largest)).toBeGreaterThan(0.95);
    expect((probe?.serverOutputBufferBytes ?? 0) / (REPLY_BYTES * largest)).toBeLessThan(1.05);
    expect(probe?.sampledOutputBufferBytes).not.toBeNull();
    expect(config.batching?.batcher).toEqual({ windowMs: 50, size: advised });

    // The evidence table and notMeasured name the node the budget read.
    expect(result.notMeasured.some((line) => line.includes('busiest primary’s output bytes per command'))).toBe(true);
    const table = renderTable(result, { color: false, width: 160 });
    expect(table).toMatch(new RegExp(`: advised window size \\(window 50(?:\\.0+)? ms\\) ${advised} at`));
    expect(table.replace(/\s+/g, ' ')).toContain('on a cluster (INFO read from every primary): replies/batch is the busiest primary’s output bytes');
    expect(renderHtmlReport([result])).toContain('(fewest batches); on a cluster (INFO read from every primary): replies/batch is the busiest primary’s output bytes');

    // The threshold asserts the choice; one above it fails, naming the figure.
    expect(result).toPassThresholds();
    const failingText = clusterText([`advised-batch > ${advised}`]);
    const failing = (r: LabResult): void => expect({ ...r, thresholds: evaluateThresholds(parseScenario(failingText, 'inline.yaml').expect, r.configs) }).toPassThresholds();
    await expectEverySurface(result, (name) => dir.file(`cluster-${name}`), { matcher: failing, why: new RegExp(`advisedBatch = ${advised} \\(needs > ${advised}\\)`) });
  }, 240_000);

  it('advises a pipeline depth on a primary with a replica watched by a sentinel, probed on the primary', async () => {
    const result = await run(SENTINEL);
    const config = result.configs[0];
    const advice = config?.advice;
    if (config === undefined || advice === undefined) throw new Error('no advice on the config');
    expect(advice.target).toBe('pipeline-depth');
    const advised = advice.advisedBatch;
    if (advised === null) throw new Error(`nothing advised: ${advice.stopped}`);
    const edge = Math.floor(16_000 / REPLY_BYTES);
    expect(advised).toBeLessThanOrEqual(edge);
    expect(advised / edge, advice.stopped).toBeGreaterThanOrEqual(0.5);
    // One node's INFO (the primary's): no busiest-node figure, the estimate from its own bytes.
    expect(config.serverInfo?.busiestNodeNetOutputBytes).toBeUndefined();
    const probe = advice.probes.find((p) => p.batch === advised);
    expect((probe?.serverOutputBufferBytes ?? 0) / (REPLY_BYTES * advised)).toBeGreaterThan(0.95);
    expect((probe?.serverOutputBufferBytes ?? 0) / (REPLY_BYTES * advised)).toBeLessThan(1.05);
    expect(result).toPassThresholds();
    expect(result).toHaveVerifiedRuns();
  }, 180_000);
});
