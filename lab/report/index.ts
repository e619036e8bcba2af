// Public surface of lab/report: renderers that consume a LabResult (or progress events) and
// never measure. Library folders must not import this; the CLI and vitest helpers do.

export { renderTable } from './table.ts';
export type { TableOptions } from './table.ts';
export { toJson, writeJsonResult } from './json.ts';
export { formatProgress } from './progress.ts';
export type { ProgressEvent, ProgressListener } from '../run/progress.ts';
