// Rules across sections of a performance scenario: a batch or a connection count that the
// commands per run cannot fill would measure something other than its name says.

import { modeLabel, type Mode, type Workload } from '../contracts/index.ts';
import type { Problem } from './problems.ts';

export interface AxisRuleInput {
  /** The top-level mapping as written (to point at list items). */
  record: Record<string, unknown>;
  workloads: Workload[] | undefined;
  modes: Mode[] | undefined;
  connections: number[] | undefined;
}

// Where item `index` of a top-level axis is written: the item in the list form, else the key.
const axisPath = (written: unknown, key: string, index: number) => (Array.isArray(written) ? [key, index] : [key]);

/** Every batch must fit the largest commands value; so must every connection count. */
export const checkAxisRules = (input: AxisRuleInput, problems: Problem[]): void => {
  const { record, workloads, modes, connections } = input;
  if (workloads === undefined) return;
  const counts = workloads.flatMap((w) => w.commands);
  const largest = Math.max(...counts);
  const which = counts.length > 1 ? `the largest commands value is ${largest}` : `the run has ${largest} commands`;
  modes?.forEach((mode, index) => {
    if ((mode.kind !== 'pipeline' && mode.kind !== 'multi') || mode.batch === 'all' || mode.batch <= largest) return;
    problems.push({
      path: axisPath(record.modes, 'modes', index),
      message: `${modeLabel(mode)} would be one batch of ${largest}: ${which}`,
      hint: `write ${mode.kind}:all for one batch of the whole run, or a batch of at most ${largest}`,
    });
  });
  connections?.forEach((count, index) => {
    if (count <= largest) return;
    problems.push({
      path: axisPath(record.connections, 'connections', index),
      message: `${count} connections would leave ${count - largest} with no command: ${which}`,
      hint: `use at most ${largest} connections, or more commands`,
    });
  });
};
