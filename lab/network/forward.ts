// The TCP forwarding the lab's loopback relays share (relay.ts, source-gate.ts): an accepted
// connection joined to a new one to the target, bytes passed through unchanged both ways.

import net from 'node:net';

/** Connects to `target` and pipes both ways; when either side ends or fails, both are destroyed
 * and `onEnd` runs, once. Returns the upstream socket. */
export const forward = (client: net.Socket, target: { host: string; port: number }, onEnd: () => void = () => undefined): net.Socket => {
  const upstream = net.connect({ host: target.host, port: target.port, noDelay: true });
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    client.destroy();
    upstream.destroy();
    onEnd();
  };
  client.on('error', end).on('close', end);
  upstream.on('error', end).on('close', end);
  client.pipe(upstream);
  upstream.pipe(client);
  return upstream;
};

/** Starts `server` on an ephemeral port of 127.0.0.1; resolves to that port. */
export const listenOnLoopback = async (server: net.Server): Promise<number> => {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return (server.address() as net.AddressInfo).port;
};
