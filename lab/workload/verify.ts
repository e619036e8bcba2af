// Reply checks for INCR on a counter reset to 0: a run counts only if every reply came
// back as exactly 1..N in order and the server holds N afterwards. A dropped reply, an
// error or a foreign increment makes the run fail; it is never reported as fast.

import type { DriveOutcome } from './drive.ts';

export interface Verdict {
  verified: boolean;
  /** What was wrong, first problem first. */
  failure?: string;
}

// Checks the replies of one run and the counter value read afterwards (null: key missing).
export const verifyIncrRun = (outcome: Pick<DriveOutcome, 'replies' | 'replyErrors' | 'aborted'>, finalValue: number | null): Verdict => {
  if (outcome.aborted) return { verified: false, failure: `run aborted at ${outcome.aborted}` };
  const errorKinds = Object.entries(outcome.replyErrors);
  if (errorKinds.length > 0) {
    const [message, count] = errorKinds[0] ?? ['', 0];
    return { verified: false, failure: `${count} reply error(s): ${message}` };
  }
  const { replies } = outcome;
  for (let i = 0; i < replies.length; i++) {
    if (replies[i] !== i + 1) {
      const got = Number.isNaN(replies[i]) ? 'no reply' : String(replies[i]);
      return { verified: false, failure: `reply ${i + 1} of ${replies.length} was ${got}, expected ${i + 1}` };
    }
  }
  if (finalValue !== replies.length) {
    return { verified: false, failure: `the counter holds ${finalValue ?? 'nothing'} after the run, expected ${replies.length}` };
  }
  return { verified: true };
};
