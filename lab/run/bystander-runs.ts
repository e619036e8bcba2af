// The bystander during a scenario's measured runs (issue 27): started once for the scenario
// (its connection through the proxy, its child process), run around each measured run's timed
// span and then alone for as long as that span took, right after it, so baseline and
// during see the same link, the same machine and the same drift. What it saw is kept per
// config (BystanderRecords) and summarised into the config's result (bystanderResult).

import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { Redis } from 'ioredis';
import { closeClient, connectClient } from '../client/index.ts';
import type { BystanderNodeChoice, BystanderOptions, BystanderResult, BystanderSideResult, Endpoint } from '../contracts/index.ts';
import { createLatencyHistogram, destroyHistograms, recordUs, summarizeLatency } from '../metrics/index.ts';
import { BystanderChild, startGetLoop, type BystanderSpan, type RunningLoop, type SpanHooks } from '../workload/index.ts';
import { checkAborted } from './session.ts';

/** What one bystander saw over a config's measured runs. */
interface SideRecords {
  baselineUs: number[];
  duringUs: number[];
  sent: number;
  errors: number;
}

/** What the bystanders saw over one config's measured runs. */
export interface BystanderRecords {
  options: BystanderOptions;
  /** On a cluster: the node the GETs went to, and why. */
  node?: BystanderPlace['node'];
  same?: SideRecords;
  other?: SideRecords;
  /** The longest event-loop stall in any of the config's timed spans, ms. */
  eventLoopMaxBlockMs: number | null;
}

const newSide = (): SideRecords => ({ baselineUs: [], duringUs: [], sent: 0, errors: 0 });

export const newBystanderRecords = (options: BystanderOptions, node?: BystanderPlace['node']): BystanderRecords => ({
  options,
  ...(node === undefined ? {} : { node }),
  ...(options.process === 'other' ? {} : { same: newSide() }),
  ...(options.process === 'same' ? {} : { other: newSide() }),
  eventLoopMaxBlockMs: null,
});

const keep = (side: SideRecords | undefined, span: BystanderSpan | undefined, phase: 'baselineUs' | 'duringUs'): void => {
  if (side === undefined || span === undefined) return;
  side[phase].push(...span.latenciesUs);
  side.sent += span.sent;
  side.errors += span.errors;
};

/** The bystander key: a GET of a key nobody writes, under the lab's prefix on a shared target. */
export const bystanderKey = (prefix: string): string => `${prefix}bystander:get`;

/** Where the bystander's GETs go: one Redis (a plain connection, no redirects) and a key it
 * serves; on a cluster the node and why that one (cluster/cluster-bystander.ts), and what that means. */
export interface BystanderPlace {
  endpoint: Endpoint;
  key: string;
  node?: { name: string; chosen: BystanderNodeChoice };
  note?: string;
}

export class Bystanders {
  /** The bystanders' current run, until it is stopped (close() stops one an abort left running). */
  private active: (() => Promise<unknown>) | undefined;

  private constructor(
    private readonly options: BystanderOptions,
    private readonly place: BystanderPlace,
    private readonly client: Redis | undefined,
    private readonly child: BystanderChild | undefined,
    private readonly signal?: AbortSignal,
  ) {}

  /** Connects the in-process bystander and starts the child, as `options.process` asks. */
  static async start(options: BystanderOptions, place: BystanderPlace, signal?: AbortSignal): Promise<Bystanders> {
    const child = options.process === 'same' ? undefined : await BystanderChild.start(place.endpoint, place.key, options.ratePerSec, signal);
    try {
      const client = options.process === 'other' ? undefined : await connectClient(place.endpoint, 'the bystander, through the proxy');
      if (client !== undefined) signal?.addEventListener('abort', () => client.disconnect(), { once: true });
      return new Bystanders(options, place, client, child, signal);
    } catch (error) {
      await child?.close();
      throw error;
    }
  }

  /** Fresh records for one config's measured runs. */
  newRecords(): BystanderRecords {
    return newBystanderRecords(this.options, this.place.node);
  }

  /** The child's process id, while there is one. */
  get childPid(): number | undefined {
    return this.child?.pid;
  }

  // Both bystanders running; stop() ends them and returns what each saw.
  private async run(): Promise<{ stop: () => Promise<{ same?: BystanderSpan; other?: BystanderSpan }> }> {
    await this.child?.begin();
    const loop: RunningLoop | undefined = this.client === undefined ? undefined : startGetLoop(this.client, this.options.ratePerSec, this.place.key);
    const stop = async () => {
      this.active = undefined;
      const [same, other] = await Promise.all([loop?.stop(), this.child?.end()]);
      return { ...(same === undefined ? {} : { same }), ...(other === undefined ? {} : { other }) };
    };
    this.active = stop;
    return { stop };
  }

  /** Hooks around one measured run's timed span: what the bystanders saw then goes to `records`. */
  spanHooks(records: BystanderRecords): SpanHooks {
    let running: Awaited<ReturnType<Bystanders['run']>> | undefined;
    let loop: IntervalHistogram | undefined;
    return {
      begin: async () => {
        running = await this.run();
        loop = monitorEventLoopDelay({ resolution: 1 });
        loop.enable();
      },
      end: async () => {
        loop?.disable();
        const stalledMs = loop === undefined ? null : loop.max / 1e6;
        if (stalledMs !== null) records.eventLoopMaxBlockMs = Math.max(records.eventLoopMaxBlockMs ?? 0, stalledMs);
        const spans = await running?.stop();
        keep(records.same, spans?.same, 'duringUs');
        keep(records.other, spans?.other, 'duringUs');
      },
    };
  }

  /** The bystanders alone for `durationMs` (the span just measured): the baseline. */
  async baseline(records: BystanderRecords, durationMs: number): Promise<void> {
    const running = await this.run();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.max(1, Math.round(durationMs)));
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.signal?.addEventListener('abort', done, { once: true });
    });
    const spans = await running.stop();
    checkAborted(this.signal);
    keep(records.same, spans.same, 'baselineUs');
    keep(records.other, spans.other, 'baselineUs');
  }

  /** Closes the connection and ends the child (it never outlives the scenario). */
  async close(): Promise<void> {
    await this.active?.().catch(() => undefined);
    await Promise.all([this.client === undefined ? undefined : closeClient(this.client), this.child?.close()]);
  }
}

// --- the result ---------------------------------------------------------------------------

const summarize = (valuesUs: readonly number[]) => {
  if (valuesUs.length === 0) return null;
  const h = createLatencyHistogram();
  for (const value of valuesUs) recordUs(h, value);
  const summary = summarizeLatency(h);
  destroyHistograms([h]);
  return summary;
};

const ratio = (during: number | undefined, baseline: number | undefined): number | null =>
  during === undefined || baseline === undefined || baseline <= 0 ? null : during / baseline;

const sideResult = (process: 'same' | 'other', side: SideRecords): BystanderSideResult => {
  const baselineLatencyUs = summarize(side.baselineUs);
  const duringLatencyUs = summarize(side.duringUs);
  return {
    process,
    baselineLatencyUs,
    duringLatencyUs,
    p50Ratio: ratio(duringLatencyUs?.p50, baselineLatencyUs?.p50),
    p99Ratio: ratio(duringLatencyUs?.p99, baselineLatencyUs?.p99),
    sent: side.sent,
    errors: side.errors,
  };
};

/** A config's bystander figures, from what its measured runs recorded. */
export const bystanderResult = (records: BystanderRecords): BystanderResult => ({
  command: records.options.command,
  ratePerSec: records.options.ratePerSec,
  process: records.options.process,
  ...(records.node === undefined ? {} : { node: records.node }),
  ...(records.same === undefined ? {} : { same: sideResult('same', records.same) }),
  ...(records.other === undefined ? {} : { other: sideResult('other', records.other) }),
  eventLoopMaxBlockMs: records.eventLoopMaxBlockMs,
});
