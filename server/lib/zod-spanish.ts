import { z } from 'zod';
import { mustBe } from '../common/schemas.ts';

/** How the API names the type a field must have (`plate debe ser texto`: mustBe, common/schemas.ts). */
const TYPE_WORDS: Record<string, string> = {
  array: 'una lista (un arreglo JSON, [ … ])',
  object: 'un objeto JSON ({ … })',
  string: 'texto',
  number: 'un número',
  int: 'un número entero',
  boolean: 'true o false',
};

/**
 * zod's Spanish messages, with a field's type error said as every field of the API says it, named
 * and plain (`platforms debe ser una lista…`, `keys.0 es obligatorio`), where a schema gave no
 * message of its own: the locale's "Entrada inválida: se esperaba arreglo, recibido texto" read
 * as a library's, and named no field in `details`' message.
 */
export function configureZodMessages(): void {
  z.config(z.locales.es());
  z.config({ customError: (issue) => (issue.path?.length ? typeMessage(issue, issue.path.join('.')) : undefined) });
}

/** `field es obligatorio` or `field debe ser texto`; undefined for an issue that is not about a type zod can name. */
export function typeMessage(issue: z.core.$ZodRawIssue, field: string): string | undefined {
  if (issue.code !== 'invalid_type') return undefined;
  const what = TYPE_WORDS[issue.expected];
  return what === undefined ? undefined : mustBe(field, what)(issue);
}
