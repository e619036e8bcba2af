// Each config's share per node (any config that keeps one: `perNode`, a Redis Cluster's): the
// commands a node answered, its waits in one run, and its per-wait latency from its HDR histogram.

import type { ConfigResult } from '../contracts/index.ts';
import { formatCount, formatLatencyUs } from './figures.ts';
import { droppedNote, fitGrid, type Column, type GridRow } from './grid.ts';
import { paint } from './terminal-style.ts';

const cells = (texts: string[]): GridRow => ({ kind: 'cells', cells: texts.map((text) => ({ text })) });
const us = (value: number | null | undefined): string => (value === null || value === undefined ? 'n/a' : formatLatencyUs(value));

export const renderPerNode = (configs: readonly ConfigResult[], color: boolean, width: number): string[] => {
  const shared = configs.filter((c) => (c.perNode ?? []).length > 0);
  if (shared.length === 0) return [];
  const columns: Column[] = [
    { header: 'config', align: 'left' },
    { header: 'node', align: 'left' },
    { header: 'commands', align: 'right' },
    { header: 'waits', align: 'right' },
    { header: 'p50', align: 'right' },
    { header: 'p99', align: 'right' },
    { header: 'max', align: 'right', dropPriority: 1 },
  ];
  const rows = shared.flatMap((c) =>
    c.perNode!.map((n) => cells([c.id, n.node, formatCount(n.commands), formatCount(n.waits), us(n.latencyUs?.p50 ?? n.p50Us), us(n.latencyUs?.p99 ?? n.p99Us), us(n.latencyUs?.max)])),
  );
  const grid = fitGrid(columns, rows, color, width);
  return [paint('Per node (waits in one run; latency per wait over the measured runs)', 'bold', color), ...grid.lines, ...droppedNote(grid.dropped, width, color)];
};
