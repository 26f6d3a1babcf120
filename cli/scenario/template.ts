/**
 * `${name}` templating over captured values. A string that is only one `${...}` takes the value as
 * it is (a number stays a number, an object an object); inside longer text the value is written as
 * text. `$${` writes a literal `${`.
 */
export class TemplateError extends Error {}

const WHOLE = /^\$\{([^}]+)\}$/;
const ANY = /\$\$\{|\$\{([^}]+)\}/g;

/** Reads `body.data[0].id` or `body.data.0.id` from a value; undefined when any step is missing. */
export function lookup(root: unknown, path: string): unknown {
  const parts = path.trim().replace(/\[(\d+)\]/g, '.$1').split('.').filter(Boolean);
  let value = root;
  for (const part of parts) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function resolve(name: string, vars: Record<string, unknown>): unknown {
  const value = lookup(vars, name);
  if (value === undefined) throw new TemplateError(`\${${name}} no está definido (¿falta un capture en un paso anterior?)`);
  return value;
}

function renderString(text: string, vars: Record<string, unknown>): unknown {
  const whole = WHOLE.exec(text);
  if (whole) return resolve(whole[1], vars);
  return text.replace(ANY, (token, name: string | undefined) => {
    if (name === undefined) return '${';
    const value = resolve(name, vars);
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}

/** Renders every string (values only, not keys) of a JSON-like value. */
export function render<T>(value: T, vars: Record<string, unknown>): T {
  if (typeof value === 'string') return renderString(value, vars) as T;
  if (Array.isArray(value)) return value.map((item) => render(item, vars)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, render(v, vars)])) as T;
  }
  return value;
}
