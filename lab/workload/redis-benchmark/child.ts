// One redis-benchmark process: started with its arguments, its output collected, and ended
// whatever happens. It is killed (SIGKILL) on an abort (Ctrl-C), when it prints nothing for
// `silenceMs` (it redraws a progress line every 250 ms while it runs, so silence means it hangs),
// and when it prints a line after which it can only hang (`giveUpOn`: redis-benchmark 7.0.15
// whose server refuses the connection prints "Could not connect to Redis at ..." and then spins
// on a core, silent, forever; measured here); the promise settles only after the
// process has exited, so nothing is left running. Credentials never reach the output the caller
// keeps: every occurrence of each secret is replaced before the text leaves this module.

import { spawn } from 'node:child_process';

export interface ChildOutcome {
  /** null when it was killed (then `signal` says by what). */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Why the lab killed it, when it did: `aborted`, or `silent for 60000 ms`. */
  killedBecause?: string;
  /** Wall time from spawn to exit, ms (process start and connection set-up included). */
  wallMs: number;
}

export interface ChildOptions {
  signal?: AbortSignal;
  /** Longest stretch without output before the process counts as hung. */
  silenceMs: number;
  /** Texts to blank out of everything kept (the run's password). */
  secrets: readonly string[];
  /** A line on stderr after which the process can only hang: it is killed at once. */
  giveUpOn?: RegExp;
}

const MAX_KEPT_CHARS = 1_000_000;

const scrub = (text: string, secrets: readonly string[]): string =>
  secrets.reduce((out, secret) => (secret === '' ? out : out.replaceAll(secret, '***')), text);

/** Runs `binary args` to its end (or the lab's kill) and returns what it printed. */
export const runChild = (binary: string, args: readonly string[], options: ChildOptions): Promise<ChildOutcome> =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let killedBecause: string | undefined;
    const kill = (why: string) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      killedBecause ??= why;
      child.kill('SIGKILL');
    };
    let watchdog = setTimeout(() => kill(`silent for ${options.silenceMs} ms`), options.silenceMs);
    const heard = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => kill(`silent for ${options.silenceMs} ms`), options.silenceMs);
    };
    // Keep the end of long output: the summary is printed last.
    const keep = (kept: string, chunk: Buffer) => (kept + chunk.toString('utf8')).slice(-MAX_KEPT_CHARS);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout = keep(stdout, chunk);
      heard();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = keep(stderr, chunk);
      heard();
      const fatal = options.giveUpOn?.exec(stderr);
      if (fatal) kill(`it printed "${scrub(fatal[0].trim(), options.secrets)}" and would not end on its own`);
    });
    const onAbort = () => kill('aborted');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    const finish = () => {
      clearTimeout(watchdog);
      options.signal?.removeEventListener('abort', onAbort);
    };
    child.once('error', (error) => {
      // spawn failed (ENOENT, EACCES): no process is running.
      finish();
      reject(new Error(scrub(error.message, options.secrets)));
    });
    child.once('close', (exitCode, signal) => {
      finish();
      resolve({
        exitCode,
        signal,
        stdout: scrub(stdout, options.secrets),
        stderr: scrub(stderr, options.secrets),
        ...(killedBecause === undefined ? {} : { killedBecause }),
        wallMs: performance.now() - started,
      });
    });
  });
