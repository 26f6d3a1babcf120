import { z, ZodError } from 'zod';
import { mustBe, text } from '../common/schemas.ts';
import { IdField } from '../assignments/schema.ts';
import { WHATSAPP_PATTERN } from '../catalog/phone.ts';
import { AppError } from '../errors.ts';
import { PageParams } from '../http/pagination.ts';

const PHONE_MESSAGE = 'whatsapp debe tener 10 dígitos, o +52, +521 o +1 seguido de 10 dígitos';

const Whatsapp = z.string({ error: mustBe('whatsapp', 'texto') }).regex(WHATSAPP_PATTERN, PHONE_MESSAGE);
// 254 is the longest address SMTP can carry; the spec only asks for the email format.
// A value that is not text is left to the API's type message (lib/zod-spanish.ts: `email debe ser
// texto`), not said as a bad address.
const Email = z.email({ error: (issue) => (issue.code === 'invalid_type' ? undefined : 'email debe ser un correo electrónico válido') })
  .max(254, 'email debe tener como máximo 254 caracteres');
const License = z.string({ error: 'license debe ser texto' }).trim().max(40, 'license debe tener como máximo 40 caracteres');

export const CreateDriver = z.object({
  name: text('name', 2, 200),
  whatsapp: Whatsapp,
  city: text('city', 2, 80),
  // null is accepted as "left out", as the vehicle's optional city and vin are (docs/decisions.md):
  // clients that write every field of their model send null for the ones they have no value for.
  email: Email.nullable().optional(),
  license: License.nullable().optional(),
  vehicleId: IdField('vehicleId').optional(),
});
export type CreateDriver = z.infer<typeof CreateDriver>;

/** Unknown fields are dropped (zod's default), as the spec asks clients to tolerate additions. */
export const PatchDriver = z.object({
  name: text('name', 2, 200).optional(),
  whatsapp: Whatsapp.optional(),
  email: Email.nullable().optional(),
  city: text('city', 2, 80).optional(),
  license: License.nullable().optional(),
});
export type PatchDriver = z.infer<typeof PatchDriver>;

export const ListDriversQuery = PageParams.extend({
  // The query parser decodes an unescaped "+" as a space; restoring it spares clients a silent 400.
  whatsapp: z.string({ error: 'whatsapp debe ser texto' }).transform((s) => s.replace(/^ /, '+')).pipe(Whatsapp).optional()
    .meta({ pattern: WHATSAPP_PATTERN.source, description: `${PHONE_MESSAGE}; un "+" sin codificar, que llega como espacio, se lee como "+".` }),
});

/**
 * A number outside the pattern is INVALID_PHONE (400, contract §3), not a generic VALIDATION, when
 * it is the only problem of the request; mixed with other problems every issue is listed as VALIDATION.
 */
export function withPhoneErrors<T>(parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    if (!(err instanceof ZodError)) throw err;
    const phoneOnly = err.issues.every((i) => i.path[0] === 'whatsapp' && i.code === 'invalid_format');
    if (!phoneOnly) throw err;
    throw new AppError('INVALID_PHONE', `El número de WhatsApp no es válido: ${PHONE_MESSAGE}.`, [
      { field: 'whatsapp', message: PHONE_MESSAGE },
    ]);
  }
}
