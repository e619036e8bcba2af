// Errors by kind as one short text: "2 (ABORTED×2)", the kinds most frequent first.

/** Kinds with their counts, most frequent first, then by name. */
export const sortedKinds = (byKind: Readonly<Record<string, number>>): [kind: string, count: number][] =>
  Object.entries(byKind)
    .filter(([, count]) => count > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));

/** "ABORTED×2, ERR×1", or the first `maxKinds` of them then "+N kinds". */
export const kindsText = (byKind: Readonly<Record<string, number>>, maxKinds = Infinity): string => {
  const kinds = sortedKinds(byKind);
  const shown = kinds.slice(0, maxKinds).map(([kind, count]) => `${kind}×${count}`);
  const hidden = kinds.length - shown.length;
  return [...shown, ...(hidden > 0 ? [`+${hidden} kind${hidden === 1 ? '' : 's'}`] : [])].join(', ');
};

/** Errors over all kinds. */
export const totalErrors = (byKind: Readonly<Record<string, number>>): number =>
  sortedKinds(byKind).reduce((sum, [, count]) => sum + count, 0);

/** "0" or "3 (ABORTED×2, ERR×1)": the total, and the kinds when there are any. */
export const errorsText = (byKind: Readonly<Record<string, number>>, maxKinds = Infinity): string => {
  const kinds = kindsText(byKind, maxKinds);
  return kinds === '' ? '0' : `${totalErrors(byKind)} (${kinds})`;
};

/** errorsText with as many kinds as fit in `maxChars` (down to "9 (3 kinds)"), and whether kinds were left out. */
export const errorsCellText = (
  byKind: Readonly<Record<string, number>>,
  maxChars: number,
): { text: string; complete: boolean } => {
  const kinds = sortedKinds(byKind).length;
  for (let shown = kinds; shown >= 1; shown--) {
    const text = errorsText(byKind, shown);
    if (text.length <= maxChars) return { text, complete: shown === kinds };
  }
  return kinds === 0 ? { text: '0', complete: true } : { text: `${totalErrors(byKind)} (${kinds} kind${kinds === 1 ? '' : 's'})`, complete: false };
};
