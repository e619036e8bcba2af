// Order statistics for the handful of run times a config has (3-10 values). Each returns
// null for an empty input, because "no verified run" must stay visible as a missing figure.

// A sorted copy, so callers' arrays are never reordered.
const sortedCopy = (xs: readonly number[]): number[] => [...xs].sort((a, b) => a - b);

export const min = (xs: readonly number[]): number | null => (xs.length === 0 ? null : Math.min(...xs));

export const max = (xs: readonly number[]): number | null => (xs.length === 0 ? null : Math.max(...xs));

/**
 * The p-th percentile (0-100) by linear interpolation between closest ranks
 * (rank = p/100 * (n-1), the "linear" method of numpy and R type 7).
 * percentile(xs, 50) is the median; 0 and 100 are the min and max.
 */
export const percentile = (xs: readonly number[], p: number): number | null => {
  if (!Number.isFinite(p) || p < 0 || p > 100) {
    throw new TypeError(`Expected \`p\` to be a percentile between 0 and 100, got \`${p}\` (${typeof p})`);
  }
  if (xs.length === 0) return null;
  const sorted = sortedCopy(xs);
  const rank = (p / 100) * (sorted.length - 1);
  const lower = Math.floor(rank);
  const upper = Math.ceil(rank);
  const lowerValue = sorted[lower] as number;
  const upperValue = sorted[upper] as number;
  return lowerValue + (upperValue - lowerValue) * (rank - lower);
};

// The middle value, or the mean of the two middle values for an even count.
export const median = (xs: readonly number[]): number | null => percentile(xs, 50);
