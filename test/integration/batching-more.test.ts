// Issue 27, what was left open, against a real Redis through a real Toxiproxy (local runtime):
// - the advisor searching a window batcher's size B (window kept) on an open-loop request
//   workload: GETs of 1 KB values at 400/s through `batch: {window: 50ms, size: 2}` with an
//   output-buffer budget of 8 KB (7 replies of 1,033 bytes) and loose latency and memory budgets.
//   A re-run at the advised size (a plain `batch:` scenario, no advisor) meets every budget;
// - a trace whose client sent its commands together, replayed with `pipeline: 0ms` and without:
//   fewer round trips per request, and a lower request p50 than the unpipelined replay in the
//   same run (a ratio, no fixed timing);
// - the vitest matchers on those real results: toPassThresholds passing on thresholds that hold,
//   failing (with the figure) on thresholds that do not.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScenarioFile, parseScenario, runScenario, startRuntime, type LabResult, type StartedRuntime } from '../../lab/index.ts';
import { evaluateThresholds } from '../../lab/metrics/index.ts';
import '../../lab/vitest/index.ts';
import { inlineScenario } from './support.ts';

let runtime: StartedRuntime;
let dir: string;
beforeAll(async () => {
  runtime = await startRuntime('local');
  dir = await mkdtemp(join(tmpdir(), 'rfl-batching-more-'));
});
afterAll(async () => {
  await runtime?.stop();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

const BUDGETS = { p99Us: 1_000_000, memoryBytes: 512_000_000, bufferBytes: 8_000 };
const REPLY_BYTES = 1033;

const windowed = (batch: string, advise: string, expect: string[]): string => `
name: window-advise
workload:
  label: page
  request: [{command: GET, key: "page:{r}", value: 1KB}]
  arrival: {rate: 400/s, for: 1s}
  batch: ${batch}${advise}
modes: [pipeline:all]
network: {rtt: 2ms}
warmup: 0
repeat: 1
expect: [${expect.map((e) => JSON.stringify(e)).join(', ')}]
`;

/** The result with its thresholds judged again under `expect` (the scenario's text with other thresholds). */
const judgedAgain = (result: LabResult, scenarioText: string): LabResult => ({ ...result, thresholds: evaluateThresholds(parseScenario(scenarioText, 'inline.yaml').expect, result.configs) });

describe('batching, what was left open', () => {
  it('advises a window size near the output-buffer budget that a re-run meets, and the matchers read the advice', async () => {
    const advise = `
  advise: {request-p99: 1s, client-memory: 512MB, server-output-buffer: 8KB}`;
    const text = windowed('{window: 50ms, size: 2}', advise, ['advised-batch >= 4', 'advised-window == 50ms']);
    const result = await runScenario(inlineScenario(text), { runtime });
    const config = result.configs[0];
    const advice = config?.advice;
    if (config === undefined || advice === undefined) throw new Error('no advice on the config');
    expect(config.id).toBe('pipeline:all@rtt=2ms,rate=400/s,batch=50ms/advise');
    expect(advice.target).toBe('window-size');
    expect(advice.windowMs).toBe(50);
    // Doubled from 2 until the buffer budget missed (8 x 1,033 B > 8 KB), then refined below it.
    expect(advice.probes.slice(0, 3).map((p) => p.batch)).toEqual([2, 4, 8]);
    expect(advice.probes[2]?.missed).toContain('server-output-buffer');
    const advised = advice.advisedBatch;
    if (advised === null) throw new Error(`nothing advised: ${advice.stopped}`);
    const edge = BUDGETS.bufferBytes / REPLY_BYTES;
    expect(advised).toBeLessThanOrEqual(edge);
    // Sizes tie at the offered rate, and the largest tie is advised: the budget's edge, or one below it.
    expect(advised / edge, advice.stopped).toBeGreaterThanOrEqual(0.75);
    // Each probe's wait to fill is measured, and its batches hold at most its size. (Waits of two
    // probes are two runs: on a loaded machine their lateness differs more than the sizes' waits.)
    for (const p of advice.probes) {
      expect(p.meanWaitUs, `size ${p.batch}`).not.toBeNull();
      expect(p.meanBatchCommands ?? Number.POSITIVE_INFINITY, `size ${p.batch}`).toBeLessThanOrEqual(p.batch);
    }
    // The config row is the advised probe; its batcher is the advised size.
    expect(config.batching?.batcher).toEqual({ windowMs: 50, size: advised });
    expect(result).toPassThresholds();
    const failing = judgedAgain(result, windowed('{window: 50ms, size: 2}', advise, [`advised-batch > ${advised}`, 'advised-window < 50ms']));
    expect(failing).not.toPassThresholds();
    expect(() => expect(failing).toPassThresholds()).toThrow(new RegExp(`advisedBatch = ${advised} \\(needs > ${advised}\\)`));

    // Re-run at the advised size, without the advisor: every budget is met.
    const rerun = await runScenario(inlineScenario(windowed(`{window: 50ms, size: ${advised}}`, '', [])), { runtime });
    const again = rerun.configs[0];
    if (again === undefined || again.serverInfo === null || again.requestLatencyUs == null || again.batching === undefined) throw new Error('the re-run measured nothing');
    expect(again.errors).toBe(0);
    const perCommand = again.serverInfo.netOutputBytes / (again.runs.length * again.commands);
    expect(perCommand / REPLY_BYTES).toBeGreaterThan(0.95);
    expect((perCommand * (again.batching.maxBatchCommands ?? Number.POSITIVE_INFINITY)) / BUDGETS.bufferBytes).toBeLessThanOrEqual(1);
    expect(again.requestLatencyUs.p99 / BUDGETS.p99Us).toBeLessThan(1);
    expect((again.clientHeapGrowthBytes ?? Number.POSITIVE_INFINITY) / BUDGETS.memoryBytes).toBeLessThan(1);
  }, 300_000);

  it('replays a pipelined client as pipelined: fewer round trips per request and a lower request p50 than the same trace unpipelined', async () => {
    // 60 requests 20 ms apart, each 4 GETs a client sent together (one timestamp).
    const lines: string[] = [];
    for (let r = 0; r < 60; r++) {
      for (let k = 0; k < 4; k++) lines.push(JSON.stringify({ t: 0.02 * r, client: 'app', cmd: 'GET', args: [`cart:${r}:${k}`] }));
    }
    await writeFile(join(dir, 'piped.jsonl'), `${lines.join('\n')}\n`);
    const scenarioFile = join(dir, 'piped.yaml');
    const text = (expectLines: string[]): string => `
name: trace-pipelined
workload:
  - label: piped
    trace: {file: piped.jsonl, gap: 2ms, pipeline: 0ms}
  - label: alone
    trace: {file: piped.jsonl, gap: 2ms}
modes: [sync]
network: {rtt: 5ms}
warmup: 0
repeat: 1
expect: [${expectLines.map((e) => JSON.stringify(e)).join(', ')}]
`;
    await writeFile(scenarioFile, text(['piped: trace-round-trips == 1', 'alone: trace-round-trips == 4']));
    const result = await runScenario(await loadScenarioFile(scenarioFile), { runtime });
    const piped = result.configs.find((c) => c.id.startsWith('piped'));
    const alone = result.configs.find((c) => c.id.startsWith('alone'));
    if (piped?.trace === undefined || alone?.trace === undefined) throw new Error('no trace block');
    expect(piped.errors).toBe(0);
    expect(alone.errors).toBe(0);
    expect(piped.trace.pipelineMs).toBe(0);
    expect(piped.trace.roundTripsPerRequest).toBe(1);
    expect(alone.trace.roundTripsPerRequest).toBe(4);
    // Measured: one round trip against four, each paying the 5 ms link; the ratio within one run.
    const p50 = (c: typeof piped): number => c.requestLatencyUs?.p50 ?? Number.NaN;
    expect(p50(piped) / p50(alone)).toBeLessThan(0.6);
    // Every command was sent: 4 per request, the pipelined ones in one wait of 4.
    expect(piped.commands).toBe(alone.commands);
    expect(result).toPassThresholds();
    await writeFile(scenarioFile, text(['piped: trace-round-trips > 1']));
    const failing = { ...result, thresholds: evaluateThresholds((await loadScenarioFile(scenarioFile)).expect, result.configs) };
    expect(() => expect(failing).toPassThresholds()).toThrow(/traceRoundTrips = 1 \(needs > 1\)/);
  }, 300_000);
});
