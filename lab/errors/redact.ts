// Secrets out of everything the lab shows: the one function the output boundary (the CLI's
// printing, the vitest fixture's errors and matcher messages) passes text through. Two kinds:
// the secrets the process knows (each runtime registers its Redis password when it makes or
// receives it), replaced wherever they appear, also percent- or JSON-encoded; and the password
// part of any URL's user information (`http://user:pass@host` → `http://user:***@host`, a bare
// `http://token@host` → `http://***@host`), whoever wrote it.

const MASK = '***';
// Shorter strings are not secrets worth the false hits (a one-letter password would blank every
// such letter of every message); the lab's own passwords are 32 characters.
const MIN_SECRET_CHARS = 6;

const known = new Set<string>();

// Every form in which a secret may turn up in a message.
const formsOf = (secret: string): string[] => [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)];

/** Remembers a secret for the life of the process, so every later message is redacted of it. */
export const registerSecret = (secret: string | undefined): void => {
  if (secret === undefined || secret.length < MIN_SECRET_CHARS) return;
  for (const form of formsOf(secret)) known.add(form);
};

// scheme://userinfo@ : the user information ends at the first / ? # or whitespace; the last @
// before that ends it (a password may hold an unencoded @).
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#]*)@/gi;

const maskUserinfo = (_match: string, scheme: string, userinfo: string): string => {
  const colon = userinfo.indexOf(':');
  return colon < 0 ? `${scheme}${MASK}@` : `${scheme}${userinfo.slice(0, colon)}:${MASK}@`;
};

/** `text` with every registered secret and every URL password replaced by `***`. */
export const redact = (text: string): string => {
  let out = text;
  // Longest first, so a secret that contains another is masked whole.
  for (const secret of [...known].sort((a, b) => b.length - a.length)) out = out.replaceAll(secret, MASK);
  return out.replace(URL_USERINFO, maskUserinfo);
};

const MAX_DEPTH = 8;

// Rewrites a property in place (also readonly and non-enumerable ones): a string redacted, an
// error redacted in turn, other data replaced by a redacted copy (an endpoint object a module
// attached, say; the original may be the lab's own and is left alone).
const redactProperty = (target: object, key: string, depth: number): void => {
  const value: unknown = Reflect.get(target, key);
  if (typeof value !== 'string' && (typeof value !== 'object' || value === null)) return;
  const clean = value instanceof Error ? redactError(value, depth + 1) : typeof value === 'string' ? redact(value) : redactCopy(value, depth + 1);
  if (clean !== value) Object.defineProperty(target, key, { value: clean, writable: true, configurable: true, enumerable: Object.prototype.propertyIsEnumerable.call(target, key) });
};

/** The same error object, its message, stack, hint and string fields redacted, and its causes
 * (and an AggregateError's errors) too: for errors handed to code that prints them itself. */
export const redactError = <T>(error: T, depth = 0): T => {
  if (typeof error === 'string') return redact(error) as T;
  if (typeof error !== 'object' || error === null || depth > MAX_DEPTH || Object.isFrozen(error)) return error;
  for (const key of new Set(['message', 'stack', ...Object.keys(error)])) if (key !== 'cause' && key !== 'errors') redactProperty(error, key, depth);
  const cause: unknown = Reflect.get(error, 'cause');
  if (cause !== undefined) Object.defineProperty(error, 'cause', { value: redactError(cause, depth + 1), writable: true, configurable: true, enumerable: false });
  if (error instanceof AggregateError) error.errors = error.errors.map((inner: unknown) => redactError(inner, depth + 1));
  return error;
};

// A copy of plain data with every string (keys included) redacted; strings that need nothing
// are shared, not copied.
const redactCopy = (value: unknown, depth: number): unknown => {
  if (typeof value === 'string') return redact(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth > 64) return '(nested too deep to show)';
  if (Array.isArray(value)) return value.map((item) => redactCopy(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[redact(key)] = redactCopy(item, depth + 1);
  return out;
};

/** A copy of a result (or any JSON-like value) with every string redacted: what the CLI prints and writes. */
export const redactData = <T>(value: T): T => redactCopy(value, 0) as T;
