// The lab's side of the other-process bystander (child.ts): forks it, drives it over IPC, and
// makes sure it ends: on close(), on abort (SIGKILL at once), and by itself when the lab's IPC
// channel closes. In a checkout the child is TypeScript run through tsx (as the CLI's bin.mjs
// does); in the published build it is the emitted child.js beside this file.

import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Endpoint } from '../../contracts/index.ts';
import { LabError } from '../../errors/index.ts';
import type { BystanderSpan } from './loop.ts';
import type { FromChild, ToChild } from './messages.ts';

/** How long the child may take to start and connect (a tsx start on a loaded machine is slow). */
const READY_TIMEOUT_MS = 30_000;
/** How long start/stop may take: stop waits for the replies still out (loop.ts, 10 s at most). */
const ANSWER_TIMEOUT_MS = 15_000;
const EXIT_WAIT_MS = 2_000;

// The child's module and what node needs to run it: .ts through tsx here, .js in the build.
const childModule = (): { file: string; execArgv: string[] } => {
  const fromSources = import.meta.url.endsWith('.ts');
  const file = fileURLToPath(new URL(fromSources ? './child.ts' : './child.js', import.meta.url));
  if (!fromSources) return { file, execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { file, execArgv: ['--import', tsx] };
};

const failed = (what: string, hint = 'rerun; if it keeps failing, use process: same (the in-process bystander needs no child)') =>
  new LabError('E_BYSTANDER', `The bystander's child process ${what}`, { hint });

export class BystanderChild {
  private exited = false;
  private readonly exit: Promise<void>;
  /** The end of what the child wrote to stderr (read all along, so the pipe never fills). */
  private stderr = '';

  private constructor(private readonly child: ChildProcess) {
    child.stderr?.on('data', (chunk: Buffer) => void (this.stderr = (this.stderr + chunk.toString()).slice(-2000)));
    // A send to a child killed a moment ago fails (EPIPE) through send()'s callback; anything
    // else the ChildProcess reports as 'error' ends in its exit, which every caller waits on.
    child.on('error', () => undefined);
    this.exit = new Promise((resolve) => child.once('exit', () => resolve()));
    void this.exit.then(() => (this.exited = true));
  }

  /** The child's process id (tests check it is gone after close or abort). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Forks the child and connects it to `endpoint`; an abort kills it at once. */
  static async start(endpoint: Endpoint, key: string, ratePerSec: number, signal?: AbortSignal): Promise<BystanderChild> {
    const { file, execArgv } = childModule();
    const child = fork(file, [], { execArgv, stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'json' });
    const bystander = new BystanderChild(child);
    const kill = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', kill, { once: true });
    void bystander.exit.then(() => signal?.removeEventListener('abort', kill));
    try {
      await bystander.ask({ type: 'connect', endpoint, key, ratePerSec }, 'ready', READY_TIMEOUT_MS);
      return bystander;
    } catch (error) {
      await bystander.close();
      throw error;
    }
  }

  /** Starts the loop; resolves once it runs. */
  async begin(): Promise<void> {
    await this.ask({ type: 'start' }, 'started', ANSWER_TIMEOUT_MS);
  }

  /** Stops the loop; resolves with what it saw. */
  async end(): Promise<BystanderSpan> {
    const answer = await this.ask({ type: 'stop' }, 'span', ANSWER_TIMEOUT_MS);
    return answer.span;
  }

  /** Ends the child: the IPC channel closes (it exits by itself), then SIGTERM, then SIGKILL. */
  async close(): Promise<void> {
    if (this.exited) return;
    if (this.child.connected) this.child.disconnect();
    const waited = await Promise.race([this.exit.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), EXIT_WAIT_MS).unref())]);
    if (waited) return;
    this.child.kill('SIGKILL');
    await this.exit;
  }

  // Sends one message and waits for the answer of type `expect`; a failure, an exit or silence is an error.
  private ask<T extends FromChild['type']>(message: ToChild, expect: T, timeoutMs: number): Promise<Extract<FromChild, { type: T }>> {
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        this.child.off('message', onMessage);
        this.child.off('exit', onExit);
      };
      const onMessage = (answer: FromChild) => {
        done();
        if (answer.type === expect) resolve(answer as Extract<FromChild, { type: T }>);
        else reject(failed(`failed: ${answer.type === 'failed' ? answer.message : `answered ${answer.type}, not ${expect}`}`));
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        done();
        reject(failed(`exited (${signal ?? `code ${code}`}) before it answered ${message.type}${this.stderr.trim() === '' ? '' : `: ${this.stderr.trim()}`}`));
      };
      const timer = setTimeout(() => {
        done();
        reject(failed(`did not answer ${message.type} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.child.on('message', onMessage);
      this.child.once('exit', onExit);
      if (this.exited || !this.child.connected) {
        onExit(this.child.exitCode, this.child.signalCode);
        return;
      }
      this.child.send(message, (error) => {
        if (error === null) return;
        done();
        reject(failed(`could not be told to ${message.type} (${error.message})`));
      });
    });
  }
}
