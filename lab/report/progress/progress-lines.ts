// One line per progress event (the non-TTY progress, and the lines the TTY bar prints above
// itself). Pure formatting: the CLI decides where lines go. (The event types themselves are
// contracts/progress.ts.)

import { configMetricByKey, runCounts, type Calibration, type ConfigResult, type ProgressEvent, type ReconcileEntry, type RunRecord, type SloProbe } from '../../contracts/index.ts';
import { fixed, formatDuration, formatLatencyUs, formatMs, orNa } from '../figures.ts';
import { consistencyText } from '../reconcile-block.ts';

// "[3/20] pipeline:64@rtt=10ms": which config, and how far through the run we are.
const position = (index: number, total: number, configId: string): string => `[${index + 1}/${total}] ${configId}`;

const calibratedLine = (c: Calibration): string =>
  `calibrated rtt=${c.requestedRttMs}ms${c.jitterMs === 0 ? '' : ` jitter=${c.jitterMs}ms`}: ` +
  `PING ${fixed(c.measuredMs, 2)} ms (baseline ${fixed(c.baselineMs, 2)}, added ${fixed(c.addedMs, 2)}, ` +
  `p10-p90 ${fixed(c.p10Ms, 2)}-${fixed(c.p90Ms, 2)})`;

const runOutcome = (run: RunRecord): string =>
  run.verified ? 'verified' : run.engine !== undefined ? 'completed (not verified: C engine)' : `FAILED${run.failure === undefined ? '' : `: ${run.failure}`}`;

const configDoneLine = (config: ConfigResult): string => {
  const counted = config.runs.filter(runCounts).length;
  const what = config.engine === undefined ? 'verified' : 'completed, not verified: C engine';
  return `${config.id}  done  median ${orNa(config.medianMs, formatMs)} ms  ${counted}/${config.runs.length} ${what}`;
};

/** "cut-mid-batch / pipeline:64 / none  done  UNSAFE  applied 64/64, lost 0, dup 23, indet 0 ops  3/3 identical". */
const reconcileDoneLine = (entry: ReconcileEntry): string => {
  const { counts } = entry;
  return (
    `${entry.id}  done  ${entry.verdict}  applied ${counts.applied}/${counts.issued}, lost ${counts.lost}, ` +
    `dup ${counts.duplicated}, indet ${counts.indeterminate} ops  ${consistencyText(entry)}`
  );
};

// "[2/2] sync@...,rate=search  probe 3/16  80.00/s  request p(99) 41.2 ms  met (achieved 79.9/s)".
const sloProbeLine = (event: Extract<ProgressEvent, { type: 'slo-probe-done' }>): string => {
  const p: SloProbe = event.probe;
  const metric = configMetricByKey(event.metric);
  const actual = p.actual === null ? 'n/a' : metric?.unit === 'us' ? formatLatencyUs(p.actual) : fixed(p.actual, 2);
  const rate = (perSec: number): string => `${fixed(perSec, perSec < 100 ? 2 : 1)}/s`;
  const verdict = p.met ? (p.firstTry === undefined ? 'met' : 'met on the second try') : p.saturated ? 'missed (SATURATED), twice' : 'missed, twice';
  return (
    `${position(event.index, event.total, event.configId)}  probe ${event.probeIndex + 1}/${event.maxProbes}  ${rate(p.offeredPerSec)}  ` +
    `${metric?.name ?? event.metric} ${actual}  ${verdict}${p.achievedPerSec === null ? '' : ` (achieved ${rate(p.achievedPerSec)})`}  [${event.objective}]`
  );
};

/** The line to print for an event, or null when an event has nothing worth a line. */
export const formatProgress = (event: ProgressEvent): string | null => {
  switch (event.type) {
    case 'runtime-starting':
      return `starting ${event.runtime} runtime`;
    case 'runtime-started':
      return event.images === undefined
        ? `${event.runtime} runtime ready`
        : `${event.runtime} runtime ready (${event.images.redis}, ${event.images.toxiproxy}; ${event.images.source} images)`;
    case 'calibrated':
      return calibratedLine(event.calibration);
    case 'config-start':
      return `${position(event.index, event.total, event.configId)}  starting`;
    case 'run-done':
      return (
        `${position(event.index, event.total, event.configId)}  ` +
        `${event.warmup ? 'warmup' : 'run'} ${event.runIndex + 1}/${event.runCount}  ` +
        `${formatMs(event.run.totalMs)} ms  ${runOutcome(event.run)}` +
        (event.run.clientGcMs !== null && event.run.clientGcMs >= 1 ? `  (client GC ${fixed(event.run.clientGcMs, 1)} ms)` : '')
      );
    case 'slo-probe-done':
      return sloProbeLine(event);
    case 'config-done':
      return configDoneLine(event.config);
    case 'fault-run-done':
      return (
        `[fault ${event.index + 1}/${event.total}] ${event.entryId}  ` +
        `run ${event.runIndex + 1}/${event.runCount}  ${formatDuration(event.durationMs)}  ${event.verdict}`
      );
    case 'reconcile-done':
      return reconcileDoneLine(event.entry);
    case 'stopping':
      return 'stopping runtime';
    case 'stopped':
      return 'runtime stopped';
  }
};
