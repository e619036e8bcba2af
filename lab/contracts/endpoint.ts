// Where a server is reached: the lab's own Redis (direct or through its proxy), an external
// target, a relay. A contract because every layer passes endpoints around (runtime starts them,
// network relays to them, client connects to them).

export interface Endpoint {
  host: string;
  port: number;
  /** Redis's password (requirepass), generated per runtime; the lab's clients AUTH with it.
   * Never printed, never in a result, a progress event or an error message. */
  password?: string;
}
