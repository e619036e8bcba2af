// Configs whose client the server closed for its output buffer limit (scenario `server:`): how
// many times, the evidence, and what the cut batch left behind, reconciled.

import type { ConfigResult } from '../contracts/index.ts';
import { hangWrap, paint } from './terminal-style.ts';

const evidenceWords = (evidence: 'info' | 'log'): string => (evidence === 'info' ? "INFO client_output_buffer_limit_disconnections" : "the server's log");

export const renderServerClosed = (configs: readonly ConfigResult[], color: boolean, width: number): string[] => {
  const lines = configs.flatMap((config) => {
    const closed = config.serverClosed;
    if (closed === undefined) return [];
    const runs = `${closed.runs}/${config.runs.length} run${config.runs.length === 1 ? '' : 's'}`;
    const head =
      `  ${config.id}: closed by the server ×${closed.count} in ${runs} (client-output-buffer-limit; evidence: ${evidenceWords(closed.evidence)}${closed.nodes === undefined ? '' : ` on ${closed.nodes.join(', ')}`}); ` +
      `issued ${closed.issued}, executed ${closed.executed}, acknowledged ${closed.acknowledged}, applied without a reply ${closed.appliedUnacknowledged}, lost ${closed.lost}`;
    return [...hangWrap(head, width), ...(closed.logLine === undefined ? [] : hangWrap(`    log: ${closed.logLine}`, width).map((l) => paint(l, 'dim', color)))];
  });
  return lines.length === 0 ? [] : [paint('Closed by the server', 'warn', color), ...lines];
};
