// A/B alternation and its statistics for the overhead bench. Each pair runs both variants
// back to back, in the order AB, BA, AB, ... so slow drift (CPU frequency, a neighbour, GC
// heap growth) hits both sides equally; the figure is the per-pair ratio A/B, summarised by
// its median, its spread and a distribution-free confidence interval of that median.

// The ratios are dimensionless and sit near 1 (a 3 % goal), so they keep full precision with a
// plain linear-interpolation percentile over the sorted ratios (numpy's default), rather than
// the lab's HDR percentile, which is for times in ms at microsecond resolution.
const percentile = (sorted: readonly number[], p: number): number => {
  const rank = (p / 100) * (sorted.length - 1);
  const lower = sorted[Math.floor(rank)] as number;
  const upper = sorted[Math.ceil(rank)] as number;
  return lower + (upper - lower) * (rank - Math.floor(rank));
};

export type Side = 'A' | 'B';

/** The order pair `index` (0-based) runs its two variants in: AB, BA, AB, ... */
export const pairOrder = (index: number): [Side, Side] => (index % 2 === 0 ? ['A', 'B'] : ['B', 'A']);

export interface Pair<A, B> {
  a: A;
  b: B;
  /** Which side ran first in this pair. */
  first: Side;
}

/** Runs `pairs` A/B pairs in alternating order; `onPair` sees each pair as it completes. */
export const alternate = async <A, B>(
  pairs: number,
  runA: () => Promise<A>,
  runB: () => Promise<B>,
  onPair?: (pair: Pair<A, B>, index: number) => void,
): Promise<Pair<A, B>[]> => {
  if (!Number.isInteger(pairs) || pairs < 1) throw new RangeError(`Expected a whole number of pairs >= 1, got ${String(pairs)}`);
  const out: Pair<A, B>[] = [];
  for (let i = 0; i < pairs; i++) {
    const [first] = pairOrder(i);
    let a: A;
    let b: B;
    if (first === 'A') {
      a = await runA();
      b = await runB();
    } else {
      b = await runB();
      a = await runA();
    }
    const pair = { a, b, first };
    out.push(pair);
    onPair?.(pair, i);
  }
  return out;
};

// P(X <= k) for X ~ Binomial(n, 1/2), exact for the pair counts a bench uses.
const binomialHalfCdf = (n: number, k: number): number => {
  let term = 1; // C(n, 0)
  let sum = 0;
  for (let i = 0; i <= k; i++) {
    sum += term;
    term = (term * (n - i)) / (i + 1);
  }
  return sum / 2 ** n;
};

export interface MedianInterval {
  /** 1-based ranks in the sorted sample: the interval is [x(low), x(high)]. */
  lowRank: number;
  highRank: number;
  /** The interval's exact coverage (>= the level asked for). */
  coverage: number;
}

/**
 * The order-statistic confidence interval of a median (sign-test inversion): the narrowest
 * [x(k), x(n-k+1)] whose coverage 1 - 2 P(Bin(n, 1/2) <= k-1) is at least `level`.
 * Undefined when n is too small for that level (n < 6 at 95%).
 */
export const medianInterval = (n: number, level = 0.95): MedianInterval | undefined => {
  let best: MedianInterval | undefined;
  for (let k = 1; k <= Math.floor((n + 1) / 2); k++) {
    const coverage = 1 - 2 * binomialHalfCdf(n, k - 1);
    if (coverage < level) break;
    best = { lowRank: k, highRank: n - k + 1, coverage };
  }
  return best;
};

export interface RatioSummary {
  pairs: number;
  median: number;
  min: number;
  max: number;
  p10: number;
  p90: number;
  /** The ~95% confidence interval of the median ratio; undefined with too few pairs. */
  ci?: { low: number; high: number; coverage: number };
}

/** Per-pair ratios a/b. */
export const pairRatios = (a: readonly number[], b: readonly number[]): number[] => {
  if (a.length !== b.length) throw new RangeError(`Expected as many A as B figures, got ${a.length} and ${b.length}`);
  return a.map((x, i) => x / (b[i] as number));
};

export const summarizeRatios = (ratios: readonly number[]): RatioSummary => {
  if (ratios.length === 0) throw new RangeError('Expected at least one ratio');
  const sorted = [...ratios].sort((x, y) => x - y);
  const at = (p: number): number => percentile(sorted, p);
  const interval = medianInterval(sorted.length);
  return {
    pairs: sorted.length,
    median: at(50),
    min: sorted[0] as number,
    max: sorted[sorted.length - 1] as number,
    p10: at(10),
    p90: at(90),
    ...(interval === undefined
      ? {}
      : { ci: { low: sorted[interval.lowRank - 1] as number, high: sorted[interval.highRank - 1] as number, coverage: interval.coverage } }),
  };
};

type Verdict = 'meets' | 'misses' | 'unclear';

export interface Judgement {
  verdict: Verdict;
  /** One line saying what the figures show against the goal. */
  text: string;
}

const pct = (ratio: number): string => `${((ratio - 1) * 100).toFixed(1)}%`;

/**
 * Judges a median overhead ratio against `goalRatio` (1.03 = at most 3% over): it meets the
 * goal only when the whole confidence interval is at or below it, misses it only when the
 * whole interval is above it, and otherwise the spread is too wide to tell.
 */
export const judgeOverhead = (s: RatioSummary, goalRatio: number): Judgement => {
  const goal = pct(goalRatio);
  if (s.ci === undefined) {
    return { verdict: 'unclear', text: `median overhead ${pct(s.median)}; ${s.pairs} pairs are too few for a 95% interval: cannot tell against ${goal}` };
  }
  const interval = `${(s.ci.coverage * 100).toFixed(1)}% interval ${pct(s.ci.low)} to ${pct(s.ci.high)}`;
  if (s.ci.high <= goalRatio) return { verdict: 'meets', text: `MEETS the ${goal} goal: median overhead ${pct(s.median)}, ${interval} lies at or below ${goal}` };
  if (s.ci.low > goalRatio) return { verdict: 'misses', text: `MISSES the ${goal} goal: median overhead ${pct(s.median)}, ${interval} lies above ${goal}` };
  return {
    verdict: 'unclear',
    text: `CANNOT TELL against ${goal}: median overhead ${pct(s.median)}, but the ${interval} straddles ${goal} (spread too wide; run more pairs)`,
  };
};
