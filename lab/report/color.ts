// Whether a stream gets ANSI colors: only a terminal, and never when the user said no
// (https://no-color.org: NO_COLOR set to any non-empty value; FORCE_COLOR=0 as well).

/** The little of a stream and of process.env that the decision reads. */
export interface ColorStream {
  isTTY?: boolean;
}
export type ColorEnv = Readonly<Record<string, string | undefined>>;

/** True when `stream` is a TTY, NO_COLOR is unset or empty, and FORCE_COLOR is not 0 / false. */
export const shouldColor = (stream: ColorStream, env: ColorEnv): boolean => {
  if (stream.isTTY !== true) return false;
  const noColor = env.NO_COLOR;
  if (noColor !== undefined && noColor !== '') return false;
  const force = env.FORCE_COLOR?.trim().toLowerCase();
  return force !== '0' && force !== 'false';
};
