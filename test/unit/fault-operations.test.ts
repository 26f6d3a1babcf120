import { describe, expect, it } from 'vitest';
import { createOperationCatalog } from '../../server/faults/operations.ts';
import { OPERATIONS } from '../../server/openapi/operations.ts';

describe('the operations a fault rule can name', () => {
  const catalog = createOperationCatalog(OPERATIONS);

  it.each([
    ['GET', '/v1/vehicles/3f0c', 'getVehicle', '/v1/vehicles/{id}'],
    ['HEAD', '/v1/vehicles/3f0c', 'getVehicle', '/v1/vehicles/{id}'],
    ['GET', '/v1/Vehicles/3f0c/', 'getVehicle', '/v1/vehicles/{id}'],
    ['POST', '/v1/vehicles/registrations/batch', 'registerVehiclesBatch', '/v1/vehicles/registrations/batch'],
    ['POST', '/v1/vehicles/abc/registrations', 'registerVehicle', '/v1/vehicles/{id}/registrations'],
    ['DELETE', '/v1/drivers/d1/invitations/platform_a', 'cancelInvitation', '/v1/drivers/{id}/invitations/{platform}'],
  ])('when a request is %s %s, then it is %s (%s)', (method, path, operationId, template) => {
    expect(catalog.of(method, path)).toEqual({ operationId, template });
  });

  it.each([
    ['PUT', '/v1/vehicles/3f0c'],
    ['GET', '/v1/vehicles/3f0c/unknown'],
    ['GET', '/v1/vehicles/a/b'],
  ])('when a request is %s %s, then it names no operation', (method, path) => {
    expect(catalog.of(method, path)).toBeNull();
  });

  it('when asked about names and templates, then only the document\'s are known', () => {
    expect(catalog.has('createVehicle')).toBe(true);
    expect(catalog.has('createvehicle')).toBe(false);
    expect(catalog.isTemplate('/v1/vehicles/{id}')).toBe(true);
    expect(catalog.isTemplate('/v1/vehicles/{vehicleId}')).toBe(false);
  });
});
