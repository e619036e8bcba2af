// The batch-size advisor's evidence on a cluster: when its INFO was read from several primaries
// (serverInfo.busiestNodeNetOutputBytes), the terminal block and the HTML section say whose
// bytes replies/batch and sampled omem are; on one node they do not.

import { describe, expect, it } from 'vitest';
import type { BatchAdvice, ConfigResult, LabResult } from '../../../lab/contracts/index.ts';
import { renderAdvice } from '../../../lab/report/advise-block.ts';
import { renderHtmlReport } from '../../../lab/report/index.ts';
import { labResult } from './lab-result.fixture.ts';

const ADVICE: BatchAdvice = {
  target: 'window-size',
  windowMs: 50,
  budgets: { serverOutputBufferBytes: 8000 },
  probes: [{ batch: 7, opsPerSec: 400, requestP99Us: 30_000, clientMemoryBytes: 1, serverOutputBufferBytes: 7109, sampledOutputBufferBytes: 20_504, missed: [], met: true, verifiedRuns: 1, runs: 1 }],
  advisedBatch: 7,
  advisedOpsPerSec: 400,
  firstMissedBatch: 8,
  stopped: 'refined: 7, missed at 8 (within 10 %)',
};

const advised = (busiest: number | undefined): LabResult => {
  const [first] = labResult.configs as [ConfigResult, ...ConfigResult[]];
  const info = first.serverInfo ?? { netInputBytes: 0, netOutputBytes: 812_502, clientRecentMaxInputBufferBytes: 0, clientRecentMaxOutputBufferBytes: 0, usedMemoryPeakBytes: 0, evictedKeys: 0, rejectedConnections: 0, queryBufferLimitDisconnections: null, outputBufferLimitDisconnections: null, errorStats: {} };
  const serverInfo = busiest === undefined ? info : { ...info, busiestNodeNetOutputBytes: busiest };
  return { ...labResult, configs: [{ ...first, advice: ADVICE, serverInfo }] };
};

describe('advisor evidence on a cluster', () => {
  it('names the busiest primary in the terminal legend and the HTML caption when INFO came from several primaries', () => {
    const cluster = advised(812_494);
    expect(renderAdvice(cluster.configs, false, 160).join(' ').replace(/\s+/g, ' ')).toContain('on a cluster (INFO read from every primary): replies/batch is the busiest primary’s output bytes per command');
    expect(renderHtmlReport([cluster])).toContain('(fewest batches); on a cluster (INFO read from every primary)');
  });

  it('says nothing of primaries on one node', () => {
    const one = advised(undefined);
    expect(renderAdvice(one.configs, false, 160).join(' ')).not.toContain('busiest primary');
    expect(renderHtmlReport([one])).not.toContain('busiest primary');
  });
});
