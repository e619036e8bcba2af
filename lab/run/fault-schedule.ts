// When a fault run's fault starts and ends, apart from what the workload does: the trigger
// (a time after the run starts, or the driver reaching an operation), the heal (as soon as the
// client's connection closes, or after the fault's duration), the run's deadline (then the
// client is dropped) and Ctrl-C. Three timers and two callbacks; kept here, away from Redis,
// so fake timers can drive every ordering.
//
// Nothing here is swallowed: a start that fails on a timer is rethrown by finish(), and a
// background heal that fails is retried by finish() (FaultHandle.heal tries again after a
// failure) and reported as a problem, or thrown when the retry fails too.

import { errorMessage } from '../errors/index.ts';
import type { FaultHandle } from '../network/index.ts';
import type { Fault, FaultTimeline } from '../contracts/index.ts';

export interface FaultScheduleInput {
  fault: Pick<Fault, 'action' | 'trigger' | 'forMs'>;
  /** Puts the fault on the proxy (called at most once). */
  start: () => Promise<FaultHandle>;
  /** Longest the run may take: then `dropClient` ends it. */
  deadlineMs: number;
  /** Ends the run at once: aborts the driver and disconnects the client. */
  dropClient: () => void;
  /** Ctrl-C: drop the client without waiting for the deadline. */
  signal?: AbortSignal;
}

export interface FaultScheduleEnd {
  /** Did the fault fire: the client's connection closed under it, or a stall or a cap held
   * until the deadline (the connection stays open: the deadline is what the client saw). */
  faultObserved: boolean;
  /** How the fault was removed, or `not started`. */
  heal: string;
  /** A heal that failed in the background and succeeded on the retry. */
  problems: string[];
}

export class FaultSchedule {
  readonly #input: FaultScheduleInput;
  readonly #timers: ReturnType<typeof setTimeout>[] = [];
  #starting: Promise<void> | undefined;
  #handle: FaultHandle | undefined;
  #startError: unknown;
  #closedUnderFault = false;
  #dropped = false;
  readonly #problems: string[] = [];
  #armedAt = 0;
  readonly #times: FaultTimeline = { faultOnMs: null, closedMs: null, healedMs: null, endMs: null };
  readonly #onAbort = () => this.#drop();

  constructor(input: FaultScheduleInput) {
    this.#input = input;
  }

  /** Starts the clocks: the deadline, Ctrl-C, and a time trigger. Call right before driving. */
  arm(): void {
    const { fault, deadlineMs, signal } = this.#input;
    this.#armedAt = performance.now();
    this.#timers.push(setTimeout(() => this.#drop(), deadlineMs));
    signal?.addEventListener('abort', this.#onAbort, { once: true });
    if (fault.trigger.kind === 'time') {
      this.#timers.push(
        setTimeout(() => {
          this.start().catch((error: unknown) => {
            this.#startError ??= error; // rethrown by finish(); the run goes on without its fault
          });
        }, fault.trigger.atMs),
      );
    }
  }

  /** Puts the fault on (once; later calls wait for the first). The command trigger calls it. */
  start(): Promise<void> {
    this.#starting ??= (async () => {
      this.#handle = await this.#input.start();
      this.#times.faultOnMs = this.#sinceArm();
      const { forMs } = this.#input.fault;
      if (forMs !== null) this.#timers.push(setTimeout(() => this.#healInBackground(), forMs));
    })();
    return this.#starting;
  }

  /** The client's connection closed. Under a fault that is the fault firing: heal now, before
   * the client reconnects (ioredis waits at least 50 ms), so a standing toxic does not cut the
   * reconnect too. A fault with a duration stays for that duration. */
  connectionClosed(): void {
    if (this.#handle === undefined) return;
    this.#closedUnderFault = true;
    this.#times.closedMs ??= this.#sinceArm();
    if (this.#input.fault.forMs === null) this.#healInBackground();
  }

  /** Stops the clocks and removes the fault (bounded: throws E_TOXIPROXY_API rather than hang).
   * Throws a start that failed on a timer, and a heal that fails again. */
  async finish(): Promise<FaultScheduleEnd> {
    this.#times.endMs = this.#sinceArm();
    for (const timer of this.#timers) clearTimeout(timer);
    this.#input.signal?.removeEventListener('abort', this.#onAbort);
    await this.#starting?.catch(() => undefined);
    const heal = this.#handle === undefined ? 'not started' : (await this.#handle.heal()).describe;
    if (this.#handle !== undefined) this.#times.healedMs ??= this.#sinceArm();
    if (this.#startError !== undefined) throw this.#startError;
    const { action } = this.#input.fault;
    const heldUntilEnd = action.kind === 'stall' || action.kind === 'bandwidth' || this.#dropped;
    return {
      faultObserved: this.#closedUnderFault || (this.#handle !== undefined && heldUntilEnd),
      heal,
      problems: [...this.#problems],
    };
  }

  /** When the fault went on, the connection closed, the fault came off and the run ended, in ms after arm(). */
  times(): FaultTimeline {
    return { ...this.#times };
  }

  #sinceArm(): number {
    return performance.now() - this.#armedAt;
  }

  #drop(): void {
    this.#dropped = true;
    this.#input.dropClient();
  }

  #healInBackground(): void {
    this.#handle?.heal().then(
      () => {
        this.#times.healedMs ??= this.#sinceArm();
      },
      (error: unknown) => {
        this.#problems.push(`healing fault ${this.#input.fault.action.kind} failed once and was retried: ${errorMessage(error)}`);
      },
    );
  }
}
