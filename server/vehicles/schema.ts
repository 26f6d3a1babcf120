import { z } from 'zod';
import { mustBe, Platform, TRIMMED, Vin, text } from '../common/schemas.ts';
import { listColors } from '../catalog/colors.ts';
import { colorNamePattern } from '../catalog/color-pattern.ts';
import { PageParams } from '../http/pagination.ts';

export const VEHICLE_STATUSES = ['activo', 'mantenimiento', 'inactivo', 'pending_platform_a'] as const;
export const SETTABLE_STATUSES = ['activo', 'mantenimiento', 'inactivo'] as const;

/**
 * The document's pattern reads the plate as sent: the trimmed plate (6 to 10 characters, a letter or
 * digit first, no space last, since trim removed it) between what trim removes. No maxLength, which
 * would count those spaces.
 */
const PLATE_PATTERN = `^[${TRIMMED}]*[A-Za-z0-9][A-Za-z0-9 -]{4,8}[A-Za-z0-9-][${TRIMMED}]*$`;
const Plate = z
  .string({ error: mustBe('plate', 'texto') })
  .trim()
  .min(6, 'plate debe tener al menos 6 caracteres')
  .max(10, 'plate debe tener como máximo 10 caracteres')
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'plate solo admite letras, números, espacios y guiones')
  .meta({ pattern: PLATE_PATTERN, maxLength: undefined, description: 'De 6 a 10 caracteres una vez recortados los espacios de los extremos: letras, números, espacios y guiones, empezando por letra o número.' });

/** resolveColor refuses a name outside the catalog; the document says which spellings it reads (color-pattern.ts). */
const ColorName = text('color', 1, 40).meta({
  id: 'ColorName',
  pattern: colorNamePattern(),
  maxLength: 40,
  description: 'Un color del catálogo (GET /v1/catalog/platform_a/colors) por su nombre o un sinónimo, sin distinguir mayúsculas ' +
    'ni acentos, con espacios, guiones o guiones bajos entre palabras y, si se quiere, un acabado después ("negro mate"). ' +
    'Otro texto: 400 VALIDATION con la lista de colores válidos.',
});

/**
 * The catalog's bounds, shown in the document: resolveColor (catalog/colors.ts) refuses an id outside
 * the catalog with its own message, which names the valid colours, so zod checks only the type here.
 */
const catalogIds = listColors().map((c) => c.id);
const ColorId = z
  .number({ error: mustBe('colorId', 'un número entero') })
  .int('colorId debe ser un número entero')
  .meta({ minimum: Math.min(...catalogIds), maximum: Math.max(...catalogIds), description: 'Id de GET /v1/catalog/platform_a/colors.' });

/**
 * Said in the document; resolveColor enforces it (400 VALIDATION), and that both name the same colour.
 * Inside an allOf, with the property in each branch: openapi-typescript reads an anyOf beside
 * `properties` as a union with them (the body's type would be lost), and this way generated
 * clients get `{…} & ({color} | {colorId})`.
 */
const COLOR_OR_ID = {
  allOf: [{ anyOf: (['color', 'colorId'] as const).map((field) => ({ required: [field], properties: { [field]: {} } })) }],
  description: 'Se requiere color o colorId; si van ambos deben nombrar el mismo color.',
};

export const CreateVehicle = z.object({
  plate: Plate,
  brand: text('brand', 1, 80),
  model: text('model', 1, 80),
  year: z.number({ error: mustBe('year', 'un número entero') }).int('year debe ser un número entero').min(2000, 'year debe ser 2000 o posterior').max(2100, 'year debe ser 2100 o anterior'),
  color: ColorName.optional(),
  colorId: ColorId.optional(),
  city: text('city', 2, 80).nullable().optional(),
  vin: Vin.nullable().optional(),
  platforms: z.array(Platform).min(1, 'platforms debe tener al menos un elemento').optional(),
})
  // resolveColor says it when all else is right; with other fields wrong it is said with them, so a
  // client does not meet it only at its next try.
  .refine((body) => body.color !== undefined || body.colorId !== undefined, {
    path: ['color'], message: 'Se requiere color o colorId.',
    when: ({ issues, value }) => issues.length > 0 && typeof value === 'object' && value !== null,
  })
  .meta(COLOR_OR_ID);
export type CreateVehicle = z.infer<typeof CreateVehicle>;

const IMMUTABLE = ['plate', 'brand', 'model', 'year'] as const;

export const PatchVehicle = z
  .object({
    city: text('city', 2, 80).optional(),
    color: ColorName.optional(),
    colorId: ColorId.optional(),
    vin: Vin.nullable().optional(),
    status: z.enum(SETTABLE_STATUSES, { error: 'status debe ser activo, mantenimiento o inactivo' }).optional(),
    notes: z.string({ error: 'notes debe ser texto' }).max(2000, 'notes debe tener como máximo 2000 caracteres').nullable().optional(),
  })
  .passthrough()
  .superRefine((body, ctx) => {
    for (const field of IMMUTABLE) {
      if (field in body) ctx.addIssue({ code: 'custom', path: [field], message: `${field} no se puede modificar` });
    }
  })
  // The document says what the refinement refuses; other unknown fields are ignored.
  .meta({ propertyNames: { not: { enum: [...IMMUTABLE] } }, description: `${IMMUTABLE.join(', ')}: no se pueden modificar (400).` })
  .transform(({ city, color, colorId, vin, status, notes }) => ({ city, color, colorId, vin, status, notes }));
export type PatchVehicle = z.infer<typeof PatchVehicle>;

export const ListVehiclesQuery = PageParams.extend({
  plate: z.string({ error: 'plate debe ser texto' }).max(20, 'plate debe tener como máximo 20 caracteres').optional(),
  status: z.enum(VEHICLE_STATUSES, { error: 'status debe ser activo, mantenimiento, inactivo o pending_platform_a' }).optional(),
});
