// The bystander's open loop (issue 27): command k is due at t0 + k/rate and goes out when it is
// due whether or not earlier ones were answered; its latency runs from that due time, so a
// stall of the process or of the server shows in full (no coordinated omission, no correction
// on top). One connection, one GET at a time per due time. The same code runs in the lab's
// process and in the child process (child.ts).

import type { Redis } from 'ioredis';
import { nowUs } from '../drive.ts';

/** What one span of the bystander saw. */
export interface BystanderSpan {
  /** Per answered command, µs from its due time to its reply. */
  latenciesUs: number[];
  /** Commands due (and sent) in the span. */
  sent: number;
  /** Commands that failed or got no reply in time (never timed). */
  errors: number;
  firstError?: string;
}

export interface RunningLoop {
  /** Sends what is still due, stops scheduling and waits for the replies (at most `replyWaitMs`). */
  stop(): Promise<BystanderSpan>;
}

/** How long stop() waits for replies still out before it counts them as errors. */
const REPLY_WAIT_MS = 10_000;

export const startGetLoop = (client: Redis, ratePerSec: number, key: string, replyWaitMs = REPLY_WAIT_MS): RunningLoop => {
  const intervalUs = 1e6 / ratePerSec;
  const span: BystanderSpan = { latenciesUs: [], sent: 0, errors: 0 };
  const out = new Set<Promise<void>>();
  const t0 = nowUs();
  let next = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const fail = (message: string) => {
    span.errors++;
    span.firstError ??= message;
  };
  const send = (k: number): void => {
    const dueUs = t0 + k * intervalUs;
    span.sent++;
    const reply: Promise<void> = client.get(key).then(
      () => void span.latenciesUs.push(nowUs() - dueUs),
      (error: unknown) => fail(error instanceof Error ? error.message : String(error)),
    );
    out.add(reply);
    void reply.finally(() => out.delete(reply));
  };
  // Everything due by now goes out, then the timer is set for the next due time.
  const sendDue = (): void => {
    const now = nowUs();
    while (t0 + next * intervalUs <= now) send(next++);
  };
  const tick = (): void => {
    if (stopped) return;
    sendDue();
    const waitMs = (t0 + next * intervalUs - nowUs()) / 1000;
    timer = setTimeout(tick, Math.max(1, Math.ceil(waitMs)));
  };
  tick();
  return {
    stop: async () => {
      sendDue(); // due before the span ended: sent late is still timed from when it was due
      stopped = true;
      clearTimeout(timer);
      let deadline: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'late'>((resolve) => (deadline = setTimeout(() => resolve('late'), replyWaitMs)));
      const ended = await Promise.race([Promise.all(out).then(() => 'done' as const), timedOut]);
      clearTimeout(deadline);
      if (ended === 'late') for (let i = 0; i < out.size; i++) fail(`no reply within ${replyWaitMs} ms`);
      return { ...span, latenciesUs: [...span.latenciesUs] };
    },
  };
};
