// How wide the result table may be: --wide (every column, however wide), else the terminal's
// own width, else COLUMNS from the environment (what a shell exports for pipes and `watch`),
// else the table's default. A COLUMNS that is not a whole number of at least 40 is ignored.

const MIN_COLUMNS = 40;

export interface WidthInputs {
  wide: boolean;
  /** process.stdout.columns when stdout is a terminal. */
  terminalColumns: number | undefined;
  env: NodeJS.ProcessEnv;
}

/** The width to render at, or undefined for the table's default (120). */
export const tableWidth = ({ wide, terminalColumns, env }: WidthInputs): number | undefined => {
  if (wide) return Number.POSITIVE_INFINITY;
  if (terminalColumns !== undefined && terminalColumns > 0) return terminalColumns;
  const fromEnv = Number(env.COLUMNS);
  return Number.isInteger(fromEnv) && fromEnv >= MIN_COLUMNS ? fromEnv : undefined;
};
