/**
 * `${name}` templating over captured values. A string that is only one `${...}` takes the value as
 * it is (a number stays a number, an object an object); inside longer text the value is written as
 * text. `$${` writes a literal `${`.
 */
export class TemplateError extends Error {}

const WHOLE = /^\$\{([^}]+)\}$/;
const ANY = /\$\$\{|\$\{([^}]+)\}/g;

const stepsOf = (path: string) => path.trim().replace(/\[(\d+)\]/g, '.$1').split('.').filter(Boolean);

/** How far a path goes: the value at its last step found, and how many steps were found. */
function walk(root: unknown, parts: string[]): { value: unknown; found: number } {
  let value = root;
  for (let i = 0; i < parts.length; i++) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, parts[i])) return { value, found: i };
    value = (value as Record<string, unknown>)[parts[i]];
  }
  return { value, found: parts.length };
}

/** Reads `body.data[0].id` or `body.data.0.id` from a value; undefined when any step is missing. */
export function lookup(root: unknown, path: string): unknown {
  const parts = stepsOf(path);
  const { value, found } = walk(root, parts);
  return found === parts.length ? value : undefined;
}

/** Why a name has no value: no such capture at all, or the step its known part lacks (an index past a list's end, say). */
function undefinedName(name: string, vars: Record<string, unknown>): string {
  const parts = stepsOf(name);
  const { value, found } = walk(vars, parts);
  if (found === 0) return `\${${name}} no está definido (¿falta un capture en un paso anterior?)`;
  const known = parts.slice(0, found).join('.');
  const list = !Array.isArray(value) ? '' : value.length === 0 ? ' (es una lista vacía)' : ` (es una lista de ${value.length}: del 0 al ${value.length - 1})`;
  return `\${${name}} no está definido: ${known} no tiene «${parts[found]}»${list}`;
}

function resolve(name: string, vars: Record<string, unknown>): unknown {
  const value = lookup(vars, name);
  if (value === undefined) throw new TemplateError(undefinedName(name, vars));
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
