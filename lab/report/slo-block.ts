// The SLO block (issue 26): per rate-search config, the rate found for its objective, why the
// search stopped, and every probe with its figures (the evidence rows), in a few lines.

import { configMetricByKey, type ConfigResult, type SloProbe, type SloSearch } from '../contracts/index.ts';
import { configLabeller } from './configs-block.ts';
import { fixed, formatLatencyUs } from './figures.ts';
import { paint, wrapNote } from './terminal-style.ts';

const rate = (perSec: number): string => `${fixed(perSec, perSec < 100 ? 2 : 1)}/s`;

// The objective's figure at one probe, in its metric's unit.
const figure = (search: SloSearch, actual: number | null): string => {
  if (actual === null) return 'n/a';
  return configMetricByKey(search.metric)?.unit === 'us' ? formatLatencyUs(actual) : fixed(actual, 2);
};

const probeText = (search: SloSearch, p: SloProbe): string =>
  `${rate(p.offeredPerSec)} ${figure(search, p.actual)}${p.achievedPerSec === null ? '' : ` (achieved ${rate(p.achievedPerSec)})`} ${p.saturated ? 'SATURATED' : p.met ? 'met' : 'missed'}`;

const searchLines = (label: string, search: SloSearch): string[] => [
  `${label}: max-rate ${search.foundPerSec === null ? 'none' : rate(search.foundPerSec)} for ${search.objective}; ${search.stopped}`,
  `  probes in order: ${search.probes.map((p) => probeText(search, p)).join(' · ')}`,
];

/** The block, or nothing when no config searched its rate. */
export const renderSlo = (configs: readonly ConfigResult[], color: boolean, width: number): string[] => {
  const searched = configs.filter((c): c is ConfigResult & { slo: SloSearch } => c.slo !== undefined);
  if (searched.length === 0) return [];
  const title = `${paint('SLO search', 'bold', color)} ${paint('(the highest offered rate meeting each objective; the config rows show the probe at that rate)', 'dim', color)}`;
  const { label } = configLabeller(searched);
  const lines = searched.flatMap((c) => searchLines(label(c), c.slo)).flatMap((line) => wrapNote([line], width - 2));
  return [title, ...lines.map((line) => `  ${line}`)];
};
