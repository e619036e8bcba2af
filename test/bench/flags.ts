// The benches' numeric flags: a whole number at or above a minimum, or an error naming the flag.
export const wholeFlag = (name: string, text: string | undefined, min: number): number => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number >= ${min}, got ${String(text)}`);
  return value;
};
