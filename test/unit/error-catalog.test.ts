import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CATALOG, invalidFields, unprocessable, WHOLE_BODY } from '../../server/errors.ts';

/** Spec §7's list, copied: clients switch on these codes, so the catalog may hold no other. */
const SPEC_CODES = [
  'UNAUTHORIZED', 'FORBIDDEN', 'INSUFFICIENT_SCOPE', 'TENANT_PENDING', 'NOT_FOUND', 'VALIDATION', 'CONFLICT',
  'RATE_LIMITED', 'PLATFORM_NOT_ENABLED', 'ALREADY_INVITED', 'ALREADY_REGISTERED', 'DRIVER_BOUND_ELSEWHERE',
  'DRIVER_NOT_ON_PLATFORM', 'INVALID_PHONE', 'CITY_REQUIRED', 'FILE_TOO_LARGE', 'INVALID_FILE_TYPE',
  'PLATFORM_UNAVAILABLE', 'PLATFORM_REJECTED', 'INTERNAL', 'VEHICLE_COLOR_LOCKED',
];

describe('error catalog', () => {
  it('when the catalog is read, then every code is one of spec §7 and none is missing', () => {
    expect(Object.keys(ERROR_CATALOG).sort()).toEqual([...SPEC_CODES].sort());
  });

  it.each(['VALIDATION', 'CONFLICT'] as const)('when a 422 has no code of its own (%s), then the error keeps the code and carries 422', (code) => {
    const error = unprocessable(code, 'No aplica.');

    expect(error).toBeInstanceOf(AppError);
    expect({ code: error.code, status: error.status }).toEqual({ code, status: 422 });
  });

  it('when an error gives no status, then it carries its code\'s status', () => {
    expect(new AppError('VALIDATION').status).toBe(400);
  });
});

describe('the sentence of a VALIDATION that names its fields (invalidFields)', () => {
  it('when an issue\'s message starts with its field\'s name, then the field is not said twice; otherwise it goes first', () => {
    const err = invalidFields([
      { field: 'limit', message: 'limit debe ser como máximo 100' },
      { field: 'tenants.0.name', message: 'name es obligatorio' },
      { field: 'year', message: 'debe ser un número' },
      { field: WHOLE_BODY, message: 'campo desconocido: fixure' },
    ]);

    expect(err.message).toBe('La solicitud no es válida (limit debe ser como máximo 100; tenants.0.name: name es obligatorio; year: debe ser un número; campo desconocido: fixure).');
  });

  it('when a message only starts with the same letters (limits for limit), then the field still goes first', () => {
    expect(invalidFields([{ field: 'limit', message: 'limits exceeded' }]).message).toBe('La solicitud no es válida (limit: limits exceeded).');
  });
});
