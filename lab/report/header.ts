// The lines above the tables: what ran, where, with which versions, and when.

import type { LabResult } from '../run/result.ts';
import { paint } from './ansi.ts';
import { formatDuration } from './format.ts';

// Which images ran and whether they were the pinned upstream ones or the offline builds.
const imagesText = (result: LabResult): string =>
  result.images === undefined
    ? 'images: none (local processes)'
    : `images: ${result.images.redis}, ${result.images.toxiproxy} (${result.images.source})`;

export const renderHeader = (result: LabResult, color: boolean): string[] => {
  const { scenario, versions } = result;
  const label = (text: string): string => paint(text, 'dim', color);
  return [
    `${paint('Scenario:', 'bold', color)} ${scenario.name}${scenario.description ? ` ${label('-')} ${scenario.description}` : ''}`,
    ...(scenario.file === undefined ? [] : [`${label('file:')} ${scenario.file}`]),
    `${label('runtime:')} ${result.runtime}  ${label(imagesText(result))}`,
    `${label('versions:')} redis ${versions.redis}, toxiproxy ${versions.toxiproxy}, node ${versions.node}, ioredis ${versions.ioredis}`,
    `${label('started:')} ${result.startedAt}  ${label('took:')} ${formatDuration(result.durationMs)}`,
  ];
};
