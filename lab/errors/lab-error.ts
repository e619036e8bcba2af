// The lab's one error type: a stable code, a message that says what failed, and a hint that
// says what to do about it. The CLI prints `message` and `hint` (never a stack) and maps the
// code to an exit status; library code throws it and never prints.

export type LabErrorCode =
  | 'E_SCENARIO_INVALID' // a scenario file is malformed or out of range
  | 'E_SCENARIO_NOT_FOUND' // the file given does not exist or cannot be read
  | 'E_USAGE' // wrong command-line arguments
  | 'E_RESULT_INVALID' // a result JSON file cannot be read or is not a lab result
  | 'E_COMPARE_NOTHING' // compare was given two results with no config or reconcile row in common
  | 'E_RUNTIME_UNAVAILABLE' // neither Docker nor local binaries can run Redis + Toxiproxy
  | 'E_RUNTIME_START' // a runtime was available but failed to start
  | 'E_RUNTIME_DIED' // a part of a started runtime (Redis, Toxiproxy) exited on its own
  | 'E_TOXIPROXY_API' // a Toxiproxy API call failed or timed out
  | 'E_REDIS' // Redis could not be reached or answered unexpectedly
  | 'E_POLICY' // a policy module does not load, lacks a function, or its connect fails or hangs
  | 'E_TARGET_INVALID' // the external runtime's target is missing or malformed, or its proxy name is taken
  | 'E_TARGET_UNSAFE' // a scenario would touch keys outside the lab's prefix on a shared (non-disposable) target
  | 'E_ENGINE' // the redis-benchmark load engine is missing, or printed nothing the lab can read
  | 'E_INTERRUPTED' // the run was aborted (Ctrl-C)
  | 'E_BYSTANDER'; // the bystander's child process did not start, answer or stay up

const labErrorBrand = Symbol.for('redis-fault-lab.LabError');

export class LabError extends Error {
  readonly code: LabErrorCode;
  readonly hint: string | undefined;
  readonly [labErrorBrand] = true;

  constructor(code: LabErrorCode, message: string, options: { hint?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.hint = options.hint;
    Object.defineProperty(this, 'name', { value: 'LabError', enumerable: false });
  }
}

// True for a LabError from any copy of this module (the brand survives duplicated installs).
export const isLabError = (value: unknown): value is LabError =>
  typeof value === 'object' && value !== null && labErrorBrand in value;

// The message of anything thrown, for wrapping foreign errors into a LabError.
export const errorMessage = (value: unknown): string =>
  value instanceof Error ? value.message : String(value);

// The error every layer throws once an AbortSignal fired, after cleaning up.
export const interruptedError = (): LabError =>
  new LabError('E_INTERRUPTED', 'The run was interrupted', { hint: 'Everything the run started was stopped; rerun to get a result.' });
