// A full garbage collection before each measured run, outside its timed span. V8 collects
// lazily, so without it a run starts on top of whatever the previous runs left (hundreds of MB
// after a big pipeline), its heap figures measure that leftover rather than its own memory,
// and it pays for collecting the previous run's garbage inside its own timed span.
//
// `--expose-gc` can be turned on at runtime; `gc` then exists in contexts created after that.

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | null | undefined;

const loadGc = (): (() => void) | null => {
  try {
    setFlagsFromString('--expose-gc');
    const fn: unknown = runInNewContext('gc');
    return typeof fn === 'function' ? (fn as () => void) : null;
  } catch {
    return null;
  }
};

/** Runs a full collection; false when this Node cannot (then figures include older garbage). */
export const collectGarbage = (): boolean => {
  if (gc === undefined) gc = loadGc();
  if (gc === null) return false;
  gc();
  return true;
};
