// Notes under a table: short phrases joined by "; " and word-wrapped to the terminal width.

/** The phrases joined by "; " as lines no longer than `width` (a single longer word stays whole). */
export const wrapNote = (phrases: readonly string[], width: number): string[] => {
  const words = phrases.join('; ').split(' ').filter((word) => word !== '');
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    if (current !== '' && current.length + 1 + word.length > width) {
      lines.push(current);
      current = word;
    } else {
      current = current === '' ? word : `${current} ${word}`;
    }
  }
  if (current !== '') lines.push(current);
  return lines;
};

/** One line wrapped to `width`; continuation lines keep its indentation plus 4 spaces. */
export const hangWrap = (line: string, width: number): string[] => {
  if (line.length <= width) return [line];
  const indent = /^ */.exec(line)?.[0] ?? '';
  const hanging = `${indent}    `;
  const lines: string[] = [];
  let current = indent;
  let empty = true;
  for (const word of line.slice(indent.length).split(' ').filter((w) => w !== '')) {
    if (!empty && current.length + 1 + word.length > width) {
      lines.push(current);
      current = hanging + word;
    } else {
      current = empty ? current + word : `${current} ${word}`;
    }
    empty = false;
  }
  lines.push(current);
  return lines;
};
