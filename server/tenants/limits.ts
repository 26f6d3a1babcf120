import { LONE_SURROGATE } from '../lib/lone-surrogate.ts';

/**
 * The longest tenant name, in characters (code points) once trimmed, as the partner API counts its
 * free text and JSON Schema's maxLength counts: 200 emoji are a name, not 100. Zod-free, for the
 * CLI's tenant service too.
 */
export const TENANT_NAME_MAX = 200;

/** Characters (code points) of a text: a surrogate pair is one. */
export function codePointCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

export const tenantNameTooLong = (name: string): boolean => name.length > TENANT_NAME_MAX && codePointCount(name) > TENANT_NAME_MAX;

/** What a tenant name is refused for, said alike by the control API's schema and the CLI's service. */
export const TENANT_NAME_MESSAGES = {
  empty: 'name no puede estar vacío',
  tooLong: `name admite hasta ${TENANT_NAME_MAX} caracteres`,
  control: 'name no admite caracteres de control ni invisibles (saltos de línea, tabuladores, marcas de dirección…) ni sustitutos UTF-16 sueltos',
} as const;

/**
 * C0 and C1 controls, line and paragraph separators, and the invisible ones that change what is shown:
 * zero-width spaces and marks and bidirectional overrides (a name printed backwards in a table).
 * Each breaks a table, a page or a log line. And a lone UTF-16 surrogate (lib/lone-surrogate.ts):
 * the name kept would not be the one answered.
 */
const CONTROL_OR_INVISIBLE = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f\\u200b\\u200e\\u200f\\u2028-\\u202e\\u2066-\\u2069\\ufeff]|${LONE_SURROGATE.source}`);

export const hasControlCharacter = (name: string): boolean => CONTROL_OR_INVISIBLE.test(name);

/**
 * What is wrong with a trimmed tenant name, or null: for the service the CLI writes tenants through
 * (service.ts); the control API's schema (schema.ts) checks the same with zod, for its document.
 */
export function tenantNameProblem(name: string): string | null {
  if (name === '') return TENANT_NAME_MESSAGES.empty;
  if (tenantNameTooLong(name)) return TENANT_NAME_MESSAGES.tooLong;
  if (hasControlCharacter(name)) return TENANT_NAME_MESSAGES.control;
  return null;
}
