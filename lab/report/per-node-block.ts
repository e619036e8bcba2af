// Each config's share per node (any config that keeps one: `perNode`, a Redis Cluster's): the
// commands a node answered, its waits in one run, and its per-wait latency from its HDR histogram.

import type { ConfigResult } from '../contracts/index.ts';
import { formatCount, formatLatencyUs } from './figures.ts';
import { gridBlock, left, right, textRow } from './grid.ts';
import { paint } from './terminal-style.ts';

const us = (value: number | null | undefined): string => (value === null || value === undefined ? 'n/a' : formatLatencyUs(value));

export const renderPerNode = (configs: readonly ConfigResult[], color: boolean, width: number): string[] => {
  const shared = configs.filter((c) => (c.perNode ?? []).length > 0);
  if (shared.length === 0) return [];
  const columns = [left('config'), left('node'), right('commands'), right('waits'), right('p50'), right('p99'), right('max', 1)];
  const rows = shared.flatMap((c) =>
    c.perNode!.map((n) => textRow([c.id, n.node, formatCount(n.commands), formatCount(n.waits), us(n.latencyUs?.p50 ?? n.p50Us), us(n.latencyUs?.p99 ?? n.p99Us), us(n.latencyUs?.max)])),
  );
  return gridBlock({ title: paint('Per node (waits in one run; latency per wait over the measured runs)', 'bold', color), columns, rows }, color, width);
};
