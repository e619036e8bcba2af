// The noise of a count of independent events (requests completed, writes lost): Poisson's, whose
// standard deviation is the square root of the count. A difference is read as real only beyond
// three such deviations plus one (the one keeps a count of 0 or 1 from reading any change as real).
// Used by the knee and saturation tests (offered vs achieved requests) and by compare (lost writes).

/** Deviations a count must move before the change is read as real. */
const COUNT_SPREADS = 3;

/** 3·√count + 1: the change in a count of `count` events that noise alone can make. */
export const countSpread = (count: number): number => COUNT_SPREADS * Math.sqrt(Math.max(0, count)) + 1;
