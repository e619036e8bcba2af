// The one way a value reaches the HTML report. Every fragment is built with the `html` tagged
// template: each interpolation is escaped as text whatever its type (a string, a number, a
// boolean, null, an object read from a crafted file), unless it is an Html value, that is
// markup this code built with `html` itself or marked with `raw`. Figures go through `figure`,
// which formats only real numbers and prints anything else as escaped text. Data for the
// page's script goes through `jsonInScript`.

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

// Only this module holds the key, so only `html` and `raw` can make an Html value.
const KEY = Symbol('Html');

/** Markup this code built: the only values `html` interpolates without escaping. */
export class Html {
  readonly #markup: string;
  constructor(key: symbol, markup: string) {
    if (key !== KEY) throw new TypeError('Html is made by html`` or raw() only');
    this.#markup = markup;
  }
  toString(): string {
    return this.#markup;
  }
}

// Any value as plain text: a string as is, a number or boolean as String() prints it, nothing
// for null or undefined, anything else as its JSON.
const textOf = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return typeof value;
  }
};

/** Any value as HTML text, safe in element content and in a quoted attribute value. */
export const escapeHtml = (value: unknown): string => textOf(value).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

// An interpolation's markup: Html as built, an array item by item, everything else as text.
const markupOf = (value: unknown): string => {
  if (value instanceof Html) return value.toString();
  if (Array.isArray(value)) return value.map(markupOf).join('');
  return escapeHtml(value);
};

/** Markup from a template: the literal parts as written, every interpolation through escapeHtml
 * (Html values and arrays of them as they are). Attribute values must be quoted in the template. */
export const html = (strings: TemplateStringsArray, ...values: unknown[]): Html =>
  new Html(KEY, strings.reduce((out, literal, i) => out + markupOf(values[i - 1]) + literal));

/** Markup this code wrote itself (never data): the one way round the escaping. */
export const raw = (markup: string): Html => new Html(KEY, markup);

export const NA = raw('<span class="na">n/a</span>');

/** A figure: a number formatted by `format`; NA when missing; anything else (a string in a
 * crafted file) as escaped text, so a wrong type shows as what it is and never throws. */
export const figure = (value: unknown, format: (value: number) => string, missing: Html = NA): Html => {
  if (value === null || value === undefined) return missing;
  return typeof value === 'number' ? html`${format(value)}` : html`${value}`;
};

/** A value as a number, or null when it is not a finite one (chart data: a gap). */
export const finiteOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

// Characters that may end or confuse a <script> element, or end a line in older JS parsers.
const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;

/** JSON for a <script type="application/json">: `<`, `>`, `&`, U+2028 and U+2029 as \u escapes,
 * so no "</script", "<!--" or line separator can appear in the element; JSON.parse reads it back. */
export const jsonInScript = (value: unknown): string =>
  JSON.stringify(value).replace(SCRIPT_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
