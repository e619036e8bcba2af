// Short, readable descriptions of replies as ioredis hands them over (RESP3 as JS values),
// for the "what was wrong" text of a failed check. Long values are cut, with their size.

/** The first word of an error reply: `WRONGTYPE`, `ERR`, `NOSCRIPT`, … */
export const errorWord = (error: Error): string => error.message.trim().split(/\s+/, 1)[0] || error.name;

/** A reply's text when it is a bulk or simple string (string or Buffer), else undefined. */
export const replyText = (reply: unknown): string | undefined => {
  if (typeof reply === 'string') return reply;
  if (reply instanceof Uint8Array) return Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength).toString('utf8');
  return undefined;
};

/** `'OK'`, `'v42:xxxxxxxxxxxx…' (1024 bytes)`. */
export const quoteText = (text: string): string =>
  text.length <= 24 ? `'${text}'` : `'${text.slice(0, 16)}…' (${Buffer.byteLength(text, 'utf8')} bytes)`;

export const describeReply = (reply: unknown): string => {
  if (reply === null || reply === undefined) return 'nil';
  if (reply instanceof Error) return `error ${errorWord(reply)}`;
  const text = replyText(reply);
  if (text !== undefined) return quoteText(text);
  if (typeof reply === 'bigint' || Number.isInteger(reply)) return `integer ${String(reply)}`;
  if (typeof reply === 'number') return `number ${reply}`;
  if (Array.isArray(reply)) return `an array of ${reply.length}`;
  return `a ${typeof reply}`;
};
