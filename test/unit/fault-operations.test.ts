import { describe, expect, it } from 'vitest';
import { createOperationCatalog, samePath } from '../../server/faults/operations.ts';
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

describe('two concrete paths routed alike', () => {
  it.each([
    ['/v1/drivers/%C3%B1', '/v1/drivers/ñ', true],
    ['/v1/drivers/%c3%b1', '/V1/Drivers/%C3%B1/', true],
    ['/v1/drivers/%C3%B1', '/v1/drivers/n', false],
    // Express routes an escaped slash as part of one segment.
    ['/v1/drivers/a%2Fb', '/v1/drivers/a/b', false],
    ['/v1/drivers/a%2Fb', '/v1/drivers/a%2fb', true],
    // A malformed escape is compared as written.
    ['/v1/drivers/%E0%A4%A', '/v1/drivers/%e0%a4%a', true],
  ])('when %s and %s are compared, then same is %s', (a, b, same) => {
    expect(samePath(a, b)).toBe(same);
  });
});
