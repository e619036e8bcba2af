// `workload:` as one mapping, or a list of mappings (a matrix axis). Configs and thresholds
// name a workload by its label, so labels must be distinct.

import type { Workload } from '../contracts/index.ts';
import { isRecord } from './fields.ts';
import { readWorkload } from './workload.ts';
import { describeValue, formatPath, type FieldPath, type Problem } from './problems.ts';

const SHAPE_HINT = 'workload is a mapping such as {command: INCR, commands: 2048}, or a list of them, each with its own label';

/** Where workload `index` is written: `workload` itself, or `workload[index]` in the list form. */
export const workloadPath = (written: unknown, index: number): FieldPath => (Array.isArray(written) ? ['workload', index] : ['workload']);

/** Reads the section; every workload is read even when an earlier one is invalid. */
export const readWorkloads = (value: unknown, path: FieldPath, problems: Problem[]): Workload[] | undefined => {
  if (isRecord(value)) {
    const workload = readWorkload(value, path, problems);
    return workload === undefined ? undefined : [workload];
  }
  if (!Array.isArray(value) || value.length === 0) {
    const got = Array.isArray(value) ? 'an empty list' : describeValue(value);
    problems.push({ path, message: `expected a workload mapping or a list of them, got ${got}`, hint: SHAPE_HINT });
    return undefined;
  }
  const before = problems.length;
  const workloads: Workload[] = [];
  const firstIndex = new Map<string, number>();
  value.forEach((item, index) => {
    const itemPath = [...path, index];
    const workload = readWorkload(item, itemPath, problems);
    if (workload === undefined) return;
    const first = firstIndex.get(workload.label);
    if (first !== undefined) {
      const named = isRecord(item) && Object.prototype.hasOwnProperty.call(item, 'label');
      problems.push({
        path: named ? [...itemPath, 'label'] : itemPath,
        message: `the label ${workload.label} is also the label of ${formatPath([...path, first])}`,
        hint: named ? 'give each workload a distinct label' : `labels default to the command; add a distinct one, e.g. label: ${workload.label}-${index + 1}`,
      });
      return;
    }
    firstIndex.set(workload.label, index);
    workloads.push(workload);
  });
  return problems.length === before ? workloads : undefined;
};
