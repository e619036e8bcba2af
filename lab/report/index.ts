// Public surface of lab/report: renderers that consume a LabResult (or progress events) and
// never measure. Library folders must not import this; the CLI and vitest helpers do.

export { DEFAULT_TABLE_WIDTH, renderTable } from './table.ts';
export type { TableOptions } from './table.ts';
export { shouldColor } from './color.ts';
export type { ColorEnv, ColorStream } from './color.ts';
export { toJson, writeJsonResult } from './json.ts';
export { RESULT_FILE, writeOutDir } from './out-dir.ts';
export { HGRM_TICKS_PER_HALF_DISTANCE, safeFileStem, toHgrm, uniqueFileStems } from './hgrm.ts';
export { formatProgress, reconcileDoneLine } from './progress.ts';
export { ProgressBar, barLine } from './progress-bar.ts';
export type { ProgressSnapshot } from './progress-bar.ts';
export { createProgressWriter, progressMode } from './progress-writer.ts';
export type { ProgressStream, ProgressWriter, ProgressWriterOptions } from './progress-writer.ts';
export type { ProgressEvent, ProgressListener } from '../contracts/index.ts';
