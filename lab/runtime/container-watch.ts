// The containers runtime's watch on its parts: the Docker engine's event stream, filtered to
// the lab's containers and the `die` event, which the engine sends whenever a container's main
// process ends (a `docker kill`, the OOM killer, a crash). The stream replays events from
// `sinceSeconds`, so a container that died between its start and the subscription is not missed.
// If the stream itself ends while the runtime is in use, the engine went away: that too ends
// the run, since neither container can be reached or removed any more.

import type { ContainerRuntimeClient } from 'testcontainers';
import type { PartWatch } from './watch.ts';

interface DieEvent {
  Action?: string;
  id?: string;
  Actor?: { ID?: string; Attributes?: Record<string, string> };
}

/** Subscribes; resolves once the engine accepted the subscription, with a function that ends it. */
export const watchContainers = async (
  client: ContainerRuntimeClient,
  parts: { id: string; part: string }[],
  sinceSeconds: number,
  watch: PartWatch,
): Promise<() => void> => {
  const stream = (await client.container.dockerode.getEvents({
    since: sinceSeconds,
    filters: { type: ['container'], event: ['die'], container: parts.map((p) => p.id) },
  })) as NodeJS.ReadableStream & { destroy(): void };
  let ended = false;
  let pending = '';
  stream.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (line.trim() === '') continue;
      let event: DieEvent;
      try {
        event = JSON.parse(line) as DieEvent;
      } catch {
        continue; // not an event line
      }
      const id = event.Actor?.ID ?? event.id;
      const found = parts.find((p) => p.id === id);
      if (event.Action !== 'die' || !found) continue;
      const exitCode = event.Actor?.Attributes?.exitCode;
      watch.exited(found.part, exitCode === undefined ? 'no exit code given' : `exit code ${exitCode}`);
    }
  });
  const streamEnded = () => {
    if (!ended) watch.exited('the Docker engine', 'its event stream to the lab closed');
  };
  stream.once('end', streamEnded);
  stream.once('error', streamEnded);
  return () => {
    ended = true;
    stream.destroy();
  };
};

/** Inspects each container now: one that is not running fires the watch (the event may lag). */
export const checkContainers = async (client: ContainerRuntimeClient, parts: { id: string; part: string }[], watch: PartWatch): Promise<void> => {
  for (const { id, part } of parts) {
    try {
      const { State } = await client.container.dockerode.getContainer(id).inspect();
      if (!State.Running) watch.exited(part, `exit code ${State.ExitCode}`);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) watch.exited(part, 'the container is gone');
      else throw error;
    }
  }
};
