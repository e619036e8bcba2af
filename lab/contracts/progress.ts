// Progress events a run emits while it works. Library code emits them; lab/report formats them
// and the CLI writes them to stderr. The type lives here so that lab/run never imports report.

import type { Calibration, ConfigResult, ImageInfo, ReconcileEntry, RunRecord, RuntimeKind } from './result.ts';
import type { SloProbe } from './slo.ts';

export type ProgressEvent =
  | { type: 'runtime-starting'; runtime: RuntimeKind | 'auto' }
  | { type: 'runtime-started'; runtime: RuntimeKind; images?: ImageInfo }
  | { type: 'calibrated'; calibration: Calibration }
  | {
      type: 'config-start';
      configId: string;
      /** 0-based position of this config in the run order. */
      index: number;
      /** Configs in the whole run. */
      total: number;
    }
  | {
      type: 'run-done';
      configId: string;
      /** Same as the config's `config-start`. */
      index: number;
      total: number;
      /** Warmup runs are untimed for the result; they are reported so a slow one is visible. */
      warmup: boolean;
      /** 0-based position among this config's warmup runs, or among its measured runs. */
      runIndex: number;
      /** How many warmup runs (when warmup) or measured runs this config gets. */
      runCount: number;
      run: RunRecord;
    }
  | {
      /** A rate search (`slo:`) judged one probe: one event per probe, after its runs (and the
       * second try of a miss), so a long search shows how far it got and where its bracket is. */
      type: 'slo-probe-done';
      configId: string;
      /** Same as the config's `config-start`. */
      index: number;
      total: number;
      /** The objective as written (`request p(99) < 50ms`) and its metric's registry key. */
      objective: string;
      metric: string;
      /** 0-based position of this probe in the search, and the most probes the search may make. */
      probeIndex: number;
      maxProbes: number;
      probe: SloProbe;
    }
  | { type: 'config-done'; config: ConfigResult }
  | {
      type: 'fault-run-done';
      /** `<fault> / <mode> / <policy>`, the ReconcileEntry id. */
      entryId: string;
      /** 0-based position of the entry, and entries in the whole run. */
      index: number;
      total: number;
      runIndex: number;
      runCount: number;
      /** Wall time of the fault run, ms, and its verdict. */
      durationMs: number;
      verdict: ReconcileEntry['verdict'];
    }
  | { type: 'reconcile-done'; entry: ReconcileEntry }
  | { type: 'stopping' }
  | { type: 'stopped' };

export type ProgressListener = (event: ProgressEvent) => void;
