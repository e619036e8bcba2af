// "Did you mean …?" for misspelt keys, modes and metrics.

// Optimal-string-alignment distance: edits, with a swap of two neighbours counting as one.
const editDistance = (a: string, b: string): number => {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const above = rows[i - 1] ?? [];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      }
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? Math.max(a.length, b.length);
};

// The one candidate within two edits of `word` (case ignored), or undefined when none or a tie.
export const closest = (word: string, candidates: readonly string[]): string | undefined => {
  const lower = word.toLowerCase();
  const scored = candidates
    .map((candidate) => ({ candidate, distance: editDistance(lower, candidate.toLowerCase()) }))
    .filter(({ distance }) => distance <= 2 && distance < Math.max(word.length, 2))
    .sort((x, y) => x.distance - y.distance);
  const [first, second] = scored;
  if (first === undefined || (second !== undefined && second.distance === first.distance)) return undefined;
  return first.candidate;
};
