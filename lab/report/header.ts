// The lines above the tables: what ran, where, with which versions and seed, and when.

import type { LabResult } from '../contracts/index.ts';
import { paint } from './ansi.ts';
import { formatDuration } from './format.ts';
import { wrapNote } from './wrap.ts';

// Which images ran and whether they were the pinned upstream ones or the offline builds.
const imagesText = (result: LabResult): string =>
  result.images === undefined
    ? 'none (local processes)'
    : `${result.images.redis}, ${result.images.toxiproxy} (${result.images.source})`;

// "Scenario: name - description" on one line when it fits, else the description wrapped below.
const scenarioLines = (result: LabResult, color: boolean, width: number): string[] => {
  const { name, description } = result.scenario;
  const head = `${paint('Scenario:', 'bold', color)} ${name}`;
  if (description === '') return [head];
  const oneLine = `Scenario: ${name} - ${description}`;
  if (oneLine.length <= width) return [`${head} ${paint('-', 'dim', color)} ${description}`];
  return [head, ...wrapNote([description], width - 2).map((line) => `  ${line}`)];
};

export const renderHeader = (result: LabResult, color: boolean, width: number): string[] => {
  const { scenario, versions } = result;
  const label = (text: string): string => paint(text, 'dim', color);
  return [
    ...scenarioLines(result, color, width),
    ...(scenario.file === undefined ? [] : [`${label('file:')} ${scenario.file}`]),
    `${label('runtime:')} ${result.runtime}`,
    `${label('images:')} ${imagesText(result)}`,
    `${label('versions:')} redis ${versions.redis}, toxiproxy ${versions.toxiproxy}, node ${versions.node}, ioredis ${versions.ioredis}`,
    `${label('started:')} ${result.startedAt}  ${label('took:')} ${formatDuration(result.durationMs)}  ${label('seed:')} ${result.seed}`,
  ];
};
