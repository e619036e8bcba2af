// Public surface of lab/report: renderers that consume a LabResult (or progress events) and
// never measure. Library folders must not import this; the CLI and vitest helpers do.

export { renderTable } from './table.ts';
export { shouldColor } from './terminal-style.ts';
export { safeFileStem, toJson, uniqueFileStems, writeJsonResult, writeOutDir } from './result-files.ts';
export { formatProgress } from './progress/progress-lines.ts';
export { ProgressBar } from './progress/progress-bar.ts';
export { createProgressWriter, progressMode, type ProgressStream } from './progress/progress-writer.ts';
export type { ProgressEvent } from '../contracts/index.ts';
export { renderHtmlReport } from './html/report.ts';
export { readResultFile } from './result-input.ts';
export { resultSchemaText } from './result-schema/result-schema.ts';
export { compareResults, parseAxisMatch } from './compare/compare.ts';
export { renderComparisonMarkdown } from './compare/compare-markdown.ts';
export { renderComparison } from './compare/compare-text.ts';
export { printableLines } from './printable.ts';
