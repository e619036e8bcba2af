import { describe, expect, it } from 'vitest';
import type { Pair } from '../../bench/ab.ts';
import type { WholeRun } from '../../bench/lab-runs.ts';
import { wholeSection, type ModeFigures } from '../../bench/report.ts';

// Whole-run pairs whose timed/bare ratios are exactly `ratios` (bare 100 ms each).
const mode = (label: string, ratios: number[]): ModeFigures => ({
  label,
  commands: 1_000,
  drive: [],
  whole: ratios.map((r, i): Pair<WholeRun, number> => ({ a: { timedMs: 100 * r, wallMs: 100 * r + 20 }, b: 100, first: i % 2 === 0 ? 'A' : 'B' })),
});

describe('wholeSection', () => {
  it('judges the reported span against the goal with the confidence interval, like the drive() section', () => {
    const text = wholeSection(
      [
        mode('sync', [1.0, 1.01, 0.99, 1.02, 1.0, 1.01, 1.0, 0.995, 1.005, 1.01]),
        mode('pipeline:256', [1.1, 1.12, 1.09, 1.11, 1.1, 1.13, 1.1, 1.08, 1.12, 1.1]),
        mode('auto', [0.98, 1.06, 1.0, 1.07, 0.99, 1.05, 1.02, 1.04, 0.97, 1.06]),
      ],
      1.03,
    );
    expect(text).toMatch(/sync timed span: MEETS the 3\.0% goal/);
    expect(text).toMatch(/pipeline:256 timed span: MISSES the 3\.0% goal/);
    expect(text).toMatch(/auto timed span: CANNOT TELL against 3\.0%/);
  });

  it('says when there are too few pairs for an interval', () => {
    expect(wholeSection([mode('sync', [1.0, 1.01])], 1.03)).toMatch(/sync timed span: .*too few for a 95% interval/);
  });
});
