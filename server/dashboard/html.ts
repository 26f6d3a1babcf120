/** Markup that is already safe: the result of `html`, never a value from a user or a platform. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

// A NUL becomes U+FFFD, as an HTML parser makes it of one it meets (a parse error): written raw, a
// `?name=%00` sent a NUL byte out in the page.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '\0': '\uFFFD' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"'\0]/g, (c) => ENTITIES[c]);

/** Text in, nothing to escape out: null, undefined and false render as nothing, arrays item by item. */
function render(value: unknown): string {
  if (value instanceof Html) return value.value;
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/**
 * The one way pages are written: every interpolated value is escaped unless it is itself `html`.
 * Attribute values must be quoted in the template (`title="${x}"`): escaping covers both quotes.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new Html(out);
}

/** A path segment of a dashboard URL (ids are UUIDs, snapshot names [a-z0-9-], but never trusted). */
export const seg = (value: string): string => encodeURIComponent(value);
